#include "rules/core/bots/determinizer.hpp"

#include <algorithm>

namespace tortuga {

double win_share(const Json& result, int seat) {
  const Json& winners = result.value("winners", Json::array());
  for (const Json& winner : winners)
    if (winner == seat) return 1.0 / static_cast<double>(winners.size());
  return 0.0;
}

double score_of(const Json& result, int seat) {
  const Json& scores = result.value("scores", Json::array());
  if (seat < 0 || seat >= static_cast<int>(scores.size())) return 0.0;
  return std::max(0.0, scores[seat].get<double>());
}

double win_then_score(const Json& result, int seat) {
  double best = 1.0;
  for (const Json& score : result.value("scores", Json::array()))
    best = std::max(best, score.get<double>());
  return 0.9 * win_share(result, seat) + 0.1 * score_of(result, seat) / best;
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
