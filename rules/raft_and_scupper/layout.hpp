// The setup diagrams: which grid cell each numbered position (1..36, or 1..16 in the short game)
// takes. The rulebook's diagrams are lost, so ours live in layouts.json beside this file (built
// into the library) and a match may bring its own through the "layout" option.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga::raft_and_scupper {

struct Layout {
  int width = 0;
  int height = 0;
  // positions[k - 1] is the cell [x, y] of position k, with the grid's corner at [0, 0].
  std::vector<std::pair<int, int>> positions;
  // The same positions as JSON, made once for every view.
  nlohmann::json cells = nlohmann::json::array();
};

inline constexpr int kFullShips = 36;
inline constexpr int kShortShips = 16;

// The layouts we ship (layouts.json), shared by every match that uses them.
std::shared_ptr<const Layout> standard_layout(bool short_game);

// Checks a layout given as [[x, y], ...]: the right number of positions, integer cells, all
// distinct, all side-connected, and each pair (1,2), (3,4), ... side by side. The cells are moved
// so that the smallest x and y are 0. Refuses with code bad_options and a precise message.
Expected<Layout> parse_layout(const nlohmann::json& positions, int ships);

nlohmann::json layout_json(const Layout& layout);

}  // namespace tortuga::raft_and_scupper
