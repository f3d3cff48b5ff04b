#include "rules/core/bot.hpp"

#include <memory>

namespace tortuga {

Thought Bot::prepare(const State& state, int seat) const {
  std::shared_ptr<const State> copy = state.clone();
  return [this, copy, seat](Chance& rng) { return choose(*copy, seat, rng); };
}

Json RandomBot::choose(const State& state, int seat, Chance& rng) const {
  Json legal = state.legal_actions(seat);
  if (legal.empty()) return Json(nullptr);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

}  // namespace tortuga
