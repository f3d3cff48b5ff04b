#include "rules/riff_raff/bots.hpp"

#include <algorithm>
#include <cmath>

#include "rules/riff_raff/riff_raff_state.hpp"

namespace tortuga::riff_raff {
namespace {

constexpr int kCandidates = 10;     // placements the smart bot simulates per piece it loads
constexpr int kLookSteps = 180;     // 3 s of simulation per candidate: most falls come sooner
constexpr float kCalmTilt = 0.08f;  // radians: calm enough to announce a second piece

// A uniform number in [lo, hi] in thousandths.
double uniform(Chance& rng, double lo, double hi) {
  return lo + (hi - lo) * rng.below(1001) / 1000.0;
}

Json load_action(const Placement& p, int pieces) {
  Json action = {{"type", "load"},
                 {"piece", kKindNames[p.kind]},
                 {"x", p.x},
                 {"angle", p.angle_deg},
                 {"drop", p.drop}};
  if (pieces > 0) action["pieces"] = pieces;
  return action;
}

std::vector<int> kinds_in_supply(const RiffRaffState& state, int seat) {
  std::vector<int> kinds;
  for (int k = 0; k < kKinds; ++k)
    if (state.player(seat).supply[k] > 0) kinds.push_back(k);
  return kinds;
}

// The last frame each fallen piece is seen, from the motion's tracks.
int last_seen(const Motion& motion, int id) {
  for (const auto& [track_id, track] : motion.tracks)
    if (track_id == id) return static_cast<int>(track.size() / 3) - 1;
  return 0;
}

Json random_load(const RiffRaffState& state, int seat, Chance& rng) {
  const auto kinds = kinds_in_supply(state, seat);
  Placement p;
  p.kind = kinds[rng.below(static_cast<std::uint32_t>(kinds.size()))];
  p.area = state.loading_area();
  p.angle_deg = static_cast<float>(uniform(rng, -180, 180));
  const auto [from, to] = state.x_bounds(p.kind, p.angle_deg);
  if (from > to) {
    p = state.sample_placement(p.kind);
  } else {
    p.x = static_cast<float>(uniform(rng, from, to));
  }
  p.drop = static_cast<float>(uniform(rng, 0, state.spec().physics.max_drop));
  return load_action(p, state.may_announce_two() ? 1 + static_cast<int>(rng.below(2)) : 0);
}

Json random_catch(const RiffRaffState& state, Chance& rng) {
  Json grabs = Json::array();
  for (const Fall& fall : state.motion().falls) {
    if (grabs.size() == kHands || rng.below(2) == 0) continue;
    const int frame =
        static_cast<int>(rng.below(static_cast<std::uint32_t>(state.motion().frames)));
    grabs.push_back({{"piece", fall.id}, {"frame", frame}});
  }
  return {{"type", "catch"}, {"grabs", grabs}};
}

}  // namespace

Json RandomLoader::choose(const State& state, int seat, Chance& rng) const {
  const auto* riff = dynamic_cast<const RiffRaffState*>(&state);
  if (riff && riff->phase() == Phase::kLoading) return random_load(*riff, seat, rng);
  if (riff && riff->phase() == Phase::kCatching) return random_catch(*riff, rng);
  return RandomBot().choose(state, seat, rng);
}

Json SmartBot::choose(const State& state, int seat, Chance& rng) const {
  const auto* riff = dynamic_cast<const RiffRaffState*>(&state);
  if (riff && riff->phase() == Phase::kCatching) {
    // Earlier cargo first: catching only this turn's pieces would not count.
    std::vector<Fall> falls = riff->motion().falls;
    const auto& own = riff->loaded_this_turn();
    std::stable_partition(falls.begin(), falls.end(), [&](const Fall& f) {
      return std::find(own.begin(), own.end(), f.id) == own.end();
    });
    Json grabs = Json::array();
    for (std::size_t i = 0; i < falls.size() && i < kHands; ++i)
      grabs.push_back({{"piece", falls[i].id}, {"frame", last_seen(riff->motion(), falls[i].id)}});
    return {{"type", "catch"}, {"grabs", grabs}};
  }
  if (!riff || riff->phase() != Phase::kLoading) return RandomBot().choose(state, seat, rng);

  // Candidates: each piece in supply, level or upright, at spots along the area, set down gently.
  std::vector<Placement> candidates;
  for (int kind : kinds_in_supply(*riff, seat)) {
    for (float angle : {0.0f, 90.0f}) {
      const auto [from, to] = riff->x_bounds(kind, angle);
      if (from > to) continue;
      for (double t : {0.2, 0.5, 0.8})
        candidates.push_back(
            {kind, riff->loading_area(),
             static_cast<float>(std::round((from + (to - from) * t) * 1000) / 1000), angle, 0});
    }
  }
  rng.shuffle(candidates);
  if (candidates.size() > kCandidates) candidates.resize(kCandidates);

  Placement best = riff->sample_placement(kinds_in_supply(*riff, seat).front());
  double best_score = 1e9;
  for (const Placement& p : candidates) {
    auto copy = state.clone();
    static_cast<RiffRaffState&>(*copy).limit_steps(kLookSteps);
    if (copy->apply(seat, load_action(p, 0))) continue;
    const auto& after = static_cast<const RiffRaffState&>(*copy);
    // A fall costs far more than any tilt; a ship still moving at the cap is a risk too.
    const double score = 10.0 * static_cast<double>(after.motion().falls.size()) +
                         std::abs(after.world().ship.angle) + (after.motion().settled ? 0 : 0.5);
    if (score < best_score) best_score = score, best = p;
  }
  int pieces = 0;
  if (riff->may_announce_two()) pieces = best_score < kCalmTilt ? 2 : 1;
  return load_action(best, pieces);
}

}  // namespace tortuga::riff_raff
