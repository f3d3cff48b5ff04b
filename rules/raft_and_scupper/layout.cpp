#include "rules/raft_and_scupper/layout.hpp"

#include <algorithm>
#include <cassert>
#include <set>
#include <string>

#include "rules/raft_and_scupper/layouts_data.hpp"

namespace tortuga::raft_and_scupper {
namespace {

constexpr long long kCoordinateLimit = 1000;

Error refuse(std::string message) {
  return {code::kBadOptions, "option layout: " + message};
}

std::string cell_text(std::pair<int, int> cell) {
  std::string text = "[";
  text.append(std::to_string(cell.first)).append(",").append(std::to_string(cell.second));
  return text + "]";
}

bool side_by_side(std::pair<int, int> a, std::pair<int, int> b) {
  return std::abs(a.first - b.first) + std::abs(a.second - b.second) == 1;
}

bool connected(const std::vector<std::pair<int, int>>& cells) {
  std::set<std::pair<int, int>> left(cells.begin(), cells.end());
  std::vector<std::pair<int, int>> stack = {cells.front()};
  left.erase(cells.front());
  while (!stack.empty()) {
    auto [x, y] = stack.back();
    stack.pop_back();
    for (auto next :
         {std::pair{x - 1, y}, std::pair{x + 1, y}, std::pair{x, y - 1}, std::pair{x, y + 1}}) {
      if (left.erase(next)) stack.push_back(next);
    }
  }
  return left.empty();
}

}  // namespace

Expected<Layout> parse_layout(const nlohmann::json& positions, int ships) {
  if (!positions.is_array()) return refuse("must be an array of [x, y] cells");
  if (static_cast<int>(positions.size()) != ships)
    return refuse("needs exactly " + std::to_string(ships) + " positions, got " +
                  std::to_string(positions.size()));
  Layout layout;
  std::set<std::pair<int, int>> seen;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const auto& cell = positions[i];
    const std::string which = "position " + std::to_string(i + 1);
    if (!cell.is_array() || cell.size() != 2 || !cell[0].is_number_integer() ||
        !cell[1].is_number_integer())
      return refuse(which + " must be an [x, y] pair of integers");
    auto in_range = [](const nlohmann::json& v) {
      if (v.is_number_unsigned()) return v.get<unsigned long long>() <= kCoordinateLimit;
      const long long n = v.get<long long>();
      return n >= -kCoordinateLimit && n <= kCoordinateLimit;
    };
    if (!in_range(cell[0]) || !in_range(cell[1]))
      return refuse(which + " has a coordinate beyond +-" + std::to_string(kCoordinateLimit));
    std::pair<int, int> xy{cell[0].get<int>(), cell[1].get<int>()};
    if (!seen.insert(xy).second) return refuse(which + " repeats the cell " + cell_text(xy));
    layout.positions.push_back(xy);
  }
  for (std::size_t k = 0; k + 1 < layout.positions.size(); k += 2) {
    if (!side_by_side(layout.positions[k], layout.positions[k + 1]))
      return refuse("positions " + std::to_string(k + 1) + " and " + std::to_string(k + 2) +
                    " must be side by side");
  }
  if (!connected(layout.positions)) return refuse("the ships must all be connected by sides");
  int x0 = layout.positions[0].first, y0 = layout.positions[0].second;
  int x1 = x0, y1 = y0;
  for (auto [x, y] : layout.positions) {
    x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
  }
  for (auto& [x, y] : layout.positions) x -= x0, y -= y0;
  layout.width = x1 - x0 + 1;
  layout.height = y1 - y0 + 1;
  layout.cells = layout_json(layout);
  return layout;
}

std::shared_ptr<const Layout> standard_layout(bool short_game) {
  static const auto layouts = [] {
    const auto data = nlohmann::json::parse(kLayoutsJson);
    auto full = parse_layout(data["full"]["positions"], kFullShips);
    auto brief = parse_layout(data["short"]["positions"], kShortShips);
    assert(full.ok() && brief.ok());
    return std::pair{std::make_shared<const Layout>(std::move(*full)),
                     std::make_shared<const Layout>(std::move(*brief))};
  }();
  return short_game ? layouts.second : layouts.first;
}

nlohmann::json layout_json(const Layout& layout) {
  nlohmann::json cells = nlohmann::json::array();
  for (auto [x, y] : layout.positions) cells.push_back({x, y});
  return cells;
}

}  // namespace tortuga::raft_and_scupper
