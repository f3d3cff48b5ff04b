#include "rules/core/bot.hpp"

namespace tortuga {

Json RandomBot::choose(const State& state, int seat, Chance& rng) const {
  Json legal = state.legal_actions(seat);
  if (legal.empty()) return Json(nullptr);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

}  // namespace tortuga
