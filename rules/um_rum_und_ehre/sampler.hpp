// What the strong bot needs of Um Rum & Ehre. The sampler lays out what a seat sees (the town,
// the pirates, the ship and its fight, the display, the question under way, its own coins and
// tiles) and deals what it cannot see from the tiles it cannot account for: the order of every
// stack, the encounters face down on the others' flags, the article another player just drew,
// and the tiles under the others' flags. A match rates by its win, and a little by the points.
// Rollouts are played by the smart bot: at random, pirates and coins scatter over five rounds so
// widely that a random match says little of a move (the search lost to the smart bot so).
#pragma once

#include "rules/core/bots/determinizer.hpp"

namespace tortuga::um_rum_und_ehre {

class Sampler : public Determinizer {
 public:
  std::unique_ptr<State> sample(const Sight& sight, Chance& rng) const override;
  double outcome(const State& state, int seat) const override;
  Json rollout_action(const State& state, int seat, Chance& rng) const override;
};

}  // namespace tortuga::um_rum_und_ehre
