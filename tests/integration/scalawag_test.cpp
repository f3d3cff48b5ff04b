// Scalawag! through the server: a person plays a whole match against three bots, challenge
// windows close by the room's timer when the person keeps silent, and no view the person or a
// spectator receives holds another captain's hand.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/rules/scalawag/leaks.hpp"

namespace tortuga::integration {
namespace {

using scalawag_test::keys_named;

bool waits_only_on(const Json& view, int seat) {
  return view.at("phase") == "window" && view.at("claim").at("waiting") == Json::array({seat});
}

// One whole match: Anne in seat 0 against three bots, Sam watching. True when, once, Anne was left
// alone in a challenge window and the room's timer closed it.
bool play_one_match(TestClient& anne, TestClient& sam, std::mt19937_64& rng) {
  const std::int64_t match = open_bot_table(anne, "scalawag", {{"players", 4}, {"window_s", 1}},
                                            {"smart", "random", "smart"}, {&sam})
                                 .match;

  // Anne acts whenever her view offers something, at random; once, left alone in a challenge
  // window, she keeps silent and the room's timer closes it.
  bool waited_out = false;
  int mine = 0;
  for (int guard = 0; guard < 20000 && !is_over(anne, match); ++guard) {
    const MatchView& m = *anne.match(match);
    const std::int64_t version = m.version;
    const Json legal = m.view.at("legal");
    if (legal.empty()) {
      anne.wait_version(match, version + 1);
      continue;
    }
    if (!waited_out && m.view.at("phase") == "window") {
      // Let the bots speak first; if they all decline, stay silent until the time is up.
      anne.wait_until(
          [&] {
            const Json& v = anne.match(match)->view;
            return v.at("phase") != "window" || waits_only_on(v, 0);
          },
          "the bots' answers to a claim");
      const MatchView& now = *anne.match(match);
      if (waits_only_on(now.view, 0)) {
        const std::int64_t silent = now.version;
        const MatchView& after = anne.wait_version(match, silent + 1, std::chrono::seconds(10));
        bool timed_out = false;
        for (const Json& event : after.view.at("log"))
          timed_out = timed_out || event.at("event") == "window_timeout";
        CHECK(timed_out);
        waited_out = true;
      }
      continue;
    }
    const Json action = legal[rng() % legal.size()];
    // Another seat or the timer may get in first only when the view says they could act too.
    const bool contested = m.view.at("to_act").size() > 1 || !m.view.at("deadline").is_null();
    const std::size_t errors = anne.errors().size();
    anne.send({{"type", "action"}, {"match", match}, {"action", action}});
    // Done when refused, or when a version after `version` shows her action applied.
    auto applied = [&] {
      for (auto it = anne.match(match)->history.upper_bound(version);
           it != anne.match(match)->history.end(); ++it)
        if (const Json& last = it->second.at("last_action");
            last.is_object() && last.at("seat") == 0)
          return true;
      return false;
    };
    anne.wait_until([&] { return applied() || anne.errors().size() > errors; },
                    "the answer to " + action.dump());
    if (anne.errors().size() > errors) {
      // Then hers came too late, as docs/protocol.md allows: she chooses again.
      const Json& error = anne.errors().back();
      CHECK_MESSAGE(contested, error.dump());
      CHECK((error.at("code") == "not_your_turn" || error.at("code") == "illegal_action"));
      anne.wait_version(match, version + 1);
    } else {
      ++mine;
    }
  }
  REQUIRE(is_over(anne, match));
  const MatchView& end = *anne.match(match);
  CHECK(end.view.at("result").at("winners").size() == 1);
  CHECK(mine > 0);
  sam.wait_version(match, end.version);

  // What each of them received: Anne's own hand only, and no hand at all for the spectator.
  for (const auto& [version, view] : anne.match(match)->history) {
    CHECK(keys_named(view, "hand") == 1);
    CHECK(keys_named(view, "allegiance") == 1);
    CHECK(view.at("you").at("hand").is_array());
  }
  for (const auto& [version, view] : sam.match(match)->history) {
    CHECK(keys_named(view, "hand") == 0);
    CHECK(keys_named(view, "allegiance") == 0);
  }

  Json stored;
  eventually(
      [&] {
        stored = anne.request({{"type", "get_match"}, {"match", match}}).at("match");
        return stored.at("status") != "running";
      },
      "the match stored as finished");
  CHECK(stored.at("result") == end.view.at("result"));
  return waited_out;
}

TEST_CASE("a person plays a whole match of Scalawag! against bots") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), sam(server.port(), "sam");
  anne.hello("Anne");
  sam.hello("Sam");
  anne.record_history();
  sam.record_history();
  // Whether every bot declines a claim while Anne still sails is up to the bots' dice: when she
  // sinks before it happens, another match gives the timer its turn.
  bool waited_out = false;
  for (int matches = 0; matches < 6 && !waited_out; ++matches)
    waited_out = play_one_match(anne, sam, rng);
  CHECK(waited_out);
}

}  // namespace
}  // namespace tortuga::integration
