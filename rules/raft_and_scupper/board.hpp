// Where the ships are and how they touch: the ships, their cells, their flotillas and their
// connectedness. Compact on purpose: a match copies its board for every look-ahead a bot makes.
//
// The rules have no board: the ships float on open water, and a sail may not make the play area
// wider or longer (sizes, not a place). Yet no ship ever leaves the bounding box of the setup
// layout, so a fixed grid is enough: no moving origin, no re-anchoring, coordinates that never
// shift. Why: at the start of every turn all ships are connected by sides. When the sailing ship
// shares the area's first and last columns with other ships, the others span all the area's
// columns, so the ship may use exactly those; likewise for rows. A ship alone in the first column
// touches only the ship beside it (a leaf), so the others stay connected and span all the area's
// rows; the sizes would let the ship use one column beyond the last, but it shares its row with
// the ship beside it, so it must stay within those rows, and there the others, connected from the
// top row to the bottom one, wall that column off. Likewise for the last column and for rows. So
// every cell a sail reaches lies inside the play area as it was, the area after a sail lies
// inside the area before it, and it never drifts. (The tests check this for every connected
// shape of up to 8 ships, in random larger ones, and in whole matches.)
//
// World coordinates [x, y], the ones clients see, put the layout's box at [0, 0]..[width-1,
// height-1]. The grid adds a margin of one cell of water on every side: every cell the size rule
// admits for a sail (at most one beyond the area's edge) is on the grid, so a refusal can say
// exactly why, and a ship's sides are always cells of the grid. Cells beyond the grid are open
// water no move can reach.
#pragma once

#include <array>
#include <cstdint>

#include "rules/raft_and_scupper/kinds.hpp"

namespace tortuga::raft_and_scupper {

inline constexpr int kMaxShips = 36;
// A side-connected set of 36 cells spans at most width + height = 37, so at most 18 x 19 cells;
// with the margin of water the grid has at most 20 x 21 cells.
inline constexpr int kMaxCells = 20 * 21;

using Cell = std::int16_t;  // an index into the grid; kNoCell when there is none
inline constexpr Cell kNoCell = -1;

// A set of ships by id (ids 1..36 fit in one word).
using ShipSet = std::uint64_t;

// A box of cells in world coordinates.
struct Box {
  int x0, y0, x1, y1;  // inclusive
  int width() const { return x1 - x0 + 1; }
  int height() const { return y1 - y0 + 1; }
  bool empty() const { return x1 < x0 || y1 < y0; }
  bool contains(long long x, long long y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
  friend bool operator==(const Box&, const Box&) = default;
};

class Board {
 public:
  Board() = default;
  // A board for ships within [0, width) x [0, height).
  Board(int width, int height);

  // The box no ship ever leaves: [0, 0]..[width() - 1, height() - 1].
  int width() const { return width_ - 2 * kMargin; }
  int height() const { return height_ - 2 * kMargin; }
  // The grid: that box and a margin of water around it.
  Box window() const { return {-kMargin, -kMargin, width(), height()}; }
  int cell_count() const { return width_ * height_; }
  int x_of(Cell cell) const { return cell % width_ - kMargin; }
  int y_of(Cell cell) const { return cell / width_ - kMargin; }
  // Whether the world cell [x, y] is on the grid; cells beyond it are open water.
  bool contains(long long x, long long y) const { return window().contains(x, y); }
  // The cell at world [x, y], which must be on the grid.
  Cell cell_at(long long x, long long y) const {
    return static_cast<Cell>((y + kMargin) * width_ + (x + kMargin));
  }
  // Side neighbours on the grid; returns how many were written.
  int neighbours(Cell cell, std::array<Cell, 4>& out) const;

  // Ships have ids 1..max_id(), their setup position numbers; 0 means no ship.
  int ship_at(Cell cell) const { return cells_[cell]; }
  bool has_ship(Cell cell) const { return cells_[cell] != 0; }
  Kind kind_at(Cell cell) const { return kinds_[cells_[cell]]; }
  Kind kind_of(int ship) const { return kinds_[ship]; }
  Cell cell_of(int ship) const { return ship_cells_[ship]; }  // kNoCell once scuppered
  int max_id() const { return max_id_; }
  int ship_count() const { return ship_count_; }

  void place(int ship, Kind kind, Cell cell);
  void set_kind(int ship, Kind kind) { kinds_[ship] = kind; }
  void move(Cell from, Cell to);
  void remove(Cell cell);

  // The bounding box of the remaining ships but the one at `ignoring`: the play area when nothing
  // is ignored. Empty (see Box::empty) when there are no such ships.
  Box area(Cell ignoring = kNoCell) const;
  // Sides of this cell that touch no ship.
  int open_edges(Cell cell) const;
  // Every remaining ship connected to every other by sides; `ignoring` counts as already gone.
  bool all_connected(Cell ignoring = kNoCell) const;
  // The ships sharing `trait` side-connected to the ship at `cell` (which must have the trait).
  ShipSet flotilla(Cell cell, Trait trait) const;
  // How many flotillas each trait's ships form (0 when no ship has it), indexed by the trait's
  // value: the four counted in one pass over the board.
  std::array<int, 4> flotilla_counts() const;
  int flotilla_count(Trait trait) const { return flotilla_counts()[static_cast<int>(trait)]; }
  // Bit t set when all remaining ships with trait t form one flotilla (and there is at least one).
  std::uint8_t rafted_bits() const;
  // Labels each ship (but `ignoring`) with its connected group; returns how many groups.
  int label_groups(std::array<std::int8_t, kMaxShips + 1>& group, Cell ignoring) const;

  friend bool operator==(const Board&, const Board&) = default;

 private:
  static constexpr int kMargin = 1;
  std::int16_t width_ = 0;  // of the grid, margin included
  std::int16_t height_ = 0;
  std::int8_t max_id_ = 0;
  std::int8_t ship_count_ = 0;
  std::array<std::uint8_t, kMaxCells> cells_{};
  std::array<Kind, kMaxShips + 1> kinds_{};
  std::array<Cell, kMaxShips + 1> ship_cells_{};
};

}  // namespace tortuga::raft_and_scupper
