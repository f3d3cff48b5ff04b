// The turn clock (option turn_clock_s, 90 by default): every question has a deadline for the
// seats it asks, and when it passes the room's timeout answers with the simplest continuation the
// rules allow (docs/games/colpaccio.md, "Turn clock"); whole matches go on to their end so.
#include "tests/rules/colpaccio/support.hpp"

using namespace colpaccio_test;

namespace {

void time_out(ColpaccioState& state) {
  play(state, tortuga::kSystem, {{"type", "timeout"}});
}

// Every audience reads the same deadline: the seconds of the clock, the seats asked.
void check_deadline(const ColpaccioState& state, int seconds) {
  const Json expected = {{"after_ms", seconds * 1000LL}, {"seats", state.actors()}};
  for (int seat = tortuga::kSpectator; seat < state.seats(); ++seat)
    CHECK(state.view(seat)["deadline"] == expected);
}

}  // namespace

TEST_CASE("the clock is an option: 90 seconds by default, 0 for none, checked like the others") {
  const Json defaults = normalized(Json::object());
  CHECK(defaults["turn_clock_s"] == 90);
  const Json schema = colpaccio().describe()["options"]["turn_clock_s"];
  CHECK(schema["type"] == "integer");
  CHECK(schema["default"] == 90);
  CHECK(schema["min"] == 0);
  CHECK(schema["max"] == 86400);
  CHECK(schema["title"].get<std::string>().find("seconds") != std::string::npos);
  CHECK(normalized({{"turn_clock_s", 0}})["turn_clock_s"] == 0);
  CHECK(normalized({{"turn_clock_s", 86400}})["turn_clock_s"] == 86400);
  for (const Json& bad : {Json(-1), Json(86401), Json(1.5), Json("90"), Json(true)}) {
    auto refused = colpaccio().normalize_options({{"turn_clock_s", bad}});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == "bad_options");
    CHECK(refused.error().message.find("turn_clock_s") != std::string::npos);
  }
  // A match stored before the option existed was played without a clock.
  CHECK((*colpaccio().normalize_stored_options({{"players", 3}}))["turn_clock_s"] == 0);
  CHECK((*colpaccio().normalize_stored_options({{"turn_clock_s", 90}}))["turn_clock_s"] == 90);
}

TEST_CASE("at the default options the first question waits 90 seconds on the first player") {
  for (int players = 1; players <= 5; ++players) {
    CAPTURE(players);
    auto state = colpaccio().new_state(normalized({{"players", players}}), Chance(players));
    const auto& match = static_cast<const ColpaccioState&>(*state);
    REQUIRE(match.deadline().has_value());
    CHECK(match.deadline()->seats == std::vector<int>{match.table().first_player});
    check_deadline(match, 90);
    CHECK(match.view(0)["turn_clock_s"] == 90);
  }
  auto unclocked = colpaccio().new_state(normalized({{"turn_clock_s", 0}}), Chance(1));
  CHECK_FALSE(unclocked->deadline().has_value());
  CHECK(unclocked->view(0)["deadline"].is_null());
  CHECK(unclocked->view(0)["turn_clock_s"] == 0);
  CHECK(refuse(*unclocked, tortuga::kSystem, {{"type", "timeout"}}).code == "illegal_action");
}

TEST_CASE("a turn out of time raids the convoy's outer card and ends, paying for nothing") {
  TurnSetup s;
  s.doubloons = 4;  // every rogue action affordable: the clock takes none of them
  s.top = s.deck.filler(4, Good::kSabres, Location::kBeach);
  s.turn_clock_s = 30;
  auto state = s.build();
  check_deadline(*state, 30);
  CHECK(state->deadline()->seats == std::vector<int>{0});
  CHECK(offers(*state, 0, raid({s.convoy[0]})));
  time_out(*state);
  CHECK(column(*state, 0, Good::kGems) == std::vector<int>{s.convoy[0]});
  CHECK(state->table().players[0].doubloons == 4);
  CHECK(state->table().players[0].turns == 1);
  CHECK(state->actors() == std::vector<int>{1});
  check_deadline(*state, 30);
  const Json log = state->view(1)["log"];
  REQUIRE(log.size() >= 3);
  CHECK(log[0] == Json{{"event", "timeout"}, {"seats", {0}}});
  CHECK(log[1]["event"] == "raid");
  CHECK(log[2] == Json{{"event", "end_turn"}, {"seat", 0}});
  // The next player raids, then lets the clock run: the turn ends, nothing paid.
  play(*state, 1, raid({state->table().convoy[0]}));
  REQUIRE(state->actors() == std::vector<int>{1});
  CHECK(offers(*state, 1, plain("end_turn")));
  time_out(*state);
  CHECK(state->table().players[1].doubloons == 4);
  CHECK(state->table().players[1].turns == 1);
  CHECK(state->actors() == std::vector<int>{0});
}

TEST_CASE("a parrot pact out of time reveals no ship, and the turn goes on") {
  TurnSetup s;
  const int first = s.deck.add(Good::kGems, Location::kInn);
  const int second = s.deck.add(Good::kFabrics, Location::kBeach);
  s.top = {first, second};
  s.doubloons = 3;
  s.turn_clock_s = 45;
  auto state = s.build();
  play(*state, 0, plain("parrot_pact"));
  REQUIRE(state->phase() == Phase::kParrotPact);
  check_deadline(*state, 45);
  CHECK(offers(*state, 0, reveal({})));
  time_out(*state);
  CHECK(state->table().players[0].ships == std::vector<int>{first, second});
  CHECK(state->view(0)["looking"].is_null());
  CHECK(state->phase() == Phase::kTurn);
  CHECK(state->actors() == std::vector<int>{0});  // the main action is still to come
  CHECK(state->view(0)["log"][0] == Json{{"event", "timeout"}, {"seats", {0}}});
  CHECK(state->view(0)["log"][1] ==
        Json{{"event", "revealed"}, {"seat", 0}, {"cards", Json::array()}});
  check_deadline(*state, 45);
}

TEST_CASE("the ghost ship out of time takes the first of each late player's goods held most") {
  Setup s(3);
  s.give(0, Good::kPistols, 1, 1);
  s.give(1, Good::kSabres, 1);
  s.give(1, Good::kGems, 1);
  s.give(2, Good::kRum, 1);
  s.give(2, Good::kFabrics, 1);
  s.table.players[0].doubloons = 0;
  s.top = {threat_entry(Threat::kGhostShip)};
  s.turn_clock_s = 20;
  auto state = s.build();
  play(*state, 0, raid({s.convoy[0]}));
  REQUIRE(state->phase() == Phase::kGhostShip);
  CHECK(state->deadline()->seats == std::vector<int>{1, 2});
  check_deadline(*state, 20);
  CHECK(state->legal_actions(1).front() == lose("gems"));
  CHECK(state->legal_actions(2).front() == lose("fabrics"));
  time_out(*state);
  CHECK(column(*state, 1, Good::kGems).empty());
  CHECK(column(*state, 1, Good::kSabres).size() == 1);
  CHECK(column(*state, 2, Good::kFabrics).empty());
  CHECK(column(*state, 2, Good::kRum).size() == 1);
  CHECK(state->phase() == Phase::kTurn);
  CHECK(state->actors() == std::vector<int>{1});
  const Json log = state->view(0)["log"];
  CHECK(log[0] == Json{{"event", "timeout"}, {"seats", {1, 2}}});
  CHECK(log[1]["event"] == "lost_good");
  CHECK(log[1]["seat"] == 1);
  CHECK(log[2]["event"] == "lost_good");
  CHECK(log[2]["seat"] == 2);
}

TEST_CASE("matches at the default clock run to their end with timeouts among the actions") {
  // Random play where, now and then, the clock runs out instead: every question asks the seats
  // the deadline names, every timeout is accepted, and the match ends and is scored.
  tortuga::Chance choices(23);
  int timeouts = 0;
  for (int players = 1; players <= 5; ++players) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      CAPTURE(players);
      CAPTURE(seed);
      auto state = colpaccio().new_state(normalized({{"players", players}}), Chance(seed));
      int steps = 0;
      for (; steps < 2000 && !state->is_over(); ++steps) {
        const auto deadline = state->deadline();
        REQUIRE(deadline.has_value());
        CHECK(deadline->after_ms == 90000);
        CHECK(deadline->seats == state->actors());
        if (choices.below(3) == 0) {
          REQUIRE_FALSE(state->apply(tortuga::kSystem, {{"type", "timeout"}}));
          ++timeouts;
          continue;
        }
        const int seat = state->actors().front();
        const Json legal = state->legal_actions(seat);
        REQUIRE_FALSE(
            state->apply(seat, legal[choices.below(static_cast<std::uint32_t>(legal.size()))]));
      }
      REQUIRE(state->is_over());
      CHECK_FALSE(state->deadline().has_value());
      CHECK(state->view(0)["deadline"].is_null());
      CHECK(state->result()["winners"].is_array());
    }
  }
  CHECK(timeouts > 100);
}
