// Um Rum & Ehre end to end: a person plays a whole three-player match through the server against
// a smart and a random bot while someone watches; no view they receive carries the bots' coins or
// tiles before the end, and everything is shown once it is over.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

constexpr const char* kUmRum = "um-rum-und-ehre";

// Nothing of another seat's hidden things in this view while the match runs.
void check_hidden(const Json& view, const Json& own_seat) {
  if (view.value("over", false)) return;
  CHECK_FALSE(view.contains("stack_order"));
  for (const Json& p : view.at("players")) {
    const bool mine = p.at("seat") == own_seat;
    CHECK(p.contains("coins") == mine);
    CHECK(p.contains("flag") == mine);
    CHECK(p.contains("encounters") == mine);
  }
}

TEST_CASE("a person plays Um Rum & Ehre through the server against two bots") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), sam(server.port(), "sam");
  anne.hello("Anne");
  sam.hello("Sam");

  const std::int64_t match =
      open_bot_table(anne, kUmRum, {{"players", 3}}, {"smart", "random"}, {&sam}).match;
  CHECK(anne.match(match)->view.at("game") == kUmRum);
  check_hidden(anne.match(match)->view, 0);
  check_hidden(sam.match(match)->view, nullptr);

  // Play in slices, checking the views between them.
  int mine = 0;
  while (!is_over(anne, match)) {
    mine += play_random(match, {&anne}, {&sam}, rng, 20);
    check_hidden(anne.match(match)->view, 0);
    check_hidden(sam.match(match)->view, nullptr);
  }
  const Json& view = anne.match(match)->view;
  CHECK(view.at("over") == true);
  CHECK(view.at("result").at("reason") == "score");
  CHECK(view.at("result").at("scores").size() == 3);
  CHECK(view.at("round") == 5);
  CHECK(mine > 5);
  CHECK(anne.errors().empty());
  // At the end everything is shown, to the players and the watchers alike.
  CHECK(view.at("players").at(1).contains("flag"));
  CHECK(view.at("players").at(2).contains("coins"));
  CHECK(as_public(view) == sam.match(match)->view);

  Json stored;
  eventually(
      [&] {
        stored = anne.request({{"type", "get_match"}, {"match", match}}).at("match");
        return stored.at("status") != "running";
      },
      "the match stored as finished");
  CHECK(stored.at("status") == "finished");
  CHECK(stored.at("result") == view.at("result"));
}

TEST_CASE("Um Rum & Ehre: the decision clock moves on for a player who walks away") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const std::int64_t match =
      open_bot_table(anne, kUmRum, {{"players", 2}, {"decision_s", 1}}, {"smart"}).match;
  const MatchView& first = anne.wait_version(match, 0);
  REQUIRE(first.view.at("to_act") == Json::array({0}));
  CHECK(first.view.at("deadline").at("after_ms") == 1000);
  CHECK(first.view.at("deadline").at("seats") == Json::array({0}));

  // Anne does nothing: after a second the room boards her crew, her turn's default answer.
  const MatchView& after = anne.wait_version(match, 1, std::chrono::seconds(10));
  CHECK(after.view.at("events").at(0) ==
        Json{{"event", "timeout"}, {"seat", 0}, {"action", {{"type", "board"}}}});
  CHECK(after.view.at("players").at(0).at("done") == true);
  CHECK(after.view.at("ship").at("rows").at(1).at("crew") == 0);
  CHECK(after.view.at("ship").at("rows").at(1).at("left") == 10);
}

}  // namespace
}  // namespace tortuga::integration
