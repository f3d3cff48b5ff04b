#include "rules/core/bots/sighted_bot.hpp"

namespace tortuga {

Json SightedBotAdapter::choose(const State& state, int seat, Chance& rng) const {
  return bot_->choose(see_from(game_, state, seat), rng);
}

}  // namespace tortuga
