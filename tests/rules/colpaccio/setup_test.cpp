// The set-up: five goods in the convoy, two threats in the deck (the seventh card from the bottom
// and about halfway through the rest) and one set aside, a doubloon each, the first player by
// coin toss; the solo set-up and its variants; the deck data and the custom deck option.
#include <numeric>
#include <set>

#include "tests/rules/colpaccio/support.hpp"
#include "tests/why.hpp"

using namespace colpaccio_test;

namespace {

std::vector<int> all_ids() {
  std::vector<int> ids(kDeckSize);
  std::iota(ids.begin(), ids.end(), 0);
  return ids;
}

// A match whose deck comes out of the shuffle as `order` (the last is the top), whose threats come
// out as `threats` (set aside, seventh from the bottom, halfway), and whose coin toss gives
// `first`.
std::unique_ptr<tortuga::State> dealt(int players, const std::vector<int>& order,
                                      const std::vector<int>& threats, int first = 0,
                                      Json options = Json::object()) {
  auto script = script_for_shuffle(all_ids(), order);
  auto threat_script = script_for_shuffle({0, 1, 2}, threats);
  script.insert(script.end(), threat_script.begin(), threat_script.end());
  script.push_back(static_cast<std::uint32_t>(first));
  options["players"] = players;
  return colpaccio().new_state(normalized(options), Chance(9, script));
}

const ColpaccioState& colp(const tortuga::State& state) {
  return dynamic_cast<const ColpaccioState&>(state);
}

}  // namespace

TEST_CASE("the standard deck keeps every count the rulebook gives") {
  const Deck& deck = *standard_deck();
  REQUIRE(deck.size() == 60);
  std::array<int, kGoods> goods{};
  std::array<int, kLocations> locations{};
  std::array<int, 5> prizes{};
  int cannonballs = 0;
  for (const Card& card : deck) {
    ++goods[index(card.good)];
    ++locations[static_cast<int>(card.location)];
    ++prizes[static_cast<int>(card.prize)];
    cannonballs += card.cannonball;
  }
  CHECK(goods == std::array<int, kGoods>{8, 8, 10, 10, 12, 12});
  CHECK(locations == std::array<int, kLocations>{15, 15, 15, 15});
  // Our choices, documented in docs/games/colpaccio.md.
  CHECK(prizes == std::array<int, 5>{22, 14, 6, 12, 6});
  CHECK(cannonballs == 18);
}

TEST_CASE("set-up: a convoy of five, two threats in the deck where the rulebook puts them") {
  for (int players = 2; players <= 5; ++players) {
    CAPTURE(players);
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      auto state = colpaccio().new_state(normalized({{"players", players}}), Chance(seed));
      const Table& table = colp(*state).table();
      REQUIRE(table.convoy.size() == 5);
      REQUIRE(table.pile.size() == 57);
      // Seventh from the bottom, and halfway through the 49 cards above it (24 above, 25 below).
      CHECK(table.pile[6] < 0);
      CHECK(table.pile[32] < 0);
      CHECK(colp(*state).threats_in_pile() == 2);
      std::set<int> threats = {table.pile[6], table.pile[32], threat_entry(table.set_aside)};
      CHECK(threats.size() == 3);
      std::set<int> cards(table.convoy.begin(), table.convoy.end());
      for (int entry : table.pile)
        if (entry >= 0) CHECK(cards.insert(entry).second);
      CHECK(cards.size() == 60);
      for (const Area& area : table.players) {
        CHECK(area.doubloons == 1);
        CHECK(area.ships.empty());
      }
      CHECK(table.first_player == static_cast<int>(colp(*state).turn()));
      CHECK(state->actors() == std::vector<int>{table.first_player});
    }
  }
}

TEST_CASE("set-up follows the chance source: deck order, threats and the coin toss") {
  std::vector<int> order = all_ids();
  std::reverse(order.begin(), order.end());  // card 0 on top
  auto state = dealt(3, order, {2, 0, 1}, 2);
  const Table& table = colp(*state).table();
  CHECK(table.convoy == std::vector<int>{0, 1, 2, 3, 4});  // drawn from the top, laid from the end
  CHECK(table.pile.back() == 5);
  CHECK(table.set_aside == Threat::kKraken);
  CHECK(table.pile[6] == threat_entry(Threat::kCorsairs));
  CHECK(table.pile[32] == threat_entry(Threat::kGhostShip));
  CHECK(table.first_player == 2);
  CHECK(state->actors() == std::vector<int>{2});
  const Json view = state->view(0);
  CHECK(view["deck"]["count"] == 57);
  CHECK(view["deck"]["threats_inside"] == 2);
  CHECK(view["deck"]["threat_on_top"] == false);
  CHECK(view["threats"]["set_aside"].is_null());
  CHECK(view["convoy"][0] == card_json(*standard_deck(), 0));
  CHECK(view["first_player"] == 2);
  CHECK(view["turn"] == 2);
}

TEST_CASE("solo set-up: ten cards out, no doubloon, the player first; the variants") {
  std::vector<int> order = all_ids();
  std::reverse(order.begin(), order.end());
  auto state = dealt(1, order, {0, 1, 2});
  const Table& table = colp(*state).table();
  CHECK(table.removed == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(table.convoy == std::vector<int>{10, 11, 12, 13, 14});
  REQUIRE(table.pile.size() == 47);
  CHECK(table.pile[6] == threat_entry(Threat::kGhostShip));
  CHECK(table.pile[27] == threat_entry(Threat::kKraken));  // 19 of the 38 above the seventh
  CHECK(table.set_aside == Threat::kCorsairs);
  CHECK(table.players[0].doubloons == 0);
  CHECK(table.corsairs.ships.empty());
  CHECK(state->actors() == std::vector<int>{0});
  const Json view = state->view(0);
  CHECK(view["solo"] == true);
  CHECK(view["removed"] == 10);
  CHECK(view["corsairs"]["ships"] == 0);

  auto easy = dealt(1, order, {0, 1, 2}, 0, {{"solo_difficulty", "easy"}});
  CHECK(colp(*easy).table().players[0].doubloons == 1);
  CHECK(colp(*easy).table().corsairs.ships.empty());
  auto medium = dealt(1, order, {0, 1, 2}, 0, {{"solo_difficulty", "medium"}});
  CHECK(colp(*medium).table().players[0].doubloons == 1);
  CHECK(colp(*medium).table().corsairs.ships == std::vector<int>{15, 16});
  CHECK(medium->view(0)["corsairs"]["ships"] == 2);
  auto hard = dealt(1, order, {0, 1, 2}, 0, {{"solo_difficulty", "hard"}});
  CHECK(colp(*hard).table().players[0].doubloons == 3);
  CHECK(hard->view(0)["solo_difficulty"] == "hard");

  // With more players the variants are refused.
  auto many = colpaccio().normalize_options({{"players", 2}, {"solo_difficulty", "hard"}});
  REQUIRE_FALSE(many.ok());
  CHECK(many.error().code == "bad_options");
  CHECK(many.error().message ==
        "option solo_difficulty: the variants are for the solo duel (players 1)");
  auto standard = dealt(2, order, {0, 1, 2}, 0, {{"solo_difficulty", "standard"}});
  CHECK(colp(*standard).table().players[0].doubloons == 1);
  CHECK(standard->view(0)["solo_difficulty"].is_null());
}

TEST_CASE("a room that names no player count gets a table of two, not the solo duel") {
  auto defaults = colpaccio().normalize_options(tortuga::Json::object());
  REQUIRE(defaults.ok());
  CHECK((*defaults)["players"] == 2);
  CHECK(colpaccio().describe()["options"]["players"]["default"] == 2);
  CHECK(colpaccio().describe()["min_players"] == 1);
}

TEST_CASE("a custom deck is used, and refused unless it keeps the rulebook's counts") {
  Json cards = Json::array();
  for (int id = 0; id < kDeckSize; ++id) {
    Json card = card_json(*standard_deck(), id);
    card.erase("id");
    card["prize"] = "spyglass";
    card["cannonball"] = true;
    cards.push_back(card);
  }
  auto state = colpaccio().new_state(normalized({{"players", 2}, {"deck", cards}}), Chance(3));
  for (const Json& card : state->view(0)["convoy"]) {
    CHECK(card["prize"] == "spyglass");
    CHECK(card["cannonball"] == true);
  }

  auto refused = [&](Json deck, const std::string& words) {
    auto result = colpaccio().normalize_options({{"players", 2}, {"deck", deck}});
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().code == "bad_options");
    CHECK_MESSAGE(tortuga::why(result).find(words) != std::string::npos, tortuga::why(result));
  };
  refused(Json::object(), "must be an array");
  Json short_deck = cards;
  short_deck.erase(short_deck.size() - 1);
  refused(short_deck, "exactly 60 cards, got 59");
  Json wrong_good = cards;
  wrong_good[0]["good"] = "sabres";  // a gem turned into a sabre
  refused(wrong_good, "needs 8 gems cards, got 7");
  Json wrong_place = cards;
  wrong_place[0]["location"] = wrong_place[0]["location"] == "inn" ? "dock" : "inn";
  refused(wrong_place, "15 cards of each location");
  Json bad_field = cards;
  bad_field[3]["colour"] = "red";
  refused(bad_field, "card 3 has an unexpected field");
  Json bad_prize = cards;
  bad_prize[4]["prize"] = "parrot";
  refused(bad_prize, "card 4: prize must be null or one of");
  Json no_cannonball = cards;
  no_cannonball[5].erase("cannonball");
  refused(no_cannonball, "card 5: cannonball must be true or false");
  Json bad_location = cards;
  bad_location[6]["location"] = 3;
  refused(bad_location, "card 6: location must be one of");
}
