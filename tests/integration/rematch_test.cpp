// A rematch over real sockets: offered and accepted once the match is over, a new match in the
// same room with the same seats, and the earlier match left to the history.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

TEST_CASE("a rematch accepted by both players starts a new match in the same room") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne"), ben(server.port(), "ben");
  anne.hello("Anne");
  ben.hello("Ben");
  const Table table = open_table(anne, ben);
  CHECK(ben.request({{"type", "rematch"}, {"room", table.room}})["code"] == "not_over");
  auto rng = seeded_rng();
  play_random(table.match, {&anne, &ben}, {}, rng);
  REQUIRE(is_over(anne, table.match));

  const Json offered = anne.request({{"type", "rematch"}, {"room", table.room}});
  REQUIRE(offered["type"] == "room");
  CHECK(offered["room"]["rematch"]["accepted"] == Json::array({anne.player()}));
  ben.wait_for(
      [](const Json& m) {
        return m.value("type", "") == "room" && !m["room"]["rematch"].is_null();
      },
      "the offer");
  ben.send({{"type", "rematch"}, {"room", table.room}});
  std::int64_t second = 0;
  for (TestClient* c : {&anne, &ben}) {
    const Json state = c->wait_for(
        [&](const Json& m) { return m.value("type", "") == "state" && m["match"] != table.match; },
        "the new match's state");
    CHECK(state["version"] == 0);
    second = state["match"];
  }
  CHECK(second != table.match);
  // The earlier match is history now: acting on it is refused as on any finished match.
  const Json stale =
      anne.request({{"type", "action"}, {"match", table.match}, {"action", {{"type", "pass"}}}});
  CHECK(stale["code"] == "match_over");
  play_random(second, {&anne, &ben}, {}, rng, 6);
  const Json listed =
      Json::parse(http_get(server.port(), "/api/matches?player=" + std::to_string(anne.player()))
                      .body)["matches"];
  CHECK(listed.size() == 2);
}

}  // namespace
}  // namespace tortuga::integration
