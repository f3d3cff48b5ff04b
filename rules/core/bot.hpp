// Bots choose among the legal actions a seat's own view offers and act through the same validated
// path as people: the room applies a bot's choice like any client's.
#pragma once

#include <functional>

#include "rules/core/state.hpp"

namespace tortuga {

// A bot's thinking, taken away from its room: made on the room's strand from what the bot may use,
// then run on another thread with the bot's own randomness, while the match may move on. It reads
// nothing of the room's.
using Thought = std::function<Json(Chance& rng)>;

class Bot {
 public:
  virtual ~Bot() = default;
  // Called only when seat may act. `rng` is the bot's own randomness, not the match's.
  virtual Json choose(const State& state, int seat, Chance& rng) const = 0;
  // What the bot will think with, made now from `state` (which it must not keep): by default a
  // copy of the state, which `choose` is then asked about. A bot that may read only what its seat
  // sees makes its thought of that alone. The thought may use this bot: whoever runs it keeps the
  // bot alive until it has.
  virtual Thought prepare(const State& state, int seat) const;
};

// Any legal action, uniformly.
class RandomBot : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;
};

}  // namespace tortuga
