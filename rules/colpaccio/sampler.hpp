// What the strong bot needs of Colpaccio. The sampler lays out the table a seat sees, card by
// card, and deals what it cannot see from the cards it has not seen: the deck's order, the ships
// face down in every personal area (its own too, but while it looks at them after a parrot pact),
// the solo game's removed cards and the ships the kraken sank. The threats left in the deck lie
// where the set-up put them (seventh from the bottom, and halfway up the rest), which everyone
// knows; which threat is where, and the set-aside one to those who did not look, are dealt.
// A match rates by its win, and a little by the score, so that in the solo duel a lost match
// still plays for points. Rollouts are played by the smart bot: random ones lose to the Corsairs'
// automaton almost always, and at a table they told moves apart less well.
#pragma once

#include "rules/core/bots/determinizer.hpp"

namespace tortuga::colpaccio {

class Sampler : public Determinizer {
 public:
  std::unique_ptr<State> sample(const Sight& sight, Chance& rng) const override;
  double outcome(const State& state, int seat) const override;
  Json rollout_action(const State& state, int seat, Chance& rng) const override;
};

}  // namespace tortuga::colpaccio
