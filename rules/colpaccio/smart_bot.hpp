// A better opponent than chance: a greedy bot that chases majorities and cannonballs. It scores
// each legal action by the position it leaves (its prestige against the best of the others if
// the match ended now, doubloons, and whether the next threats would beat it) and plays the best.
// It reads only what its seat's view shows: never the deck order nor face-down ships, except its
// own while it looks at them after a parrot pact. Cards it cannot see yet count at a flat value.
#pragma once

#include <vector>

#include "rules/colpaccio/scoring.hpp"
#include "rules/core/bot.hpp"

namespace tortuga::colpaccio {

class ColpaccioState;

// The public facts the bot weighs.
struct Outlook {
  std::vector<Holding> holdings;  // every seat
  std::vector<int> cannonballs;   // every seat
  Holding corsairs;               // solo
  int corsairs_cannonballs = 0;
  int threats_left = 0;  // threats still to strike
  bool solo = false;
  bool hard = false;

  static Outlook of(const ColpaccioState& state);
};

class SmartBot : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;

  // How good `outlook` is for `seat`, the larger the better.
  static double evaluate(const Outlook& outlook, int seat);
};

}  // namespace tortuga::colpaccio
