// Um Rum & Ehre's ranking for ratings: by points, the ties broken as the winner's are (fewer
// pirates in the recruiting office, then more rum, then more coins); a tie on all of them is a
// tie in the ranking too.
#include <array>

#include "rules/um_rum_und_ehre/um_rum_und_ehre_game.hpp"

namespace tortuga::um_rum_und_ehre {

std::optional<Ranking> UmRumUndEhreGame::ranking(const Json& result, int seats) const {
  const auto it = result.find("detail");
  if (it == result.end() || !it->is_array() || static_cast<int>(it->size()) != seats)
    return std::nullopt;
  std::vector<std::array<int, 4>> keys(seats);
  for (const Json& d : *it) {
    const int seat = d.value("seat", -1);
    if (seat < 0 || seat >= seats) return std::nullopt;
    keys[seat] = {d.value("points", 0), -d.value("office", 0), d.value("rum", 0),
                  d.value("coins", 0)};
  }
  return ranking::by_key(seats, keys);
}

}  // namespace tortuga::um_rum_und_ehre
