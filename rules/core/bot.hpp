// Bots choose among the legal actions a seat's own view offers and act through the same validated
// path as people: the room applies a bot's choice like any client's.
#pragma once

#include "rules/core/state.hpp"

namespace tortuga {

class Bot {
 public:
  virtual ~Bot() = default;
  // Called only when seat may act. `rng` is the bot's own randomness, not the match's.
  virtual Json choose(const State& state, int seat, Chance& rng) const = 0;
};

// Any legal action, uniformly.
class RandomBot : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;
};

}  // namespace tortuga
