#include "rules/raft_and_scupper/diagram.hpp"

#include <sstream>

namespace tortuga::raft_and_scupper {
namespace {

Error refuse(std::string message) {
  return {code::kBadOptions, "diagram: " + std::move(message)};
}

}  // namespace

Expected<Position> position_from_diagram(const std::vector<std::string>& rows) {
  std::vector<std::vector<std::string>> tokens;
  std::size_t width = 0;
  for (const auto& row : rows) {
    std::istringstream in(row);
    tokens.emplace_back();
    for (std::string token; in >> token;) tokens.back().push_back(token);
    if (width != 0 && tokens.back().size() != width)
      return refuse("every row needs the same number of cells");
    width = tokens.back().size();
  }
  // The grid adds a margin of one cell of water around the diagram (see board.hpp).
  if (width == 0 || (width + 2) * (rows.size() + 2) > static_cast<std::size_t>(kMaxCells))
    return refuse(
        "the grid must have at least one cell and, with a margin of one cell on every "
        "side, at most " +
        std::to_string(kMaxCells) + " cells");
  Position position;
  position.board = Board(static_cast<int>(width), static_cast<int>(rows.size()));
  int next_id = 1;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    for (std::size_t x = 0; x < width; ++x) {
      const std::string& token = tokens[y][x];
      if (token == ".") continue;
      const std::string where = " at [" + std::to_string(x) + "," + std::to_string(y) + "]";
      if (token.size() < 2 || token.size() > 3 || (token[0] != 'G' && token[0] != 'S') ||
          (token[1] != 'r' && token[1] != 's'))
        return refuse("cannot read \"" + token + "\"" + where);
      if (next_id > kMaxShips) return refuse("more than 36 ships");
      const Kind kind = static_cast<Kind>((token[0] == 'S') | (token[1] == 's') << 1);
      const Cell cell = position.board.cell_at(static_cast<int>(x), static_cast<int>(y));
      position.board.place(next_id++, kind, cell);
      if (token.size() == 3) {
        const int pirate = token[2] - '0';
        if (pirate < 0 || pirate >= kPirates) return refuse("pirate ids are 0 to 3" + where);
        if (position.pirates[pirate] != kNoCell) return refuse("pirate placed twice" + where);
        if (!favours(crew_of_pirate(pirate), kind))
          return refuse("a " + std::string(figure_name(crew_of_pirate(pirate))) +
                        " may not stand on that ship" + where);
        position.pirates[pirate] = cell;
      }
    }
  }
  return position;
}

std::string diagram_of(const Position& position) {
  // The play area's rows: its top-left cell is the area's corner, wherever the area lies.
  const Board& board = position.board;
  const Box area = board.area();
  std::string text;
  for (int y = area.y0; y <= area.y1; ++y) {
    for (int x = area.x0; x <= area.x1; ++x) {
      const Cell cell = board.cell_at(x, y);
      std::string token = ".";
      if (board.has_ship(cell)) {
        const Kind kind = board.kind_at(cell);
        token = std::string(1, has_trait(kind, Trait::kGold) ? 'G' : 'S') +
                (has_trait(kind, Trait::kRound) ? 'r' : 's');
        if (const int p = position.pirate_at(cell); p >= 0) token += static_cast<char>('0' + p);
      }
      token.resize(4, ' ');
      text += token;
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    text += '\n';
  }
  return text;
}

}  // namespace tortuga::raft_and_scupper
