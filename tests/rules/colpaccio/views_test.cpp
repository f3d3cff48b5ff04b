// What the views show: the full view (for review) reveals the deck order, the frozen threats and
// every face-down ship; the seats and spectators see only counts; a shared victory and a lost
// duel as results.
#include "tests/rules/colpaccio/support.hpp"

using namespace colpaccio_test;

TEST_CASE("the full view reveals what the seats may not see") {
  DeckBuilder deck;
  Table table = empty_table(deck, 2);
  const int ship = deck.add(Good::kRum, Location::kDock, Prize::kNone, true);
  table.players[1].ships = {ship};
  const int prize = deck.add(Good::kGems, Location::kInn, Prize::kShip);
  table.convoy = {prize};
  const int drawn = deck.add(Good::kSabres, Location::kTower);
  const auto bottom = deck.filler(6);
  table.deck = std::make_shared<const Deck>(deck.cards);
  table.pile = {threat_entry(Threat::kGhostShip)};
  table.pile.insert(table.pile.end(), bottom.begin(), bottom.end());
  table.pile.push_back(drawn);
  table.pile.push_back(threat_entry(Threat::kCorsairs));
  table.set_aside = Threat::kKraken;
  table.players[0].doubloons = 2;
  auto state = start(table);
  const Json before = state->full_view();
  CHECK(before["deck"]["order"][0] == Json{{"threat", "corsairs"}});
  CHECK(before["deck"]["order"][1] == card_json(state->deck(), drawn));
  CHECK(before["threats"]["set_aside"] == "kraken");
  CHECK(before["players"][1]["ship_cards"][0] == card_json(state->deck(), ship));
  CHECK(before["seat"].is_null());

  play(*state, 0, raid({prize}));  // the Corsairs threat is frozen, the sabre becomes a ship
  const Json full = state->full_view();
  CHECK(full["threats"]["waiting_threats"] == Json::array({"corsairs"}));
  CHECK(full["players"][0]["ship_cards"][0] == card_json(state->deck(), drawn));
  for (int seat : {0, 1, tortuga::kSpectator}) {
    const Json view = state->view(seat);
    CHECK(view["threats"]["waiting"] == 1);
    CHECK_FALSE(view["threats"].contains("waiting_threats"));
    CHECK(view["players"][0]["ships"] == 1);
    CHECK(view["players"][1]["ships"] == 1);
    CHECK(view["deck"] == Json{{"count", 7}, {"threat_on_top", false}, {"threats_inside", 1}});
  }
}

TEST_CASE("a full tie on prestige, doubloons and goods is a shared victory") {
  DeckBuilder deck;
  Table table = empty_table(deck, 2);
  table.players[0].columns[index(Good::kGems)] = deck.filler(1, Good::kGems);
  table.players[1].columns[index(Good::kRum)] = deck.filler(1, Good::kRum);
  table.convoy = {deck.add(Good::kSabres, Location::kInn),
                  deck.add(Good::kPistols, Location::kDock)};
  table.deck = std::make_shared<const Deck>(deck.cards);
  auto state = start(table, Chance(), {Threat::kKraken, Threat::kCorsairs});
  play(*state, 0, raid({table.convoy[0]}));
  play(*state, 1, raid({table.convoy[1]}));
  REQUIRE(state->is_over());
  const Json result = state->result();
  CHECK(result["scores"] == Json::array({14, 14}));
  CHECK(result["winners"] == Json::array({0, 1}));
  CHECK(result["places"] == Json::array({{0, 1}}));
  CHECK(result["key"] == "games.colpaccio.result.shared");
  CHECK(result["params"] == Json{{"winners", {{{"seat", 0}}, {{"seat", 1}}}}, {"prestige", 14}});
  CHECK(result["message"] ==
        "Seat 1 and Seat 2 share the victory with 14 prestige: a toast with a glass of rum.");
}

TEST_CASE("a duel the Corsairs win has no winner among the seats") {
  DeckBuilder deck;
  Table table = empty_table(deck, 1);
  table.corsairs.columns[index(Good::kRum)] = deck.filler(1, Good::kRum);
  table.convoy = {deck.add(Good::kSabres, Location::kInn), deck.add(Good::kGems, Location::kInn)};
  table.deck = std::make_shared<const Deck>(deck.cards);
  auto state = start(table, Chance(), {Threat::kKraken, Threat::kCorsairs});
  play(*state, 0, raid({table.convoy[0]}));  // the Corsairs take the gem: 2 to 1 for them
  REQUIRE(state->is_over());
  const Json result = state->result();
  CHECK(result["winners"] == Json::array());
  CHECK(result["reason"] == "duel_lost");
  CHECK(result["scores"] == Json::array({1}));
  CHECK(result["corsairs_score"] == 2);
  CHECK(result["key"] == "games.colpaccio.result.duel_lost");
  CHECK(result["params"] == Json{{"player", {{"seat", 0}}}, {"prestige", 1}, {"corsairs", 2}});
  // The winners' prestige first, as the catalogs' sentence says it.
  CHECK(result["message"] == "The Corsairs won the duel, 2 to 1.");
}
