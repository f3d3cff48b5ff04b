#include "server/log.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>

namespace tortuga::log {
namespace {

std::atomic<int> current{static_cast<int>(Level::info)};
const char* const kNames[] = {"error", "warn", "info", "debug"};

}  // namespace

void set_level(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kNames[i]) current = i;
}

bool enabled(Level level) {
  return static_cast<int>(level) <= current.load();
}

void write(Level level, const std::string& line) {
  auto now = std::chrono::system_clock::now();
  std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
  // One fprintf per line keeps lines whole when several threads log at once.
  std::fprintf(stderr, "%s %-5s %s\n", stamp, kNames[static_cast<int>(level)], line.c_str());
}

}  // namespace tortuga::log
