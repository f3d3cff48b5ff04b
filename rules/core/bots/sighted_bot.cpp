#include "rules/core/bots/sighted_bot.hpp"

namespace tortuga {

Json SightedBotAdapter::choose(const State& state, int seat, Chance& rng) const {
  return bot_->choose(see_from(game_, state, seat), rng);
}

Thought SightedBotAdapter::prepare(const State& state, int seat) const {
  auto sight = std::make_shared<const Sight>(see_from(game_, state, seat));
  return [bot = bot_, sight](Chance& rng) { return bot->choose(*sight, rng); };
}

}  // namespace tortuga
