// Where the ships are and how they touch: a fixed grid (the bounding box of the setup layout,
// which no ship may ever leave), the ships on it, their flotillas and their connectedness.
// Compact on purpose: a match copies its board for every look-ahead a bot makes.
#pragma once

#include <array>
#include <cstdint>

#include "rules/raft_and_scupper/kinds.hpp"

namespace tortuga::raft {

inline constexpr int kMaxShips = 36;
// A side-connected set of 36 cells spans at most width + height = 37, so at most 18 x 19 cells.
inline constexpr int kMaxCells = 18 * 19;

using Cell = std::int16_t;  // y * width + x; kNoCell when there is none
inline constexpr Cell kNoCell = -1;

// A set of ships by id (ids 1..36 fit in one word).
using ShipSet = std::uint64_t;

struct Box {
  int x0, y0, x1, y1;  // inclusive
  int width() const { return x1 - x0 + 1; }
  int height() const { return y1 - y0 + 1; }
  bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

class Board {
 public:
  Board() = default;
  Board(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  int x_of(Cell cell) const { return cell % width_; }
  int y_of(Cell cell) const { return cell / width_; }
  bool on_grid(long long x, long long y) const {
    return x >= 0 && y >= 0 && x < width_ && y < height_;
  }
  Cell cell_at(int x, int y) const { return static_cast<Cell>(y * width_ + x); }
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

  // The bounding box of the remaining ships: the play area.
  Box area() const;
  // Sides of this cell that touch no ship (the grid's edge counts as open water).
  int open_edges(Cell cell) const;
  // Every remaining ship connected to every other by sides; `ignoring` counts as already gone.
  bool all_connected(Cell ignoring = kNoCell) const;
  // The ships sharing `trait` side-connected to the ship at `cell` (which must have the trait).
  ShipSet flotilla(Cell cell, Trait trait) const;
  // How many flotillas of `trait` there are (0 when no ship has it).
  int flotilla_count(Trait trait) const;
  // All remaining ships with `trait` form one flotilla (and there is at least one).
  bool rafted(Trait trait) const { return flotilla_count(trait) == 1; }
  // Labels each ship (but `ignoring`) with its connected group; returns how many groups.
  int label_groups(std::array<std::int8_t, kMaxShips + 1>& group, Cell ignoring) const;

  friend bool operator==(const Board&, const Board&) = default;

 private:
  std::int16_t width_ = 0;
  std::int16_t height_ = 0;
  std::int8_t max_id_ = 0;
  std::int8_t ship_count_ = 0;
  std::array<std::uint8_t, kMaxCells> cells_{};
  std::array<Kind, kMaxShips + 1> kinds_{};
  std::array<Cell, kMaxShips + 1> ship_cells_{};
};

}  // namespace tortuga::raft
