// With --log-format json every line the server writes is one JSON object with the time (RFC 3339,
// UTC), level, event, message and node, the ids where a line concerns a room, a match or a
// connection, and an access line per HTTP request that never repeats the request's query.
#include <csignal>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

std::vector<Json> json_lines(const std::string& log) {
  std::vector<Json> lines;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    CAPTURE(line);
    Json parsed = Json::parse(line, nullptr, false);
    REQUIRE_FALSE(parsed.is_discarded());
    REQUIRE(parsed.is_object());
    lines.push_back(std::move(parsed));
  }
  return lines;
}

// The access line of the request for `path`; a line is written once its answer is, so that two
// requests' lines may come in either order.
Json access_line(const std::vector<Json>& lines, const std::string& path) {
  for (const Json& line : lines)
    if (line.at("event") == "http_request" && line.at("path") == path) return line;
  FAIL("no access line for " << path);
  return nullptr;
}

std::vector<Json> with_event(const std::vector<Json>& lines, const std::string& event) {
  std::vector<Json> found;
  for (const Json& line : lines)
    if (line.at("event") == event) found.push_back(line);
  return found;
}

TEST_CASE("--log-format json writes one object per line, with ids and an access line") {
  TempDir dir;
  std::vector<std::string> flags = fast_play_config(dir.path());
  flags.insert(flags.end(), {"--log-format", "json"});
  ServerProcess server(dir / "tortuga.db", dir.path(), flags);
  CHECK(http_get(server.port(), "/api/matches?player=1&secret=hush").status == 200);
  CHECK(http_get(server.port(), "/no-such-file").status == 404);

  auto rng = seeded_rng();
  std::int64_t match = 0;
  {
    TestClient anne(server.port(), "anne");
    anne.hello("Anne");
    const Table table = open_bot_table(anne, kRaft, Json::object(), {"random"});
    match = table.match;
    play_random(match, {&anne}, {}, rng);
  }
  CHECK(server.stop(SIGTERM) == 0);

  const std::vector<Json> lines = json_lines(server.log());
  REQUIRE(lines.size() >= 6);
  const std::regex rfc3339(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");
  for (const Json& line : lines) {
    CAPTURE(line.dump());
    CHECK(std::regex_match(line.at("time").get<std::string>(), rfc3339));
    const std::string level = line.at("level");
    CHECK((level == "error" || level == "warn" || level == "info" || level == "debug"));
    CHECK(!line.at("event").get<std::string>().empty());
    CHECK(line.at("message").is_string());
    CHECK(line.at("node").is_string());
  }

  CHECK(with_event(lines, "http_request").size() == 3);  // two GETs and the WebSocket's upgrade
  const Json list = access_line(lines, "/api/matches");
  CHECK(list.at("method") == "GET");
  CHECK(list.at("status") == 200);
  CHECK(list.at("bytes").get<int>() > 0);
  CHECK(list.at("duration_ms").get<double>() >= 0);
  CHECK(list.at("connection").is_number_integer());
  CHECK(access_line(lines, "/no-such-file").at("status") == 404);
  const Json upgrade = access_line(lines, "/ws");
  CHECK(upgrade.at("status") == 101);
  CHECK(upgrade.at("connection") != list.at("connection"));
  CHECK(server.log().find("hush") == std::string::npos);

  const auto started = with_event(lines, "match_started");
  REQUIRE(started.size() == 1);
  CHECK(started[0].at("match") == match);
  CHECK(started[0].at("room").is_number_integer());
  CHECK(started[0].at("game") == kRaft);
  const auto over = with_event(lines, "match_over");
  REQUIRE(over.size() == 1);
  CHECK(over[0].at("match") == match);
  CHECK(over[0].at("room") == started[0].at("room"));
  CHECK(with_event(lines, "listening").size() == 1);
  CHECK(with_event(lines, "stopped").size() == 1);
}

TEST_CASE("the text format stays the default") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  CHECK(http_get(server.port(), "/healthz").status == 200);
  // The access line is written once the answer's write completes, which may come after the
  // client has read it: wait for it rather than stop the server first.
  eventually([&] { return server.log().find("GET /healthz 200") != std::string::npos; },
             "the access line");
  CHECK(server.stop(SIGTERM) == 0);
  std::istringstream in(server.log());
  int lines = 0;
  for (std::string line; std::getline(in, line); ++lines) {
    CAPTURE(line);
    CHECK(std::regex_match(
        line, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ (error|warn |info |debug) .+)")));
  }
  CHECK(lines >= 3);
  CHECK(server.log().find("GET /healthz 200") != std::string::npos);
}

}  // namespace
}  // namespace tortuga::integration
