// The views: everything is public, so each seat and the spectators see the same board, drawn as
// a list of ships with cells, the play area, the pirates, the crews and their counts; and the
// turn clock, which makes the player who runs out of time pass.
#include <set>
#include <string>

#include "tests/rules/raft_and_scupper/support.hpp"

using namespace raft_and_scupper_test;

namespace {

Json without_common(Json view) {
  for (const char* key : {"seat", "legal", "legal_by_seat"}) view.erase(key);
  return view;
}

}  // namespace

TEST_CASE("every seat and the spectators see the same public board") {
  auto options = raft_and_scupper().normalize_options(Json::object());
  REQUIRE(options.ok());
  auto state = raft_and_scupper().new_state(*options, Chance(21));
  Chance rng(4);
  tortuga::RandomBot bot;
  for (int step = 0; step < 40 && !state->is_over(); ++step) {
    const Json spectator = state->spectator_view();
    CHECK(without_common(state->view(0)) == without_common(spectator));
    CHECK(without_common(state->view(1)) == without_common(spectator));
    CHECK(without_common(state->full_view()) == without_common(spectator));
    CHECK(spectator["legal"].empty());
    const int seat = mover(*state);
    CHECK(state->view(seat)["legal"] == state->legal_actions(seat));
    CHECK(state->view(1 - seat)["legal"].empty());
    play(*state, bot.choose(*state, seat, rng));
  }
}

TEST_CASE("last_action repeats each accepted action as it was sent, from the setup to the end") {
  const std::set<std::string> all{"switch_pair", "place_pirate", "choose_crew", "jump",
                                  "sail",        "scupper",      "pass"};
  std::set<std::string> seen;
  // Matches are played until every kind of action has been seen: a deal that needs switching is
  // the rare one, likelier in the short game.
  for (std::uint64_t seed = 0; seed < 400 && seen != all; ++seed) {
    auto options = raft_and_scupper().normalize_options(Json{{"short_game", seed % 2 == 1}});
    REQUIRE(options.ok());
    auto state = raft_and_scupper().new_state(*options, Chance(seed));
    Chance rng(seed + 1000);
    tortuga::RandomBot bot;
    while (!state->is_over()) {
      const int seat = mover(*state);
      const Json action = bot.choose(*state, seat, rng);
      play(*state, action);
      seen.insert(action["type"].get<std::string>());
      REQUIRE(state->view(1 - seat)["last_action"] == Json{{"seat", seat}, {"action", action}});
    }
  }
  CHECK(seen == all);
}

TEST_CASE("a view lists the ships, the play area, the pirates and the crews") {
  auto position = position_from_diagram({".   .   .   .",  //
                                         ".   Gs  Sr3 .",  //
                                         "Sr1 Gr0 Ss2 ."});
  REQUIRE(position.ok());
  position->to_move = Crew::kBlackbeards;
  position->scuppered_since = {0, 2};
  position->scuppered_total = {1, 2};
  position->last_scupperer = static_cast<std::int8_t>(Crew::kBlackbeards);
  auto state = RaftAndScupperState::in_play(*position, 1);
  const Json view = state->view(0);
  CHECK(view["game"] == "raft-and-scupper");
  CHECK(view["phase"] == "playing");
  CHECK(view["board"] == Json{{"width", 4}, {"height", 3}});
  CHECK(view["area"] == Json{{"x", 0}, {"y", 1}, {"width", 3}, {"height", 2}});
  CHECK(view["ships"][0] == Json{{"id", 1},
                                 {"cell", at(1, 1)},
                                 {"cargo", "gold"},
                                 {"rigging", "square"},
                                 {"pirate", nullptr},
                                 {"pirate_id", nullptr}});
  CHECK(view["ships"][3] == Json{{"id", 4},
                                 {"cell", at(1, 2)},
                                 {"cargo", "gold"},
                                 {"rigging", "round"},
                                 {"pirate", "yellowbeard"},
                                 {"pirate_id", 0}});
  CHECK(view["pirates"][3] ==
        Json{{"id", 3}, {"figure", "blackbeard"}, {"crew", "blackbeards"}, {"cell", at(2, 1)}});
  CHECK(view["turn"] == "blackbeards");
  CHECK(view["to_act"] == Json::array({0}));  // seat 1 plays the Yellowbeards here
  CHECK(view["crews"]["blackbeards"]["seat"] == 0);
  CHECK(view["crews"]["blackbeards"]["scuppered_since"] == 2);
  CHECK(view["crews"]["blackbeards"]["scuppered_total"] == 2);
  CHECK(view["crews"]["yellowbeards"]["scuppered_total"] == 1);
  CHECK(view["crews"]["blackbeards"]["favours"] == Json::array({"spice", "square"}));
  CHECK(view["crews"]["yellowbeards"]["flotillas"] == Json{{"gold", 1}, {"round", 2}});
  CHECK(view["last_scupper"] == "blackbeards");
  CHECK(view["seats"][0] ==
        Json{{"seat", 0}, {"crew", "blackbeards"}, {"setup_role", "places_pirates"}});
  CHECK(view["last_action"] == nullptr);
  CHECK(view["deadline"] == nullptr);
}

TEST_CASE("the turn clock waits on the player to move and makes them pass") {
  auto position = position_from_diagram({".   Gs  .",   //
                                         "Sr  Gr0 Ss",  //
                                         ".   Ss2 Gr1"});
  REQUIRE(position.ok());
  auto state = RaftAndScupperState::in_play(*position, 0, 30);
  const Json view = state->view(0);
  CHECK(view["deadline"] == Json{{"after_ms", 30000}, {"seats", {0}}});
  CHECK(view["turn_clock_s"] == 30);
  CHECK_FALSE(state->apply(tortuga::kSystem, {{"type", "timeout"}}));
  CHECK(state->actors() == std::vector<int>{1});
  CHECK(state->view(1)["crews"]["yellowbeards"]["passes_in_row"] == 1);
  CHECK(state->view(1)["last_action"] == Json{{"seat", 0}, {"action", pass()}, {"timeout", true}});
  CHECK(state->deadline()->seats == std::vector<int>{1});
  // A second timeout is the second pass in turn: vengeance.
  CHECK_FALSE(state->apply(tortuga::kSystem, {{"type", "timeout"}}));
  CHECK(state->is_over());
  CHECK(state->result()["detail"]["trigger"] == "both_passed");
  CHECK(state->view(0)["deadline"] == nullptr);
}

TEST_CASE("the turn clock runs only once the pirates are at sea") {
  auto options = raft_and_scupper().normalize_options({{"turn_clock_s", 20}});
  REQUIRE(options.ok());
  auto state = raft_and_scupper().new_state(*options, Chance(2));
  CHECK_FALSE(state->deadline().has_value());
  CHECK(state->apply(tortuga::kSystem, {{"type", "timeout"}})->code == "illegal_action");
}

TEST_CASE("at the default options every turn at sea waits a minute on the player to move") {
  auto options = raft_and_scupper().normalize_options(Json::object());
  REQUIRE(options.ok());
  auto state = raft_and_scupper().new_state(*options, Chance(4));
  int turns_at_sea = 0;
  for (int step = 0; step < 400 && !state->is_over(); ++step) {
    const int seat = state->actors().front();
    const Json view = state->view(1 - seat);  // the other player sees whom the clock waits on
    if (view["phase"] == "playing") {
      ++turns_at_sea;
      CHECK(view["deadline"] == Json{{"after_ms", 60000}, {"seats", {seat}}});
      CHECK(state->view(seat)["deadline"] == view["deadline"]);
    } else {
      CHECK(view["deadline"] == nullptr);
    }
    REQUIRE_FALSE(state->apply(seat, state->legal_actions(seat).front()));
  }
  CHECK(turns_at_sea > 0);
  if (state->is_over()) CHECK(state->view(0)["deadline"] == nullptr);
}

TEST_CASE("the game describes itself and its options") {
  const Json described = raft_and_scupper().describe();
  CHECK(described["id"] == "raft-and-scupper");
  CHECK(described["name"] == "Raft & Scupper");
  CHECK(described["min_players"] == 2);
  CHECK(described["max_players"] == 2);
  for (const char* option : {"short_game", "layout", "turn_clock_s", "players"})
    CHECK(described["options"].contains(option));
}

TEST_CASE("flotillas are counted as the flotillas a pirate jumps within, all through random play") {
  // The count (views, rafting up) against the flood fill that jumps use, on every position of
  // random matches, scuppered ships and sailed ones included.
  tortuga::Chance choices(11);
  const RaftAndScupperGame game;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto state = game.new_state(*game.normalize_options({{"short_game", seed % 2 == 0}}),
                                tortuga::Chance(seed));
    for (int step = 0; step < 400 && !state->is_over(); ++step) {
      const auto& raft = dynamic_cast<const RaftAndScupperState&>(*state);
      const Board& board = raft.position().board;
      const auto counts = board.flotilla_counts();
      for (Trait trait : kAllTraits) {
        ShipSet seen = 0;
        int flotillas = 0;
        for (int id = 1; id <= board.max_id(); ++id) {
          const Cell cell = board.cell_of(id);
          if (cell == kNoCell || (seen >> id & 1) || !has_trait(board.kind_of(id), trait)) continue;
          seen |= board.flotilla(cell, trait);
          ++flotillas;
        }
        INFO("seed " << seed << " step " << step << " trait " << trait_name(trait));
        CHECK(counts[static_cast<int>(trait)] == flotillas);
        CHECK(board.flotilla_count(trait) == flotillas);
        CHECK((board.rafted_bits() >> static_cast<int>(trait) & 1) == (flotillas == 1));
      }
      const int seat = state->actors().front();
      const Json legal = state->legal_actions(seat);
      REQUIRE(!legal.empty());
      REQUIRE(!state->apply(seat, legal[choices.below(static_cast<std::uint32_t>(legal.size()))]));
    }
  }
}
