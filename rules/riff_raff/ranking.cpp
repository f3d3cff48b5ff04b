// Riff Raff's ranking for ratings: the winners first, then the others by pieces left, fewer
// ahead, the same number tied.
#include "rules/riff_raff/riff_raff_game.hpp"

namespace tortuga::riff_raff {

std::optional<Ranking> RiffRaffGame::ranking(const Json& result, int seats) const {
  const auto winners = ranking::winners(result, seats);
  auto pieces = ranking::numbers(result, "scores", seats);
  if (!winners || winners->empty() || !pieces) return std::nullopt;
  for (int& p : *pieces) p = -p;
  return ranking::winners_then(*winners, seats, *pieces);
}

}  // namespace tortuga::riff_raff
