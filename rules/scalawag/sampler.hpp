// What the strong bot needs of Scalawag!. The sampler sets the table a seat sees (ships, compass
// points, damage, the locker, the fog, the turn and its order, claim, penalty or question) and
// deals the crew it cannot see: every card not in its hand nor in the locker goes at random to
// the other captains' hands, by their sizes, and the rest to the harbour. Cards a true claim
// showed stay in the claimant's hand until they are replaced. In alliance mode the other
// allegiances are dealt in pairs, its partner's being its own. A custom Fog of War die, which
// the views do not show, comes in the sight's options. Rollouts are played by the smart bot:
// at random, captains challenge and bluff so wildly that a random match says little of a move.
#pragma once

#include "rules/core/bots/determinizer.hpp"

namespace tortuga::scalawag {

class Sampler : public Determinizer {
 public:
  std::unique_ptr<State> sample(const Sight& sight, Chance& rng) const override;
  Json rollout_action(const State& state, int seat, Chance& rng) const override;
};

}  // namespace tortuga::scalawag
