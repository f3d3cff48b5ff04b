// A bot that thinks about a Sight only (sight.hpp), never the State: the strong level. The room
// (or the bot pool) builds the Sight on the room's strand with see_from and hands only that value
// to the thread that thinks, so the bot cannot peek by construction.
#pragma once

#include <memory>

#include "rules/core/bot.hpp"
#include "rules/core/bots/sight.hpp"

namespace tortuga {

class Game;

class SightedBot {
 public:
  virtual ~SightedBot() = default;
  // Called only when sight.seat may act; returns one of sight.legal. `rng` is the bot's own.
  virtual Json choose(const Sight& sight, Chance& rng) const = 0;
};

// A SightedBot behind the Bot interface, for callers that hold the State (the room, tests, the
// duel): it builds the Sight and gives the bot nothing else, and for the bot pool it builds it in
// prepare, on the state's own thread, so the thinking thread holds only the Sight.
class SightedBotAdapter : public Bot {
 public:
  SightedBotAdapter(const Game& game, std::shared_ptr<const SightedBot> bot)
      : game_(game), bot_(std::move(bot)) {}
  Json choose(const State& state, int seat, Chance& rng) const override;
  // The Sight made now, on the state's own thread: the thought is handed that alone.
  Thought prepare(const State& state, int seat) const override;
  const std::shared_ptr<const SightedBot>& sighted() const { return bot_; }

 private:
  const Game& game_;
  std::shared_ptr<const SightedBot> bot_;
};

}  // namespace tortuga
