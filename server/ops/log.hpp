// A small leveled logger to stderr. Log lines carry ids, codes and sizes, never a player's hidden
// cards or tokens.
//
// Two formats. Text (the default) is for people: the time, the level and the message. JSON is for
// log collectors: one object per line with time (RFC 3339, UTC), level, event, message and node,
// then the ids the line is about (room, match, player, connection) and any other fields its
// Context gives.
#pragma once

#include <chrono>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga::log {

enum class Level { error = 0, warn = 1, info = 2, debug = 3 };
enum class Format { text, json };

void set_level(const std::string& name);  // unknown names leave the level as it is
bool enabled(Level level);
void set_format(Format format);
// The name of this server in JSON lines ("node"); empty: the host's name.
void set_node(const std::string& node);

// What a line is about: an event name that a collector can match on, the ids it concerns and any
// other fields, in the order given. Built only when the line's level is enabled.
class Context {
 public:
  explicit Context(const char* event = "log") : event_(event) {}
  Context& room(std::int64_t id) { return field("room", id); }
  Context& match(std::int64_t id) { return field("match", id); }
  Context& player(std::int64_t id) { return field("player", id); }
  Context& connection(std::uint64_t id) { return field("connection", id); }
  Context& field(const char* key, nlohmann::json value) {
    fields_.emplace_back(key, std::move(value));
    return *this;
  }

  const char* event() const { return event_; }
  const std::vector<std::pair<const char*, nlohmann::json>>& fields() const { return fields_; }

 private:
  const char* event_;
  std::vector<std::pair<const char*, nlohmann::json>> fields_;
};

void write(Level level, const Context& context, const std::string& message);
inline void write(Level level, const std::string& message) {
  write(level, Context(), message);
}

// One line as each format writes it, without its line feed; for write and for tests.
std::string text_line(Level level, std::string_view message,
                      std::chrono::system_clock::time_point time);
std::string json_line(Level level, const Context& context, std::string_view message,
                      std::chrono::system_clock::time_point time, const std::string& node);

}  // namespace tortuga::log

#define TORTUGA_LOG(level, expr) TORTUGA_LOG_AT(level, ::tortuga::log::Context(), expr)

// `context` is a log::Context, e.g. log::Context("match_over").room(id_).match(match_).
#define TORTUGA_LOG_AT(level, context, expr)                                                \
  do {                                                                                      \
    if (::tortuga::log::enabled(::tortuga::log::Level::level)) {                            \
      std::ostringstream tortuga_log_line;                                                  \
      tortuga_log_line << expr;                                                             \
      ::tortuga::log::write(::tortuga::log::Level::level, context, tortuga_log_line.str()); \
    }                                                                                       \
  } while (0)
