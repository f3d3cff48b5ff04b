// Scoring: per good, 7 to the most cards and 1 per card to the second; 2 per ship; the Corsairs'
// penalty; ties within a majority (our choice: every player tied for the most scores 7, every
// player tied at the next count scores its cards); ties for the win broken by doubloons, then by
// fewer goods, then shared.
#include "tests/rules/colpaccio/support.hpp"

using namespace colpaccio_test;

namespace {

Holding with(Good good, int cards, int ships = 0, int doubloons = 0) {
  Holding h;
  h.goods[index(good)] = cards;
  h.ships = ships;
  h.doubloons = doubloons;
  return h;
}

std::vector<int> majorities(const std::vector<Score>& scores, Good good) {
  std::vector<int> points;
  for (const Score& score : scores) points.push_back(score.majorities[index(good)]);
  return points;
}

}  // namespace

TEST_CASE("the rulebook's example: 5, 4 and 3 sabres score 7, 4 and nothing; 4 ships score 8") {
  const auto scores =
      prestige({with(Good::kSabres, 5), with(Good::kSabres, 4), with(Good::kSabres, 3, 4)});
  CHECK(majorities(scores, Good::kSabres) == std::vector<int>{7, 4, 0});
  CHECK(scores[2].ships == 8);
  CHECK(scores[0].total == 7);
  CHECK(scores[1].total == 4);
  CHECK(scores[2].total == 8);
}

TEST_CASE("ties within a majority: all tied for the most score 7, all tied second score per card") {
  auto sabres = [](std::vector<int> counts) {
    std::vector<Holding> holdings;
    for (int n : counts) holdings.push_back(with(Good::kSabres, n));
    return majorities(prestige(holdings), Good::kSabres);
  };
  CHECK(sabres({3, 3, 2, 1}) == std::vector<int>{7, 7, 2, 0});
  CHECK(sabres({4, 2, 2}) == std::vector<int>{7, 2, 2});
  CHECK(sabres({2, 2}) == std::vector<int>{7, 7});
  CHECK(sabres({2, 0}) == std::vector<int>{7, 0});  // no card is no second place
  CHECK(sabres({0, 0, 0}) == std::vector<int>{0, 0, 0});
  CHECK(sabres({1, 5, 3, 3, 1}) == std::vector<int>{0, 7, 3, 3, 0});
}

TEST_CASE("the Corsairs' penalty comes off the total") {
  Holding h = with(Good::kGems, 2, 1);
  h.penalty = 3;
  const auto scores = prestige({h, with(Good::kGems, 1)});
  CHECK(scores[0].total == 7 + 2 - 3);
  CHECK(scores[1].total == 1);
}

TEST_CASE("ties for the win: more doubloons, then fewer goods cards, then shared") {
  // Everyone scores 7 for a good of their own.
  std::vector<Holding> holdings = {with(Good::kGems, 1, 0, 2), with(Good::kRum, 1, 0, 3),
                                   with(Good::kPistols, 2, 0, 3), with(Good::kSabres, 1, 0, 3)};
  auto scores = prestige(holdings);
  for (const Score& score : scores) REQUIRE(score.total == 7);
  auto places = placings(holdings, scores);
  CHECK(places == std::vector<std::vector<int>>{{1, 3}, {2}, {0}});
  holdings[3].doubloons = 2;
  places = placings(holdings, prestige(holdings));
  CHECK(places == std::vector<std::vector<int>>{{1}, {2}, {0, 3}});
}

TEST_CASE("a finished match's result carries scores, places and the breakdown") {
  DeckBuilder deck;
  Table table = empty_table(deck, 3);
  auto give = [&](int seat, Good good, int n) {
    for (int i = 0; i < n; ++i)
      table.players[seat].columns[index(good)].push_back(deck.add(good, Location::kInn));
  };
  give(0, Good::kSabres, 5);
  give(1, Good::kSabres, 4);
  give(2, Good::kSabres, 3);
  table.players[2].ships = deck.filler(4, Good::kRum, Location::kDock);
  table.convoy = deck.filler(5, Good::kFabrics, Location::kBeach);
  const auto pile = deck.filler(5, Good::kRum, Location::kDock);
  table.deck = std::make_shared<const Deck>(deck.cards);
  table.pile = pile;
  table.players[1].doubloons = 4;  // enough for a rogue action: seat 1 ends its turn itself
  auto state = start(table, Chance(), {Threat::kCorsairs, Threat::kKraken});
  // Each raids one fabric: all tied for the most fabrics, 7 each.
  play(*state, 0, raid({state->table().convoy[0]}));
  play(*state, 1, raid({state->table().convoy[0]}));
  play(*state, 1, plain("end_turn"));
  play(*state, 2, raid({state->table().convoy[0]}));
  REQUIRE(state->is_over());
  const Json result = state->result();
  CHECK(result["scores"] == Json::array({14, 11, 15}));
  CHECK(result["winners"] == Json::array({2}));
  CHECK(result["places"] == Json::array({{2}, {0}, {1}}));
  CHECK(result["reason"] == "prestige");
  CHECK(result["prestige"][1]["goods"]["sabres"] == 4);
  CHECK(result["prestige"][2]["ships"] == 8);
  CHECK(result["prestige"][1]["doubloons"] == 4);
  // The English sentence counts seats from 1, as people do: seat 2 is the third player.
  CHECK(result["message"] == "Seat 3 made the Colpaccio with 15 prestige.");
  CHECK(result["key"] == "games.colpaccio.result.colpaccio");
  CHECK(result["params"] == Json{{"winners", {{{"seat", 2}}}}, {"prestige", 15}});
  CHECK(state->view(0)["result"] == result);
}
