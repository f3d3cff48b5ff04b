// A small leveled logger to stderr. Log lines carry ids, codes and sizes, never a player's hidden
// cards or tokens.
#pragma once

#include <sstream>
#include <string>

namespace tortuga::log {

enum class Level { error = 0, warn = 1, info = 2, debug = 3 };

void set_level(const std::string& name);  // unknown names leave the level as it is
bool enabled(Level level);
void write(Level level, const std::string& line);

}  // namespace tortuga::log

#define TORTUGA_LOG(level, expr)                                                   \
  do {                                                                             \
    if (::tortuga::log::enabled(::tortuga::log::Level::level)) {                   \
      std::ostringstream tortuga_log_line;                                         \
      tortuga_log_line << expr;                                                    \
      ::tortuga::log::write(::tortuga::log::Level::level, tortuga_log_line.str()); \
    }                                                                              \
  } while (0)
