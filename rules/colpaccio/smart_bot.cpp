#include "rules/colpaccio/smart_bot.hpp"

#include <algorithm>

#include "rules/colpaccio/colpaccio_state.hpp"
#include "rules/colpaccio/convoy.hpp"

namespace tortuga::colpaccio {
namespace {

constexpr double kDoubloon = 0.6;    // money for rogue actions, and the first tie-break
constexpr double kUnseenCard = 1.5;  // a card from the deck, sight unseen
constexpr double kThreatLoss = 3.0;  // what a threat costs whoever it beats, roughly
constexpr double kSpyglass = 0.2;

bool beaten(const Outlook& o, int seat) {
  if (o.solo) return o.cannonballs[0] < o.corsairs_cannonballs;
  const auto [least, most] = std::minmax_element(o.cannonballs.begin(), o.cannonballs.end());
  return *least != *most && o.cannonballs[seat] == *least;
}

void add_card(Outlook& o, int seat, const Card& card, int sign = 1) {
  o.holdings[seat].goods[index(card.good)] += sign;
  o.cannonballs[seat] += sign * card.cannonball;
}

// In solo, the Corsairs' answer to a raid, judged on the convoy cards the raid leaves (the cards
// the refill brings are not known yet).
void answer(const ColpaccioState& state, Outlook& o, const Json& action) {
  std::vector<int> left;
  const auto& taken = action["cards"];
  for (int card : state.table().convoy)
    if (std::find(taken.begin(), taken.end(), Json(card)) == taken.end()) left.push_back(card);
  const CorsairsRaid raid = corsairs_raid(state.deck(), left);
  for (int p : raid.positions) {
    const Card& card = state.deck()[left[p]];
    o.corsairs.goods[index(card.good)] += 1;
    o.corsairs_cannonballs += card.cannonball;
  }
  if (!raid.positions.empty() && raid.adjacent) o.corsairs.ships += 1;
}

// The legal action applied to the public facts; cards it draws unseen are worth `unseen`.
Outlook after(const ColpaccioState& state, const Outlook& now, int seat, const Json& action,
              double& unseen) {
  Outlook o = now;
  const Deck& deck = state.deck();
  Holding& mine = o.holdings[seat];
  const std::string type = action["type"].get<std::string>();
  if (type == "raid") {
    const auto& cards = action["cards"];
    for (const Json& id : cards) add_card(o, seat, deck[id.get<int>()]);
    if (cards.size() == 3) mine.doubloons -= 1;
    if (cards.size() == 1) {
      switch (deck[cards[0].get<int>()].prize) {
        case Prize::kDoubloon:
          mine.doubloons += 1;
          break;
        case Prize::kTwoDoubloons:
          mine.doubloons += 2;
          break;
        case Prize::kShip:
          mine.ships += state.goods_in_pile() > 0;
          break;
        case Prize::kSpyglass:
          unseen += kSpyglass;
          break;
        case Prize::kNone:
          break;
      }
    }
  } else if (type == "secret_chest") {
    mine.doubloons -= 2;
    unseen += kUnseenCard;
  } else if (type == "parrot_pact") {
    mine.doubloons -= 3;
    mine.ships += std::min(2, state.goods_in_pile());
  } else if (type == "letter_of_marque") {
    mine.doubloons -= 4;
    for (const Json& id : action["cards"]) add_card(o, seat, deck[id.get<int>()]);
    if (state.goods_in_pile() > 0) unseen += kUnseenCard;
  } else if (type == "reveal_ships") {
    for (const Json& id : action["ships"]) {
      add_card(o, seat, deck[id.get<int>()]);
      mine.ships -= 1;
    }
  } else if (type == "lose_good") {
    const Good good = *good_from(action["good"].get<std::string>());
    const auto& column = state.table().players[seat].columns[index(good)];
    add_card(o, seat, deck[column.back()], -1);
  }
  if (o.solo && (type == "raid" || type == "letter_of_marque")) answer(state, o, action);
  return o;
}

}  // namespace

Outlook Outlook::of(const ColpaccioState& state) {
  Outlook o;
  const Table& table = state.table();
  for (const Area& area : table.players) {
    o.holdings.push_back(state.holding(area));
    o.cannonballs.push_back(state.cannonballs(area));
  }
  o.solo = table.solo;
  o.hard = table.difficulty == SoloDifficulty::kHard;
  o.corsairs = state.holding(table.corsairs);
  o.corsairs_cannonballs = state.cannonballs(table.corsairs);
  o.threats_left = std::max(0, 2 - state.resolved());
  return o;
}

double SmartBot::evaluate(const Outlook& o, int seat) {
  const Holding& mine = o.holdings[seat];
  double value = kDoubloon * mine.doubloons;
  if (o.solo) {
    const SoloScore score = solo_prestige(mine, o.corsairs, o.hard);
    value += 4.0 * (score.player.total - score.corsairs.total);
    // Leads short of a majority still help, and a third ship completes a point.
    for (int g = 0; g < kGoods; ++g)
      value += 1.2 * std::clamp(mine.goods[g] - o.corsairs.goods[g], -2, 2);
    value += 0.8 * (mine.ships % 3);
  } else {
    const auto scores = prestige(o.holdings);
    int best_other = -1000;
    for (int s = 0; s < static_cast<int>(scores.size()); ++s)
      if (s != seat) best_other = std::max(best_other, scores[s].total);
    value += scores[seat].total - best_other;
  }
  if (o.threats_left > 0) {
    if (beaten(o, seat)) value -= kThreatLoss * o.threats_left;
    const int rival = o.solo ? o.corsairs_cannonballs : [&] {
      int least = 1000;
      for (int s = 0; s < static_cast<int>(o.cannonballs.size()); ++s)
        if (s != seat) least = std::min(least, o.cannonballs[s]);
      return least;
    }();
    value += 0.4 * std::clamp(o.cannonballs[seat] - rival, -2, 2);
  }
  return value;
}

Json SmartBot::choose(const State& state, int seat, Chance& rng) const {
  const auto* game = dynamic_cast<const ColpaccioState*>(&state);
  const Json legal = state.legal_actions(seat);
  if (game == nullptr || legal.empty()) return RandomBot().choose(state, seat, rng);
  const Outlook now = Outlook::of(*game);
  double best = -1e18;
  std::size_t pick = 0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    double unseen = 0;
    const Outlook next = after(*game, now, seat, legal[i], unseen);
    // A little noise breaks ties between equal actions so that matches do not repeat.
    const double value = evaluate(next, seat) + unseen + rng.below(1000) * 1e-5;
    if (value > best) best = value, pick = i;
  }
  return legal[pick];
}

}  // namespace tortuga::colpaccio
