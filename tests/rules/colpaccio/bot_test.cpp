// The smart bot: it takes the best raid for its majorities, keeps up in cannonballs, and beats
// random bots clearly over seeded matches; in solo it beats the Corsairs more often than chance.
#include "tests/rules/colpaccio/support.hpp"

#include "rules/colpaccio/smart_bot.hpp"
#include "tests/why.hpp"

using namespace colpaccio_test;

namespace {

// Plays one match with `bots[seat]` for each seat; returns the state at the end.
std::unique_ptr<tortuga::State> play_match(const Json& options, std::uint64_t seed,
                                           const std::vector<const tortuga::Bot*>& bots) {
  auto state = colpaccio().new_state(normalized(options), Chance(seed));
  Chance rng(seed * 7 + 1);
  for (int step = 0; step < 2000 && !state->is_over(); ++step) {
    const int seat = state->actors().front();
    const Json action = bots[seat]->choose(*state, seat, rng);
    auto refused = state->apply(seat, action);
    REQUIRE_MESSAGE(!refused, action.dump() << ": " << tortuga::why(refused));
  }
  REQUIRE(state->is_over());
  return state;
}

bool wins(const tortuga::State& state, int seat) {
  const Json result = state.result();
  for (const Json& winner : result["winners"])
    if (winner == seat) return true;
  return false;
}

}  // namespace

TEST_CASE("the smart bot raids for the majority it can take") {
  DeckBuilder deck;
  Table table = empty_table(deck, 2);
  table.players[0].columns[index(Good::kSabres)] = deck.filler(2, Good::kSabres);
  table.players[1].columns[index(Good::kSabres)] = deck.filler(3, Good::kSabres);
  const int gem = deck.add(Good::kGems, Location::kInn);
  const int sabre_a = deck.add(Good::kSabres, Location::kDock);
  const int sabre_b = deck.add(Good::kSabres, Location::kTower);
  const int rum = deck.add(Good::kRum, Location::kBeach);
  table.convoy = {gem, sabre_a, sabre_b, rum};
  table.pile = deck.filler(6);
  table.pile.insert(table.pile.begin(), threat_entry(Threat::kKraken));
  table.deck = std::make_shared<const Deck>(deck.cards);
  auto state = start(table);
  auto bot = colpaccio().make_bot("smart");
  Chance rng(1);
  // Two sabres overtake seat 1's three: 7 prestige instead of 3.
  CHECK(bot->choose(*state, 0, rng) == raid({sabre_a, sabre_b}));
}

TEST_CASE("the smart bot keeps out of the fewest cannonballs while threats are to come") {
  DeckBuilder deck;
  Table table = empty_table(deck, 2);
  table.players[1].columns[index(Good::kPistols)] = {
      deck.add(Good::kPistols, Location::kInn, Prize::kNone, true)};
  const int plain_gem = deck.add(Good::kGems, Location::kInn);
  const int armed_gem = deck.add(Good::kGems, Location::kDock, Prize::kNone, true);
  table.convoy = {plain_gem, deck.add(Good::kRum, Location::kTower), armed_gem};
  table.pile = deck.filler(6);
  table.pile.insert(table.pile.begin(), threat_entry(Threat::kKraken));
  table.pile.insert(table.pile.begin(), threat_entry(Threat::kCorsairs));
  table.deck = std::make_shared<const Deck>(deck.cards);
  auto state = start(table);
  auto bot = colpaccio().make_bot("smart");
  Chance rng(2);
  CHECK(bot->choose(*state, 0, rng) == raid({armed_gem}));
}

TEST_CASE("the smart bot beats random bots clearly over seeded matches") {
  auto smart = colpaccio().make_bot("smart");
  auto random = colpaccio().make_bot("random");
  for (int players = 2; players <= 4; ++players) {
    CAPTURE(players);
    int smart_wins = 0;
    const int matches = 30;
    for (int m = 0; m < matches; ++m) {
      const int smart_seat = m % players;
      std::vector<const tortuga::Bot*> bots(players, random.get());
      bots[smart_seat] = smart.get();
      auto state = play_match({{"players", players}}, 100 + m, bots);
      smart_wins += wins(*state, smart_seat);
    }
    INFO("smart bot won " << smart_wins << " of " << matches);
    CHECK(smart_wins * 4 >= matches * 3);
  }
}

TEST_CASE("in solo the smart bot duels the Corsairs far better than the random bot") {
  // The duel is hard (the Corsairs take two goods or more a turn): compare wins and margins.
  auto smart = colpaccio().make_bot("smart");
  auto random = colpaccio().make_bot("random");
  int smart_wins = 0, random_wins = 0, smart_margin = 0, random_margin = 0;
  const int matches = 40;
  for (int m = 0; m < matches; ++m) {
    const Json options = {{"players", 1}, {"solo_difficulty", "easy"}};
    auto with_smart = play_match(options, 300 + m, {smart.get()});
    auto with_random = play_match(options, 300 + m, {random.get()});
    smart_wins += wins(*with_smart, 0);
    random_wins += wins(*with_random, 0);
    const Json a = with_smart->result(), b = with_random->result();
    smart_margin += a["scores"][0].get<int>() - a["corsairs_score"].get<int>();
    random_margin += b["scores"][0].get<int>() - b["corsairs_score"].get<int>();
  }
  INFO("smart won " << smart_wins << " by " << smart_margin << " in all; random won " << random_wins
                    << " by " << random_margin);
  CHECK(smart_wins > random_wins);
  CHECK(smart_margin >= random_margin + 2 * matches);
}
