#include "rules/core/bots/determinizer.hpp"

namespace tortuga {

double win_share(const Json& result, int seat) {
  const Json& winners = result.value("winners", Json::array());
  for (const Json& winner : winners)
    if (winner == seat) return 1.0 / static_cast<double>(winners.size());
  return 0.0;
}

double Determinizer::outcome(const State& state, int seat) const {
  return win_share(state.result(), seat);
}

// Without a game's judgement, an unfinished match is an even chance for everyone.
double Determinizer::estimate(const State& state, int seat) const {
  return 1.0 / static_cast<double>(state.seats());
}

Json Determinizer::rollout_action(const State& state, int seat, Chance& rng) const {
  Json legal = state.legal_actions(seat);
  if (legal.empty()) return Json(nullptr);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

}  // namespace tortuga
