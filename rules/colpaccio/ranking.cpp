// Colpaccio's ranking for ratings: the result's places (by prestige, the rulebook's ties broken
// as the game breaks them, the rest shared). The solo duel against the Corsairs is not rated.
#include "rules/colpaccio/colpaccio_game.hpp"

namespace tortuga::colpaccio {

std::optional<Ranking> ColpaccioGame::ranking(const Json& result, int seats) const {
  const auto it = result.find("places");
  if (seats < 2 || it == result.end() || !it->is_array()) return std::nullopt;
  Ranking out;
  std::vector<bool> seen(seats, false);
  int rank = 0;
  for (const Json& place : *it) {
    if (!place.is_array()) return std::nullopt;
    for (const Json& seat : place) {
      if (!seat.is_number_integer()) return std::nullopt;
      const int s = seat.get<int>();
      if (s < 0 || s >= seats || seen[s]) return std::nullopt;
      seen[s] = true;
      out.push_back({{s}, rank});
    }
    ++rank;
  }
  if (static_cast<int>(out.size()) != seats) return std::nullopt;
  return out;
}

}  // namespace tortuga::colpaccio
