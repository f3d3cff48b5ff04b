// The room's timer: when a view names a deadline and nobody acts in time, the room applies a
// `timeout` action, stored like any other, and everyone is patched.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"

namespace tortuga::integration {
namespace {

TEST_CASE("a turn clock that runs out makes the player to move pass, logged as a timeout") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const Table table = open_table(anne, bill, {}, {{"turn_clock_s", 1}});

  // The setup has no clock: place the pirates and choose the crews.
  play_random(table.match, {&anne, &bill}, {}, rng, 5);
  const MatchView* seen = anne.match(table.match);
  REQUIRE(seen != nullptr);
  REQUIRE(seen->view.at("phase") == "playing");
  const Json deadline = seen->view.at("deadline");
  REQUIRE(deadline.is_object());
  CHECK(deadline.at("after_ms") == 1000);
  const Json to_move = seen->view.at("to_act");
  CHECK(deadline.at("seats") == to_move);

  // Nobody moves: the clock runs out and the room passes for the player to move.
  const std::int64_t before = seen->version;
  const MatchView& after = anne.wait_version(table.match, before + 1, std::chrono::seconds(10));
  // The game shows it as that player's pass; the log keeps it as the room's timeout (below).
  CHECK(after.view.at("last_action").at("action") == Json{{"type", "pass"}});
  CHECK(Json::array({after.view.at("last_action").at("seat")}) == to_move);
  CHECK(after.view.at("to_act") != to_move);
  const auto& crews = after.view.at("crews");
  const int passes = crews.at("yellowbeards").at("passes_in_row").get<int>() +
                     crews.at("blackbeards").at("passes_in_row").get<int>();
  CHECK(passes == 1);

  // The timeout is in the stored log, as the room's own action.
  const HttpReply replay =
      http_get(server.port(), "/api/matches/" + std::to_string(table.match) + "/replay?seat=0");
  CHECK(replay.status == 403);  // a seat's view is not for anonymous readers while it runs
  const Json steps =
      anne.request({{"type", "get_replay"}, {"match", table.match}, {"seat", 0}}).at("steps");
  REQUIRE(steps.size() == static_cast<std::size_t>(before + 2));
  CHECK(steps.back().at("seat").is_null());  // the room's own action, not a seat's
  CHECK(steps.back().at("view") == after.view);
}

}  // namespace
}  // namespace tortuga::integration
