// What the strong bot needs of Riff Raff, with a lighter search, since every placement runs the
// physics. All a seat cannot see is the cards others chose face down this round: the sampler
// replays the public history on the ship (the same simulation, so the same ship, bit for bit)
// and deals those cards from each chooser's hand. The search covers the choices of cards and of
// captains, over a few dealt worlds (SearchBudget::worlds) and rollouts that stop after a round
// and judge by the pieces left; each placement in them is the area's middle, set down level,
// simulated for at most a second and a half. Loading and catching are settled on one dealt world
// by the smart bot's own simulation of candidate placements: nothing is hidden then.
#pragma once

#include "rules/core/bots/determinizer.hpp"

namespace tortuga::riff_raff {

class Sampler : public Determinizer {
 public:
  std::unique_ptr<State> sample(const Sight& sight, Chance& rng) const override;
  Json settle(const State& sampled, int seat, Chance& rng) const override;
  double estimate(const State& state, int seat) const override;
  Json rollout_action(const State& state, int seat, Chance& rng) const override;
};

// Whether the card in the choice at `step` of `state`'s history is still face down: this round's
// cards are not revealed yet.
bool chosen_face_down(const State& state, std::size_t step);

}  // namespace tortuga::riff_raff
