#include "rules/colpaccio/sampler.hpp"

#include <algorithm>
#include <cmath>

#include "rules/colpaccio/colpaccio_state.hpp"
#include "rules/colpaccio/convoy.hpp"
#include "rules/colpaccio/smart_bot.hpp"

namespace tortuga::colpaccio {
namespace {

constexpr int kThreatFromBottom = 7;  // as the set-up puts the first threat
constexpr int kSoloRemoved = 10;

std::vector<int> ids(const Json& cards) {
  std::vector<int> out;
  for (const Json& card : cards) out.push_back(card.at("id").get<int>());
  return out;
}

Threat threat_named(const std::string& name) {
  for (int t = 0; t < kThreats; ++t)
    if (threat_name(static_cast<Threat>(t)) == name) return static_cast<Threat>(t);
  return Threat::kCorsairs;
}

// An area as the view shows it; its face-down ships are left for the deal.
Area area_seen(const Json& seen, std::vector<bool>& known) {
  Area area;
  for (auto it = seen.at("goods").begin(); it != seen.at("goods").end(); ++it) {
    auto good = good_from(it.key());
    if (!good) continue;
    area.columns[index(*good)] = ids(*it);
    for (int card : area.columns[index(*good)]) known[card] = true;
  }
  area.doubloons = seen.at("doubloons").get<int>();
  area.penalty = seen.at("penalty").get<int>();
  area.turns = seen.at("turns").get<int>();
  area.looked = seen.at("spyglass").get<bool>();
  return area;
}

// Where the set-up put the threats in a pile of the deck's cards, counted from the bottom: the
// pile only ever loses its top, so they stay there until drawn.
std::vector<int> threat_places(const Table& t, int deck_size) {
  int pile = deck_size - kConvoySize - (t.solo ? kSoloRemoved : 0) -
             (t.solo && t.difficulty == SoloDifficulty::kMedium ? 2 : 0);
  ++pile;  // with the first threat
  const int above = (pile - kThreatFromBottom) / 2;
  return {kThreatFromBottom - 1, pile - above};
}

SoloDifficulty difficulty_named(const Json& name) {
  if (name == "easy") return SoloDifficulty::kEasy;
  if (name == "medium") return SoloDifficulty::kMedium;
  if (name == "hard") return SoloDifficulty::kHard;
  return SoloDifficulty::kStandard;
}

}  // namespace

std::unique_ptr<State> Sampler::sample(const Sight& sight, Chance& rng) const {
  const Json& view = sight.view;
  Table t;
  t.deck = standard_deck();
  if (sight.options.is_object() && sight.options.contains("deck"))
    if (auto custom = parse_deck(sight.options["deck"]))
      t.deck = std::make_shared<const Deck>(std::move(*custom));
  const int deck_size = static_cast<int>(t.deck->size());
  std::vector<bool> known(deck_size, false);
  auto see = [&](const std::vector<int>& cards) {
    for (int card : cards) {
      if (card < 0 || card >= deck_size) return false;
      known[card] = true;
    }
    return true;
  };
  t.convoy = ids(view.at("convoy"));
  t.lost_goods = ids(view.at("lost_goods"));
  if (!see(t.convoy) || !see(t.lost_goods)) return nullptr;
  t.solo = view.at("solo").get<bool>();
  if (t.solo) t.difficulty = difficulty_named(view.at("solo_difficulty"));
  t.first_player = view.at("first_player").get<int>();
  for (const Json& seen : view.at("players")) t.players.push_back(area_seen(seen, known));
  if (t.solo) t.corsairs = area_seen(view.at("corsairs"), known);
  const bool pact = view.at("phase") == "parrot_pact";
  std::vector<int> looking;
  if (view.at("looking").is_array()) looking = ids(view.at("looking"));
  if (!see(looking)) return nullptr;

  // Every card not seen, shuffled: dealt to whatever lies face down.
  std::vector<int> unseen;
  for (int card = 0; card < deck_size; ++card)
    if (!known[card]) unseen.push_back(card);
  rng.shuffle(unseen);
  std::size_t next = 0;
  auto deal = [&](std::vector<int>& into, int count) {
    for (int i = 0; i < count && next < unseen.size(); ++i) into.push_back(unseen[next++]);
  };
  const int turn = view.at("turn").is_number() ? view.at("turn").get<int>() : -1;
  for (std::size_t s = 0; s < t.players.size(); ++s) {
    const int count = view.at("players")[s].at("ships").get<int>();
    if (pact && static_cast<int>(s) == turn)
      t.players[s].ships = looking;
    else
      deal(t.players[s].ships, count);
  }
  if (t.solo) deal(t.corsairs.ships, view.at("corsairs").at("ships").get<int>());
  deal(t.removed, view.at("removed").get<int>());
  deal(t.sunk_ships, view.at("sunk_ships").get<int>());

  // The threats: which is which is dealt among those not yet revealed nor known set aside.
  const Json& threats = view.at("threats");
  std::vector<Threat> revealed;
  for (const Json& name : threats.at("revealed")) revealed.push_back(threat_named(name));
  std::vector<Threat> unknown;
  const bool aside_known = threats.at("set_aside").is_string();
  for (int i = 0; i < kThreats; ++i) {
    const auto threat = static_cast<Threat>(i);
    if (std::find(revealed.begin(), revealed.end(), threat) != revealed.end()) continue;
    if (aside_known && threat_named(threats.at("set_aside")) == threat) continue;
    unknown.push_back(threat);
  }
  rng.shuffle(unknown);
  std::size_t next_threat = 0;
  auto take_threat = [&] {
    return next_threat < unknown.size() ? unknown[next_threat++] : Threat::kCorsairs;
  };
  t.set_aside = aside_known ? threat_named(threats.at("set_aside")) : take_threat();
  std::vector<Threat> frozen;
  for (int i = 0; i < threats.at("waiting").get<int>(); ++i) frozen.push_back(take_threat());

  const Json& deck = view.at("deck");
  const int count = deck.at("count").get<int>();
  const int inside = deck.at("threats_inside").get<int>();
  const int ships_in_pile = count - inside;
  std::vector<int> pile;
  deal(pile, ships_in_pile);
  if (static_cast<int>(pile.size()) != ships_in_pile) return nullptr;
  // Threats, bottom first, where the set-up put them; where that does not fit what the view says
  // (a table laid out by hand), on top if it shows one there and at random below otherwise.
  auto places = threat_places(t, deck_size);
  places.resize(inside == 2 ? 2 : inside == 1 ? 1 : 0);
  const bool top = deck.at("threat_on_top").get<bool>();
  const bool fits = inside <= 2 &&
                    std::all_of(places.begin(), places.end(), [&](int p) { return p < count; }) &&
                    (inside == 0 || (places.back() == count - 1) == top);
  if (!fits) {
    places.clear();
    for (int i = 0; i < inside; ++i) {
      if (i == 0 && top) {
        places.push_back(count - 1);
        continue;
      }
      const int below = count - (top ? 1 : 0);
      int p;
      do p = rng.below(static_cast<std::uint32_t>(std::max(below, 1)));
      while (std::find(places.begin(), places.end(), p) != places.end());
      places.push_back(p);
    }
    std::sort(places.begin(), places.end());
  }
  for (int p : places) pile.insert(pile.begin() + p, threat_entry(take_threat()));
  t.pile = std::move(pile);

  auto state = ColpaccioState::from_table(std::move(t), Chance(rng.below(1u << 31)), revealed,
                                          view.at("turn_clock_s").get<int>());
  // The flow where the view has it.
  ColpaccioState& s = *state;
  const std::string phase = view.at("phase").get<std::string>();
  s.phase_ = phase == "parrot_pact"  ? Phase::kParrotPact
             : phase == "ghost_ship" ? Phase::kGhostShip
             : phase == "over"       ? Phase::kOver
                                     : Phase::kTurn;
  // An ending interrupted by the ghost ship goes on with the threats still frozen, then refills.
  s.stage_ =
      s.phase_ == Phase::kGhostShip ? ColpaccioState::Stage::kFrozen : ColpaccioState::Stage::kNone;
  s.corsairs_turn_ = view.at("turn") == "corsairs";
  s.turn_ = turn >= 0 ? turn : 0;
  s.main_done_ = view.at("this_turn").at("main_action_done").get<bool>();
  s.rogue_done_ = view.at("this_turn").at("rogue_action_done").get<bool>();
  s.resolved_ = threats.at("resolved").get<int>();
  s.frozen_ = std::move(frozen);
  if (s.phase_ == Phase::kGhostShip)
    for (const Json& seat : view.at("ghost_ship").at("choosing")) s.choosing_.push_back(seat);
  s.log_ = view.at("log");
  return state;
}

// The win first; the score ranks the matches within a win or a loss: at a table, a tenth for the
// score against the best one (win_then_score); in the solo duel, where rollouts often lose to
// the Corsairs, three tenths for the margin over them (a point of prestige there is a good's
// majority, so a margin of two is much).
double Sampler::outcome(const State& state, int seat) const {
  const Json result = state.result();
  if (!result.contains("corsairs_score")) return win_then_score(result, seat);
  const double margin = score_of(result, seat) - result["corsairs_score"].get<double>();
  return 0.7 * win_share(result, seat) + 0.3 / (1.0 + std::exp(-margin / 2.0));
}

Json Sampler::rollout_action(const State& state, int seat, Chance& rng) const {
  return SmartBot().choose(state, seat, rng);
}

}  // namespace tortuga::colpaccio
