// A captain who reckons the odds from what its own view shows: its hand, Davy Jones' locker and
// the crew table tell how many cards of each kind are still unseen, and from that the chance
// that a claim is true (hypergeometric over the unseen cards). It challenges claims that are
// probably false, mostly claims only the crew it holds and bluffs one card more now and then
// when the odds of being caught are low, attacks the ships nearest to sinking, keeps its best
// crew and never challenges its own partner.
#pragma once

#include "rules/core/bot.hpp"

namespace tortuga::scalawag {

class SmartBot : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;

  // The chance that a hand of `hand_size` cards drawn from `unseen` cards, `kind_unseen` of them
  // of the claimed kind, holds at least `count` of that kind.
  static double chance_holds(int unseen, int kind_unseen, int hand_size, int count);
};

}  // namespace tortuga::scalawag
