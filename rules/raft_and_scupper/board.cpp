#include "rules/raft_and_scupper/board.hpp"

#include <algorithm>
#include <cassert>

namespace tortuga::raft_and_scupper {

Board::Board(int width, int height)
    : width_(static_cast<std::int16_t>(width + 2 * kMargin)),
      height_(static_cast<std::int16_t>(height + 2 * kMargin)) {
  assert(width >= 1 && height >= 1 && width_ * height_ <= kMaxCells);
  ship_cells_.fill(kNoCell);
}

int Board::neighbours(Cell cell, std::array<Cell, 4>& out) const {
  const int x = cell % width_, y = cell / width_;
  int n = 0;
  if (x > 0) out[n++] = static_cast<Cell>(cell - 1);
  if (x + 1 < width_) out[n++] = static_cast<Cell>(cell + 1);
  if (y > 0) out[n++] = static_cast<Cell>(cell - width_);
  if (y + 1 < height_) out[n++] = static_cast<Cell>(cell + width_);
  return n;
}

void Board::place(int ship, Kind kind, Cell cell) {
  assert(ship >= 1 && ship <= kMaxShips && cells_[cell] == 0);
  cells_[cell] = static_cast<std::uint8_t>(ship);
  kinds_[ship] = kind;
  ship_cells_[ship] = cell;
  max_id_ = static_cast<std::int8_t>(std::max<int>(max_id_, ship));
  ++ship_count_;
}

void Board::move(Cell from, Cell to) {
  assert(cells_[from] != 0 && cells_[to] == 0);
  const int ship = cells_[from];
  cells_[to] = cells_[from];
  cells_[from] = 0;
  ship_cells_[ship] = to;
}

void Board::remove(Cell cell) {
  assert(cells_[cell] != 0);
  ship_cells_[cells_[cell]] = kNoCell;
  cells_[cell] = 0;
  --ship_count_;
}

Box Board::area(Cell ignoring) const {
  // In grid columns and rows first; an empty box when no ship counts.
  int x0 = width_, y0 = height_, x1 = -1, y1 = -1;
  for (int id = 1; id <= max_id_; ++id) {
    const Cell cell = ship_cells_[id];
    if (cell == kNoCell || cell == ignoring) continue;
    const int x = cell % width_, y = cell / width_;
    x0 = std::min(x0, x);
    y0 = std::min(y0, y);
    x1 = std::max(x1, x);
    y1 = std::max(y1, y);
  }
  return {x0 - kMargin, y0 - kMargin, x1 - kMargin, y1 - kMargin};
}

int Board::open_edges(Cell cell) const {
  std::array<Cell, 4> around;
  const int n = neighbours(cell, around);
  int open = 4 - n;
  for (int i = 0; i < n; ++i) open += cells_[around[i]] == 0;
  return open;
}

namespace {

// Flood fill over ships accepted by `keep`, from the ship at `start`.
template <class Keep>
ShipSet flood(const Board& board, Cell start, Keep keep) {
  std::array<Cell, kMaxShips> stack;
  int top = 0;
  ShipSet seen = ShipSet{1} << board.ship_at(start);
  stack[top++] = start;
  std::array<Cell, 4> around;
  while (top > 0) {
    const Cell cell = stack[--top];
    const int n = board.neighbours(cell, around);
    for (int i = 0; i < n; ++i) {
      const int ship = board.ship_at(around[i]);
      if (ship == 0 || (seen >> ship & 1) || !keep(around[i])) continue;
      seen |= ShipSet{1} << ship;
      stack[top++] = around[i];
    }
  }
  return seen;
}

int count(ShipSet set) {
  return __builtin_popcountll(set);
}

}  // namespace

bool Board::all_connected(Cell ignoring) const {
  const int expected = ship_count_ - (ignoring != kNoCell && cells_[ignoring] != 0);
  if (expected <= 1) return true;
  for (int id = 1; id <= max_id_; ++id) {
    const Cell start = ship_cells_[id];
    if (start == kNoCell || start == ignoring) continue;
    return count(flood(*this, start, [&](Cell c) { return c != ignoring; })) == expected;
  }
  return true;
}

ShipSet Board::flotilla(Cell cell, Trait trait) const {
  assert(has_ship(cell) && has_trait(kind_at(cell), trait));
  return flood(*this, cell, [&](Cell c) { return has_trait(kind_at(c), trait); });
}

std::array<int, 4> Board::flotilla_counts() const {
  // Every view and every ending check counts them, so no flood fill: the ships of each trait,
  // less one for each pair of them side by side that joins two of its flotillas (union-find over
  // ship ids, one forest per trait, all four grown in the same walk over the sides).
  std::array<std::array<std::int8_t, kMaxShips + 1>, 4> parent;
  std::array<std::uint8_t, kMaxShips + 1> traits{};  // bit t set when the ship has trait t
  std::array<int, 4> flotillas{};
  for (int id = 1; id <= max_id_; ++id) {
    if (ship_cells_[id] == kNoCell) continue;
    for (Trait trait : kAllTraits) {
      if (!has_trait(kinds_[id], trait)) continue;
      const int t = static_cast<int>(trait);
      traits[id] |= static_cast<std::uint8_t>(1 << t);
      parent[t][id] = static_cast<std::int8_t>(id);
      ++flotillas[t];
    }
  }
  for (int id = 1; id <= max_id_; ++id) {
    const Cell cell = ship_cells_[id];
    if (cell == kNoCell) continue;
    // Each side once: the neighbour to the right and the one below (ship 0 has no traits).
    const bool right = cell % width_ + 1 < width_, below = cell / width_ + 1 < height_;
    for (const int other : {right ? cells_[cell + 1] : 0, below ? cells_[cell + width_] : 0}) {
      for (unsigned shared = traits[id] & traits[other]; shared; shared &= shared - 1) {
        auto& up = parent[__builtin_ctz(shared)];
        auto root = [&](int ship) {
          while (up[ship] != ship) ship = up[ship] = up[up[ship]];
          return ship;
        };
        const int a = root(id), b = root(other);
        if (a == b) continue;
        up[a] = static_cast<std::int8_t>(b);
        --flotillas[__builtin_ctz(shared)];
      }
    }
  }
  return flotillas;
}

std::uint8_t Board::rafted_bits() const {
  const auto counts = flotilla_counts();
  std::uint8_t bits = 0;
  for (int t = 0; t < 4; ++t) bits |= static_cast<std::uint8_t>((counts[t] == 1) << t);
  return bits;
}

int Board::label_groups(std::array<std::int8_t, kMaxShips + 1>& group, Cell ignoring) const {
  group.fill(-1);
  int groups = 0;
  for (int id = 1; id <= max_id_; ++id) {
    const Cell cell = ship_cells_[id];
    if (cell == kNoCell || cell == ignoring || group[id] >= 0) continue;
    ShipSet members = flood(*this, cell, [&](Cell c) { return c != ignoring; });
    for (ShipSet rest = members; rest; rest &= rest - 1)
      group[__builtin_ctzll(rest)] = static_cast<std::int8_t>(groups);
    ++groups;
  }
  return groups;
}

}  // namespace tortuga::raft_and_scupper
