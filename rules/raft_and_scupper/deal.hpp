// Dealing the ships as the rulebook says: mix the tiles face down; each odd position takes the
// next tile drawn; each even position takes the next tile turned up that has the other cargo and
// the other rigging of the tile before it, the tiles turned up meanwhile staying unplaced; when
// the face-down pile runs out, all unplaced tiles are mixed face down again and the deal resumes.
#pragma once

#include <vector>

#include "rules/core/chance.hpp"
#include "rules/raft_and_scupper/kinds.hpp"

namespace tortuga::raft_and_scupper {

// The tiles of a game: `ships` / 4 of each kind (36 for the full game, 16 for the short one).
std::vector<Kind> ship_tiles(int ships);

// The chance event a match file may write for the deal: "ships", the kind of tile at each position.
inline constexpr const char* kShipsEvent = "ships";

// The kind of tile at each position 1..n (element k - 1 for position k), from `tiles` mixed with
// `chance`. Every draw comes from `chance`, so a seed reproduces the deal. Where the match file
// writes the "ships" event, the deal is that one instead, once checked: the tiles of the game,
// each pair's second tile the opposite of its first, as the rulebook's deal always leaves them.
std::vector<Kind> deal(std::vector<Kind> tiles, Chance& chance);

// The same deal from a face-down pile already mixed (drawn from the front); `chance` mixes it
// again whenever it runs out.
std::vector<Kind> deal_from_pile(std::vector<Kind> pile, Chance& chance);

}  // namespace tortuga::raft_and_scupper
