// What the strong bot needs of Raft & Scupper. Nothing in this game is hidden, so the sampler
// deals the one state a sight allows: the ships as the view shows them (each ship keeps the id of
// the setup position it was dealt to) and every action since, replayed. Rollouts are cut short
// and judged by the smart bot's evaluation, since random moves rarely end a match in its way.
#pragma once

#include "rules/core/bots/determinizer.hpp"

namespace tortuga::raft_and_scupper {

class Sampler : public Determinizer {
 public:
  std::unique_ptr<State> sample(const Sight& sight, Chance& rng) const override;
  double estimate(const State& state, int seat) const override;
};

}  // namespace tortuga::raft_and_scupper
