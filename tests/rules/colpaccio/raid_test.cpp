// The main actions: raiding one good with its prize, or two or three adjacent goods that are
// identical or share a location (no prizes, the third costs a doubloon); the columns of goods;
// the refill of the convoy; one main action per turn; malformed and forbidden actions.
#include "tests/rules/colpaccio/support.hpp"

using namespace colpaccio_test;

TEST_CASE("raiding one good takes its doubloons") {
  TurnSetup s;
  const int one = s.deck.add(Good::kGems, Location::kInn, Prize::kDoubloon);
  const int two = s.deck.add(Good::kRum, Location::kDock, Prize::kTwoDoubloons, true);
  s.convoy = {one, two};
  s.top = s.deck.filler(3, Good::kPistols, Location::kBeach);
  auto state = s.build();
  play(*state, 0, raid({two}));
  CHECK(state->table().players[0].doubloons == 3);
  CHECK(column(*state, 0, Good::kRum) == std::vector<int>{two});
  const Json view = state->view(1);
  CHECK(view["players"][0]["goods"]["rum"][0] == card_json(state->deck(), two));
  CHECK(view["players"][0]["cannonballs"] == 1);
  CHECK(view["log"][0] == Json{{"event", "raid"},
                               {"seat", 0},
                               {"cards", {card_json(state->deck(), two)}},
                               {"prize", "two_doubloons"}});
  // Three doubloons pay for a rogue action, so the turn waits for one or for end_turn.
  CHECK(state->actors() == std::vector<int>{0});
  play(*state, 0, plain("end_turn"));
  // The log says who ended the turn, before whatever followed it.
  CHECK(state->view(1)["log"][0] == Json{{"event", "end_turn"}, {"seat", 0}});
  play(*state, 1, raid({one}));
  CHECK(state->table().players[1].doubloons == 2);
}

TEST_CASE("raiding one good with a ship takes the top ship face down, unseen even by its owner") {
  TurnSetup s;
  const int ship_prize = s.deck.add(Good::kSabres, Location::kInn, Prize::kShip);
  const int other = s.deck.add(Good::kGems, Location::kDock);
  const int hidden = s.deck.add(Good::kSilverware, Location::kBeach, Prize::kNone, true);
  s.convoy = {ship_prize, other};
  s.top = {hidden};
  s.doubloons = 0;
  auto state = s.build();
  play(*state, 0, raid({ship_prize}));
  CHECK(state->table().players[0].ships == std::vector<int>{hidden});
  for (int seat : {0, 1, tortuga::kSpectator}) {
    const Json view = state->view(seat);
    CHECK(view["players"][0]["ships"] == 1);
    CHECK(view["players"][0]["cannonballs"] == 0);  // a ship's cannonball is not visible
    CHECK(view.dump().find("\"id\":" + std::to_string(hidden) + ",") == std::string::npos);
  }
  CHECK(state->full_view()["players"][0]["ship_cards"][0]["id"] == hidden);
}

TEST_CASE("raiding one good with a spyglass shows the set-aside threat to that player only") {
  TurnSetup s;
  const int spyglass = s.deck.add(Good::kFabrics, Location::kTower, Prize::kSpyglass);
  s.convoy = {spyglass, s.deck.add(Good::kGems, Location::kDock)};
  s.top = s.deck.filler(2);
  auto state = s.build();
  CHECK(state->view(0)["threats"]["set_aside"].is_null());
  play(*state, 0, raid({spyglass}));
  CHECK(state->view(0)["threats"]["set_aside"] == "ghost_ship");
  CHECK(state->view(0)["players"][0]["spyglass"] == true);
  CHECK(state->view(1)["threats"]["set_aside"].is_null());
  CHECK(state->spectator_view()["threats"]["set_aside"].is_null());
}

TEST_CASE("raiding two or three adjacent goods: identical or of one location, no prizes") {
  TurnSetup s;
  const int a = s.deck.add(Good::kSabres, Location::kInn, Prize::kTwoDoubloons);
  const int b = s.deck.add(Good::kSabres, Location::kDock, Prize::kShip, true);
  const int c = s.deck.add(Good::kSabres, Location::kBeach, Prize::kSpyglass);
  const int d = s.deck.add(Good::kGems, Location::kBeach);
  const int e = s.deck.add(Good::kRum, Location::kBeach);
  s.convoy = {a, b, c, d, e};
  s.top = s.deck.filler(5);
  auto state = s.build();
  for (const auto& group : std::vector<std::vector<int>>{
           {a}, {b}, {e}, {a, b}, {b, c}, {c, d}, {d, e}, {a, b, c}, {c, d, e}})
    CHECK_MESSAGE(offers(*state, 0, raid(group)), raid(group).dump());
  CHECK_FALSE(offers(*state, 0, raid({a, c})));
  CHECK_FALSE(offers(*state, 0, raid({b, c, d})));
  check_illegal(*state, 0, raid({a, c}), "adjacent");
  check_illegal(*state, 0, raid({b, c, d}), "identical or come from the same location");
  check_illegal(*state, 0, raid({a, 999}), "card 999 is not in the convoy");

  play(*state, 0, raid({c, a, b}));  // any order names the same goods
  const Area& mine = state->table().players[0];
  CHECK(mine.columns[index(Good::kSabres)] == std::vector<int>{a, b, c});
  CHECK(mine.doubloons == 0);  // the third good's doubloon, and no prize
  CHECK(mine.ships.empty());
  CHECK_FALSE(mine.looked);
  CHECK(state->view(1)["players"][0]["cannonballs"] == 1);
}

TEST_CASE("the third good costs a doubloon: without one, two at most") {
  TurnSetup s;
  const int a = s.deck.add(Good::kPistols, Location::kInn);
  const int b = s.deck.add(Good::kPistols, Location::kInn);
  const int c = s.deck.add(Good::kPistols, Location::kInn);
  s.convoy = {a, b, c};
  s.top = s.deck.filler(5);
  s.doubloons = 0;
  auto state = s.build();
  CHECK(offers(*state, 0, raid({a, b})));
  CHECK_FALSE(offers(*state, 0, raid({a, b, c})));
  check_illegal(*state, 0, raid({a, b, c}), "the third good costs a doubloon");
}

TEST_CASE(
    "the convoy is refilled: the goods left slide to the outer end, new ones join by the deck") {
  TurnSetup s;
  std::vector<int> line;
  for (Good good : {Good::kGems, Good::kRum, Good::kSabres, Good::kFabrics, Good::kPistols})
    line.push_back(s.deck.add(good, static_cast<Location>(line.size() % 4)));
  s.convoy = line;
  const int next = s.deck.add(Good::kSilverware, Location::kDock);
  const int after = s.deck.add(Good::kSilverware, Location::kTower);
  s.top = {next, after};
  s.doubloons = 0;
  auto state = s.build();
  play(*state, 0, raid({line[2]}));  // nothing affordable after it: the turn ends by itself
  CHECK(state->actors() == std::vector<int>{1});
  CHECK(state->table().convoy == std::vector<int>{line[0], line[1], line[3], line[4], next});
  CHECK(state->table().pile.back() == after);
  CHECK(state->table().players[0].turns == 1);
}

TEST_CASE("exactly one main action a turn, and none may be skipped") {
  TurnSetup s;
  s.convoy = s.deck.filler(5, Good::kGems, Location::kDock);
  s.top = s.deck.filler(5);
  s.doubloons = 2;  // enough for a secret chest, so the turn waits after the raid
  auto state = s.build();
  CHECK_FALSE(offers(*state, 0, plain("end_turn")));
  check_illegal(*state, 0, plain("end_turn"), "make your main action first");
  play(*state, 0, raid({s.convoy[0]}));
  CHECK(state->actors() == std::vector<int>{0});
  CHECK(state->view(0)["this_turn"]["main_action_done"] == true);
  for (const Json& action : state->legal_actions(0)) CHECK(action["type"] != "raid");
  check_illegal(*state, 0, raid({s.convoy[1]}), "you have made your main action this turn");
  CHECK(offers(*state, 0, plain("end_turn")));
  play(*state, 0, plain("end_turn"));
  CHECK(state->actors() == std::vector<int>{1});
  CHECK(state->view(1)["this_turn"]["main_action_done"] == false);
}

TEST_CASE("malformed actions and actions out of turn are refused with precise messages") {
  TurnSetup s;
  s.convoy = s.deck.filler(5, Good::kGems, Location::kDock);
  s.top = s.deck.filler(5);
  auto state = s.build();
  const int card = s.convoy[0];
  check_malformed(*state, 0, plain("board"), "unknown action type \"board\"");
  check_malformed(*state, 0, {{"type", "raid"}}, "missing \"cards\"");
  check_malformed(*state, 0, {{"type", "raid"}, {"cards", {card}}, {"x", 1}},
                  "unexpected field \"x\"");
  check_malformed(*state, 0, {{"type", "raid"}, {"cards", card}}, "must be an array of 1 to 3");
  check_malformed(*state, 0, raid({}), "must be an array of 1 to 3");
  check_malformed(*state, 0, raid({1, 2, 3, 4}), "must be an array of 1 to 3");
  check_malformed(*state, 0, {{"type", "raid"}, {"cards", {"one"}}},
                  "\"cards\" must be an array of 1 to 3 integers");
  check_malformed(*state, 0, raid({card, card}),
                  "\"cards\" names " + std::to_string(card) + " twice");
  check_malformed(*state, 0, {{"type", "lose_good"}, {"good", "gold"}},
                  "\"good\" must be one of \"gems\", \"silverware\"");
  check_malformed(*state, 0, {{"type", "end_turn"}, {"now", true}}, "unexpected field \"now\"");
  check_illegal(*state, 0, lose("gems"), "the ghost ship is not asking");
  check_illegal(*state, 0, reveal({}), "reveal_ships follows a parrot pact");
  const Error error = refuse(*state, 1, raid({card}));
  CHECK(error.code == "not_your_turn");
}
