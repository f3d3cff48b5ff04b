// Positions written as text, for tests, scenarios and readable failure messages. One string per
// row, one token per cell, separated by spaces: "." is open water; "Gr", "Gs", "Sr", "Ss" are
// ships (Gold or Spice cargo, round or square rigging), optionally followed by the id of the
// pirate aboard (0, 1: Yellowbeards; 2, 3: Blackbeards). Ships get ids 1, 2, ... in reading order.
// The first token of the first row is the world cell [0, 0].
//
//   {"Gr0 Ss  .",
//    "Sr  Gs2 Gr"}
#pragma once

#include <string>
#include <vector>

#include "rules/core/error.hpp"
#include "rules/raft_and_scupper/position.hpp"

namespace tortuga::raft_and_scupper {

// The Yellowbeards are to move, nothing has been sunk and nobody has passed.
Expected<Position> position_from_diagram(const std::vector<std::string>& rows);

// The play area in the same notation (its first token is the area's corner, not [0, 0]).
std::string diagram_of(const Position& position);

}  // namespace tortuga::raft_and_scupper
