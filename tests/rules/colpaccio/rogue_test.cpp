// The rogue actions, once a turn, before or after the main action, when affordable: the secret
// chest (2), the parrot pact (3) and the letter of marque (4); the doubloons go to the reserve.
#include "tests/rules/colpaccio/support.hpp"

using namespace colpaccio_test;

TEST_CASE("secret chest: 2 doubloons for the top ship, revealed into the play area") {
  TurnSetup s;
  const int chest = s.deck.add(Good::kSilverware, Location::kInn, Prize::kShip, true);
  s.top = {chest};
  s.doubloons = 3;
  auto state = s.build();
  CHECK(offers(*state, 0, plain("secret_chest")));
  play(*state, 0, plain("secret_chest"));  // before the main action
  const Area& mine = state->table().players[0];
  CHECK(mine.doubloons == 1);
  CHECK(mine.columns[index(Good::kSilverware)] == std::vector<int>{chest});
  CHECK(mine.ships.empty());  // the card's own prize is not taken
  CHECK(state->view(1)["players"][0]["cannonballs"] == 1);
  CHECK(state->view(1)["log"][0]["card"] == card_json(state->deck(), chest));
  // One rogue action a turn: nothing else is offered but the raids.
  for (const Json& action : state->legal_actions(0)) CHECK(action["type"] == "raid");
  check_illegal(*state, 0, plain("secret_chest"), "you have made your rogue action this turn");
  play(*state, 0, raid({s.convoy[0]}));
  CHECK(state->actors() == std::vector<int>{1});  // nothing left to do: the turn is over
}

TEST_CASE("rogue actions need the doubloons") {
  TurnSetup s;
  s.top = s.deck.filler(3);
  s.doubloons = 1;
  auto state = s.build();
  for (const Json& action : state->legal_actions(0)) CHECK(action["type"] == "raid");
  check_illegal(*state, 0, plain("secret_chest"), "costs 2 doubloons, and you have 1 doubloon");
  check_illegal(*state, 0, plain("parrot_pact"), "costs 3 doubloons, and you have 1 doubloon");
  check_illegal(*state, 0, letter(s.convoy[0], s.convoy[1]),
                "costs 4 doubloons, and you have 1 doubloon");
}

TEST_CASE("parrot pact: two ships drawn, all ships looked at, up to two revealed") {
  TurnSetup s;
  const int old_ship = s.deck.add(Good::kPistols, Location::kDock, Prize::kNone, true);
  const int first = s.deck.add(Good::kGems, Location::kInn);
  const int second = s.deck.add(Good::kFabrics, Location::kBeach);
  s.ships = {old_ship};
  s.top = {first, second};
  s.doubloons = 3;
  auto state = s.build();
  play(*state, 0, plain("parrot_pact"));
  CHECK(state->phase() == Phase::kParrotPact);
  CHECK(state->table().players[0].doubloons == 0);
  CHECK(state->table().players[0].ships == std::vector<int>{old_ship, first, second});
  // The owner looks at all three; nobody else sees them.
  const Json looking = state->view(0)["looking"];
  REQUIRE(looking.size() == 3);
  CHECK(looking[0] == card_json(state->deck(), old_ship));
  CHECK(state->view(1)["looking"].is_null());
  CHECK(state->spectator_view()["looking"].is_null());
  CHECK(state->view(1)["players"][0]["ships"] == 3);
  CHECK(state->legal_actions(0).size() == 7);  // none, one of three, two of three
  CHECK(offers(*state, 0, reveal({})));
  CHECK(offers(*state, 0, reveal({old_ship, second})));
  check_illegal(*state, 0, raid({s.convoy[0]}), "finish the parrot pact first");
  check_illegal(*state, 0, reveal({s.convoy[0]}), "is not among the ships in your personal area");
  check_malformed(*state, 0, reveal({old_ship, first, second}),
                  "\"ships\" must be an array of up to 2 integers");

  play(*state, 0, reveal({old_ship, second}));
  const Area& mine = state->table().players[0];
  CHECK(mine.ships == std::vector<int>{first});
  CHECK(mine.columns[index(Good::kPistols)] == std::vector<int>{old_ship});
  CHECK(mine.columns[index(Good::kFabrics)] == std::vector<int>{second});
  CHECK(state->view(0)["looking"].is_null());  // back face down
  CHECK(state->view(1)["players"][0]["cannonballs"] == 1);
  CHECK(state->phase() == Phase::kTurn);
  CHECK(state->view(0)["this_turn"]["rogue_action_done"] == true);
  CHECK(state->actors() == std::vector<int>{0});  // the main action is still to come
}

TEST_CASE("letter of marque: the top ship and any two convoy cards, ignoring the raid rules") {
  TurnSetup s;
  const int a = s.deck.add(Good::kSabres, Location::kInn);
  const int b = s.deck.add(Good::kGems, Location::kDock, Prize::kTwoDoubloons);
  const int c = s.deck.add(Good::kSabres, Location::kTower);
  const int d = s.deck.add(Good::kRum, Location::kBeach, Prize::kNone, true);
  const int e = s.deck.add(Good::kPistols, Location::kDock);
  const int top = s.deck.add(Good::kSilverware, Location::kBeach);
  s.convoy = {a, b, c, d, e};
  s.top = {top};
  s.doubloons = 5;
  auto state = s.build();
  CHECK_FALSE(offers(*state, 0, raid({a, c})));
  CHECK(offers(*state, 0, letter(b, d)));
  CHECK(offers(*state, 0, letter(a, e)));
  check_illegal(*state, 0, letter(a, 999), "card 999 is not in the convoy");
  play(*state, 0, letter(b, d));
  const Area& mine = state->table().players[0];
  CHECK(mine.doubloons == 1);  // no prize either
  CHECK(mine.columns[index(Good::kSilverware)] == std::vector<int>{top});
  CHECK(mine.columns[index(Good::kGems)] == std::vector<int>{b});
  CHECK(mine.columns[index(Good::kRum)] == std::vector<int>{d});
  // The rulebook's strategic note: the cards left close up and are adjacent in new ways.
  CHECK(state->table().convoy == std::vector<int>{a, c, e});
  CHECK(offers(*state, 0, raid({a, c})));
  play(*state, 0, raid({a, c}));
  CHECK(state->table().players[0].columns[index(Good::kSabres)] == std::vector<int>{a, c});
  CHECK(state->actors() == std::vector<int>{1});
}

TEST_CASE("a rogue action may follow the main action, and end_turn skips it") {
  TurnSetup s;
  s.top = s.deck.filler(4);
  const int chest = s.deck.add(Good::kFabrics, Location::kInn);
  s.top.insert(s.top.begin(), chest);
  s.doubloons = 2;
  auto state = s.build();
  play(*state, 0, raid({s.convoy[0]}));
  CHECK(offers(*state, 0, plain("secret_chest")));
  CHECK(offers(*state, 0, plain("end_turn")));
  play(*state, 0, plain("secret_chest"));
  CHECK(state->table().players[0].columns[index(Good::kFabrics)] == std::vector<int>{chest});
  CHECK(state->actors() == std::vector<int>{1});
}

TEST_CASE("when the deck runs out: no ship to win or buy, and an empty convoy passes the turn") {
  DeckBuilder deck;
  Table table = empty_table(deck, 2);
  const int prize = deck.add(Good::kGems, Location::kInn, Prize::kShip);
  const int a = deck.add(Good::kRum, Location::kDock);
  const int b = deck.add(Good::kSabres, Location::kTower);
  table.convoy = {prize, a, b};
  table.deck = std::make_shared<const Deck>(deck.cards);
  table.players[0].doubloons = 5;
  // Both threats are resolved: this is the last round.
  auto state = start(table, Chance(), {Threat::kKraken, Threat::kCorsairs});
  CHECK_FALSE(offers(*state, 0, plain("secret_chest")));
  CHECK_FALSE(offers(*state, 0, plain("parrot_pact")));
  check_illegal(*state, 0, plain("secret_chest"), "the deck has no ship left");
  check_illegal(*state, 0, plain("parrot_pact"), "nothing to look at");
  play(*state, 0, raid({prize}));
  CHECK(state->table().players[0].ships.empty());
  CHECK(state->view(0)["log"][1] == Json{{"event", "ship"}, {"seat", 0}, {"drawn", false}});
  play(*state, 0, letter(a, b));  // only the two convoy cards: there is no top card
  CHECK(state->table().players[0].doubloons == 1);
  CHECK(state->table().players[0].columns[index(Good::kRum)] == std::vector<int>{a});
  CHECK(state->table().players[0].columns[index(Good::kSabres)] == std::vector<int>{b});
  // Seat 1 finds an empty convoy and no doubloon: its turn passes, and the round is complete.
  REQUIRE(state->is_over());
  CHECK(state->table().players[1].turns == 1);
  const Json log = state->view(1)["log"];
  CHECK(log.back() == Json{{"event", "turn_passed"}, {"seat", 1}});
}
