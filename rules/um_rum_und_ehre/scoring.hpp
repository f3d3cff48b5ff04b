// The final scoring of one player's tiles: every tile's value, except that of each article of
// pirate goods only the highest counts, encounters count only once fulfilled (only those are
// under the flag), and maps count only in pairs of one colour (the best pairs).
#pragma once

#include <vector>

#include "rules/um_rum_und_ehre/kinds.hpp"

namespace tortuga::um_rum_und_ehre {

struct Score {
  int taverns = 0, maps = 0, goods = 0, encounters = 0, chests = 0, guards = 0, sleeping = 0;
  int total() const { return taverns + maps + goods + encounters + chests + guards + sleeping; }
};

Score score_tiles(const std::vector<Tile>& flag);

}  // namespace tortuga::um_rum_und_ehre
