#include "server/ops/log.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace tortuga::log {
namespace {

std::atomic<int> current{static_cast<int>(Level::info)};
std::atomic<Format> format{Format::text};
const char* const kNames[] = {"error", "warn", "info", "debug"};

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "";
  return name;
}

std::mutex node_mutex;
std::string node_name = host_name();

std::string node() {
  std::lock_guard lock(node_mutex);
  return node_name;
}

// `with_millis`: 2026-01-02T03:04:05.678Z, else to the second as the text format has always been.
std::string stamp(std::chrono::system_clock::time_point time, bool with_millis) {
  using namespace std::chrono;
  const std::time_t t = system_clock::to_time_t(time);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char out[40];
  const std::size_t n = std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%S", &tm);
  if (!with_millis) return std::string(out, n) + "Z";
  const auto millis = duration_cast<milliseconds>(time.time_since_epoch()).count() % 1000;
  std::snprintf(out + n, sizeof out - n, ".%03dZ", static_cast<int>(millis));
  return out;
}

}  // namespace

void set_level(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kNames[i]) current = i;
}

bool enabled(Level level) {
  return static_cast<int>(level) <= current.load();
}

void set_format(Format f) {
  format = f;
}

void set_node(const std::string& name) {
  std::lock_guard lock(node_mutex);
  node_name = name.empty() ? host_name() : name;
}

std::string text_line(Level level, std::string_view message,
                      std::chrono::system_clock::time_point time) {
  char prefix[48];
  std::snprintf(prefix, sizeof prefix, "%s %-5s ", stamp(time, false).c_str(),
                kNames[static_cast<int>(level)]);
  return prefix + std::string(message);
}

std::string json_line(Level level, const Context& context, std::string_view message,
                      std::chrono::system_clock::time_point time, const std::string& node) {
  nlohmann::ordered_json line = {{"time", stamp(time, true)},
                                 {"level", kNames[static_cast<int>(level)]},
                                 {"event", context.event()},
                                 {"message", message},
                                 {"node", node}};
  for (const auto& [key, value] : context.fields()) line[key] = value;
  // A name or a path a client chose may hold bytes that are not UTF-8: replaced, not thrown.
  return line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

void write(Level level, const Context& context, const std::string& message) {
  const auto now = std::chrono::system_clock::now();
  const std::string line = format.load() == Format::json
                               ? json_line(level, context, message, now, node())
                               : text_line(level, message, now);
  // One fprintf per line keeps lines whole when several threads log at once.
  std::fprintf(stderr, "%s\n", line.c_str());
}

}  // namespace tortuga::log
