// The log's two formats: text as it has always been, and JSON lines that a collector reads one
// object at a time, with the time in RFC 3339 (UTC), the level, the event, the message, the node
// and the ids the line concerns.
#include "server/ops/log.hpp"

#include <chrono>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

namespace tortuga::log {
namespace {

using namespace std::chrono;

// 2026-03-04T05:06:07.089Z
const system_clock::time_point kTime =
    sys_days{year{2026} / 3 / 4} + hours{5} + minutes{6} + seconds{7} + milliseconds{89};

TEST_CASE("a text line is the time, the level padded, then the message") {
  CHECK(text_line(Level::info, "listening on 127.0.0.1:8080", kTime) ==
        "2026-03-04T05:06:07Z info  listening on 127.0.0.1:8080");
  CHECK(text_line(Level::error, "x", kTime) == "2026-03-04T05:06:07Z error x");
}

TEST_CASE("a JSON line is one object with the fixed fields first, then the context's") {
  const std::string line =
      json_line(Level::warn, Context("slow_client").connection(12).player(7).field("queued", 1024),
                "disconnecting a client 1024 messages behind", kTime, "deck-1");
  CHECK(line.find('\n') == std::string::npos);
  CHECK(line == R"({"time":"2026-03-04T05:06:07.089Z","level":"warn","event":"slow_client",)"
                R"("message":"disconnecting a client 1024 messages behind","node":"deck-1",)"
                R"("connection":12,"player":7,"queued":1024})");
  const auto parsed = nlohmann::json::parse(line);
  CHECK(parsed.at("level") == "warn");
  CHECK(parsed.at("connection") == 12);
}

TEST_CASE("a line without a context is the event \"log\"") {
  const auto parsed = nlohmann::json::parse(json_line(Level::info, Context(), "hi", kTime, "n"));
  CHECK(parsed.at("event") == "log");
  CHECK(parsed.at("message") == "hi");
  CHECK(parsed.size() == 5);
}

TEST_CASE("quotes, line feeds and bytes that are not UTF-8 keep a JSON line one valid object") {
  const std::string line = json_line(Level::error, Context("x").field("path", "/a\"b\nc\xff"),
                                     "bad \xc3 byte\nand a second line", kTime, "n");
  CHECK(line.find('\n') == std::string::npos);
  const auto parsed = nlohmann::json::parse(line);
  CHECK(parsed.at("message").get<std::string>().find("second line") != std::string::npos);
  CHECK(parsed.at("path").get<std::string>().rfind("/a\"b\nc", 0) == 0);
}

}  // namespace
}  // namespace tortuga::log
