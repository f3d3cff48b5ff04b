// The solo duel: after each of the player's turns the Corsairs take every good of the location
// most present in the convoy (ties to the location nearest the outer end), plus a ship when the
// goods they took were side by side; what the threats take from the player goes to them; solo
// scoring; the hard variant.
#include "tests/rules/colpaccio/support.hpp"

#include "rules/colpaccio/convoy.hpp"

using namespace colpaccio_test;

namespace {

// A convoy of plain gems at these locations.
std::vector<int> line(DeckBuilder& deck, std::vector<Location> locations) {
  std::vector<int> ids;
  for (Location location : locations) ids.push_back(deck.add(Good::kGems, location));
  return ids;
}

constexpr Location B = Location::kBeach, I = Location::kInn, T = Location::kTower,
                   D = Location::kDock;

}  // namespace

TEST_CASE("the rulebook's example: the Corsairs take Beach over Inn, or Inn with a bonus ship") {
  DeckBuilder deck;
  const auto beach_first = line(deck, {B, I, I, B, T});
  const auto dock_first = line(deck, {D, I, I, B, T});
  const Deck& cards = deck.cards;
  CorsairsRaid raid = corsairs_raid(cards, beach_first);
  CHECK(raid.location == Location::kBeach);
  CHECK(raid.positions == std::vector<int>{0, 3});  // the 1st and the 4th card
  CHECK_FALSE(raid.adjacent);
  raid = corsairs_raid(cards, dock_first);
  CHECK(raid.location == Location::kInn);
  CHECK(raid.positions == std::vector<int>{1, 2});
  CHECK(raid.adjacent);
  // The most present location wins wherever it lies; one card alone counts as adjacent.
  raid = corsairs_raid(cards, line(deck, {B, T, T, I, T}));
  CHECK(raid.positions == std::vector<int>{1, 2, 4});
  raid = corsairs_raid(cards, line(deck, {D}));
  CHECK(raid.adjacent);
}

TEST_CASE("in play the Corsairs answer each turn of the player, without prizes") {
  DeckBuilder deck;
  const int taken = deck.add(Good::kRum, Location::kDock);
  const auto rest = line(deck, {B, I, I, B});
  const int tower = deck.add(Good::kGems, T, Prize::kTwoDoubloons);
  const auto refill = deck.filler(2, Good::kSabres, Location::kDock);
  const int beach = deck.add(Good::kGems, B);
  const int bonus = deck.add(Good::kPistols, Location::kDock);
  const auto more = deck.filler(6, Good::kSabres, Location::kDock);
  Table table = empty_table(deck, 1);
  table.convoy = {taken, rest[0], rest[1], rest[2], rest[3]};
  table.pile = {threat_entry(Threat::kKraken), threat_entry(Threat::kGhostShip)};
  table.pile.insert(table.pile.end(), more.begin(), more.end());
  table.pile.push_back(bonus);
  table.pile.push_back(beach);
  table.pile.insert(table.pile.end(), refill.rbegin(), refill.rend());
  table.pile.push_back(tower);
  auto state = start(table);

  play(*state, 0, raid({taken}));
  // The refill made the example's line, Beach Inn Inn Beach Tower; the Corsairs took the beaches.
  const Area& corsairs = state->table().corsairs;
  CHECK(corsairs.columns[index(Good::kGems)] == std::vector<int>{rest[0], rest[3]});
  CHECK(corsairs.ships.empty());
  CHECK(corsairs.doubloons == 0);
  CHECK(state->table().convoy == std::vector<int>{rest[1], rest[2], tower, refill[0], refill[1]});
  CHECK(state->view(0)["log"][1] ==
        Json{{"event", "corsairs_raid"},
             {"location", "beach"},
             {"cards", {card_json(state->deck(), rest[0]), card_json(state->deck(), rest[3])}},
             {"bonus_ship", false}});
  CHECK(state->view(0)["corsairs"]["turns"] == 1);
  CHECK(state->actors() == std::vector<int>{0});

  // Next the player takes an inn and a beach comes: the two docks side by side are the most
  // present, and earn the Corsairs the top ship.
  play(*state, 0, raid({rest[1]}));
  CHECK(corsairs.columns[index(Good::kSabres)] == refill);
  CHECK(corsairs.ships == std::vector<int>{bonus});
  CHECK(state->view(0)["corsairs"]["ships"] == 1);
}

TEST_CASE("in solo, what a threat takes from the player goes to the Corsairs") {
  DeckBuilder deck;
  Table table = empty_table(deck, 1);
  table.corsairs.columns[index(Good::kPistols)] = {deck.add(Good::kPistols, D, Prize::kNone, true)};
  table.players[0].columns[index(Good::kRum)] = deck.filler(2, Good::kRum, T);
  table.players[0].ships = deck.filler(3, Good::kSabres, I);
  table.players[0].doubloons = 0;
  table.convoy = line(deck, {D, I, T, B});
  table.pile = deck.filler(8, Good::kFabrics, I);
  // Refilling after the player's turn brings the ghost ship, and after the Corsairs' the kraken.
  table.pile.push_back(threat_entry(Threat::kKraken));
  table.pile.push_back(deck.add(Good::kSilverware, T));
  table.pile.push_back(threat_entry(Threat::kGhostShip));
  table.deck = std::make_shared<const Deck>(deck.cards);
  const int rum_last = table.players[0].columns[index(Good::kRum)].back();
  const auto ships = table.players[0].ships;
  auto state = start(table, Chance(1, {0, 0}));
  play(*state, 0, raid({table.convoy[0]}));
  const Area& corsairs = state->table().corsairs;
  CHECK(state->revealed() == std::vector<Threat>{Threat::kGhostShip, Threat::kKraken});
  CHECK(corsairs.columns[index(Good::kRum)] == std::vector<int>{rum_last});
  CHECK(corsairs.ships == std::vector<int>{ships[0], ships[1]});
  CHECK(state->table().players[0].ships == std::vector<int>{ships[2]});
  CHECK(state->table().lost_goods.empty());
  CHECK(state->table().sunk_ships.empty());
  CHECK(state->is_over());  // second threat resolved in the Corsairs' turn: as many turns each
}

TEST_CASE("in solo the Corsairs' doubloon loss goes to them, and they are never beaten") {
  DeckBuilder deck;
  Table table = empty_table(deck, 1);
  table.players[0].doubloons = 1;
  table.convoy = line(deck, {D, I, T, B, D});
  const auto bottom = deck.filler(8, Good::kFabrics, I);
  table.deck = std::make_shared<const Deck>(deck.cards);
  table.pile = {threat_entry(Threat::kKraken)};
  table.pile.insert(table.pile.end(), bottom.begin(), bottom.end());
  table.pile.push_back(threat_entry(Threat::kCorsairs));
  auto state = start(table);
  play(*state, 0, raid({table.convoy[1]}));  // no cannonball on either side: nobody is beaten
  CHECK(state->table().players[0].doubloons == 1);

  Table second = table;
  second.corsairs.columns[index(Good::kPistols)] = {
      deck.add(Good::kPistols, D, Prize::kNone, true)};
  second.deck = std::make_shared<const Deck>(deck.cards);
  state = start(second);
  play(*state, 0, raid({table.convoy[1]}));
  CHECK(state->table().players[0].doubloons == 0);
  CHECK(state->table().corsairs.doubloons == 1);

  Table third = table;
  third.players[0].columns[index(Good::kPistols)] = {
      deck.add(Good::kPistols, D, Prize::kNone, true)};
  third.deck = std::make_shared<const Deck>(deck.cards);
  state = start(third);
  play(*state, 0, raid({table.convoy[1]}));
  CHECK(state->defeated().empty());
  CHECK(state->table().players[0].doubloons == 1);
  CHECK(state->table().corsairs.doubloons == 0);
}

TEST_CASE("solo scoring: 1 per majority, 1 per three ships, and the player must score more") {
  Holding player, corsairs;
  player.goods = {3, 0, 2, 1, 0, 0};
  corsairs.goods = {1, 2, 2, 0, 0, 0};
  player.ships = 5;
  corsairs.ships = 6;
  SoloScore score = solo_prestige(player, corsairs, false);
  CHECK(score.player.total == 2 + 1);    // gems, rum; one group of three ships
  CHECK(score.corsairs.total == 1 + 2);  // silverware; two groups
  CHECK_FALSE(score.won);                // equal is a loss
  player.ships = 6;
  CHECK(solo_prestige(player, corsairs, false).won);
  // The captain's nightmare: the tied fabrics go to the Corsairs (0 to 0 is no tie for them).
  score = solo_prestige(player, corsairs, true);
  CHECK(score.corsairs.majorities[index(Good::kFabrics)] == 1);
  CHECK(score.corsairs.majorities[index(Good::kPistols)] == 0);
  CHECK(score.corsairs.total == 4);
  CHECK_FALSE(score.won);
  player.penalty = 3;
  CHECK(solo_prestige(player, corsairs, false).player.total == 1);
}

TEST_CASE("a finished duel names the player the winner only on more prestige") {
  DeckBuilder deck;
  Table table = empty_table(deck, 1);
  table.players[0].columns[index(Good::kGems)] = deck.filler(2, Good::kGems, D);
  table.corsairs.columns[index(Good::kRum)] = deck.filler(1, Good::kRum, D);
  table.convoy = line(deck, {B, T});
  table.convoy.push_back(deck.add(Good::kSabres, I));
  table.deck = std::make_shared<const Deck>(deck.cards);
  table.pile = {};
  table.difficulty = SoloDifficulty::kHard;
  auto state = start(table, Chance(), {Threat::kKraken, Threat::kGhostShip});
  play(*state, 0, raid({table.convoy[2]}));  // a sabre; the Corsairs take a location of one card
  REQUIRE(state->is_over());
  const Json result = state->result();
  // Player: gems and sabres; Corsairs: rum and one gem; a tie on gems would not be a majority.
  CHECK(result["scores"] == Json::array({2}));
  CHECK(result["corsairs_score"] == 1);
  CHECK(result["winners"] == Json::array({0}));
  CHECK(result["reason"] == "duel_won");
}
