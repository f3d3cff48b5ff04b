#include "rules/raft_and_scupper/position.hpp"

#include <algorithm>
#include <cassert>

namespace tortuga::raft_and_scupper {

std::string cell_text(long long x, long long y) {
  // Appended piece by piece: "[" + std::string trips a false -Wrestrict in g++ 12.
  std::string text = "[";
  text.append(std::to_string(x)).append(",").append(std::to_string(y));
  return text + "]";
}

std::string cell_text(const Board& board, Cell cell) {
  return cell_text(board.x_of(cell), board.y_of(cell));
}

namespace {

std::string pirate_text(int pirate) {
  return "pirate " + std::to_string(pirate) + " (a " +
         std::string(figure_name(crew_of_pirate(pirate))) + ")";
}

// Bit t set for each of the crew's two traits.
std::uint8_t crew_traits(Crew crew) {
  return static_cast<std::uint8_t>(1 << static_cast<int>(cargo_trait(crew)) |
                                   1 << static_cast<int>(rigging_trait(crew)));
}

}  // namespace

int Position::pirate_at(Cell cell) const {
  for (int p = 0; p < kPirates; ++p)
    if (pirates[p] == cell) return p;
  return -1;
}

std::uint8_t Position::rafted_traits_any() const {
  return board.rafted_bits();
}

void Position::jump_targets(int pirate, std::vector<Cell>& out) const {
  const Cell from = pirates[pirate];
  if (from == kNoCell) return;
  const Crew crew = crew_of_pirate(pirate);
  const Kind kind = board.kind_at(from);
  ShipSet ships = 0;
  for (Trait trait : {cargo_trait(crew), rigging_trait(crew)})
    if (has_trait(kind, trait)) ships |= board.flotilla(from, trait);
  const std::size_t first = out.size();
  for (ShipSet rest = ships; rest; rest &= rest - 1) {
    const Cell cell = board.cell_of(__builtin_ctzll(rest));
    if (cell != from && pirate_at(cell) < 0) out.push_back(cell);
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

Box Position::sailing_box(Cell from) const {
  // The rule limits sizes, not places: with the ship at [x, y], the box of all ships is the box
  // of the others stretched to reach [x, y], and it must stay within the play area's width and
  // length as they are before the ship leaves. That holds exactly for x within W - 1 columns of
  // both the others' leftmost and rightmost column, and likewise for y.
  const Box area = board.area();
  const Box others = board.area(from);
  if (others.empty()) return board.window();  // a lone ship: nothing to measure against
  return {others.x1 - area.width() + 1, others.y1 - area.height() + 1, others.x0 + area.width() - 1,
          others.y0 + area.height() - 1};
}

void Position::reachable_water(Cell from, const Box& limit, std::vector<Cell>& out) const {
  // The other ships stay put, so whether a cell may be visited depends on that cell alone: a
  // plain search over the empty cells within `limit`. The grid holds every cell of the sailing
  // box in any position play can reach (see board.hpp).
  std::array<bool, kMaxCells> seen{};
  std::array<Cell, kMaxCells> queue;
  int head = 0, tail = 0;
  queue[tail++] = from;
  seen[from] = true;
  std::array<Cell, 4> around;
  const std::size_t first = out.size();
  while (head < tail) {
    const Cell cell = queue[head++];
    const int n = board.neighbours(cell, around);
    for (int i = 0; i < n; ++i) {
      const Cell next = around[i];
      if (seen[next] || board.has_ship(next) || !limit.contains(board.x_of(next), board.y_of(next)))
        continue;
      seen[next] = true;
      queue[tail++] = next;
      out.push_back(next);
    }
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

void Position::sail_targets(int pirate, std::vector<Cell>& out) const {
  const Cell from = pirates[pirate];
  if (from == kNoCell) return;
  std::vector<Cell> water;
  reachable_water(from, sailing_box(from), water);
  // The other ships fall into groups once this one leaves; where it anchors must touch them all.
  std::array<std::int8_t, kMaxShips + 1> group;
  const int groups = board.label_groups(group, from);
  const std::uint64_t all = groups >= 64 ? ~0ULL : (1ULL << groups) - 1;
  std::array<Cell, 4> around;
  for (Cell to : water) {
    std::uint64_t touched = 0;
    const int n = board.neighbours(to, around);
    for (int i = 0; i < n; ++i) {
      if (around[i] == from) continue;
      const int ship = board.ship_at(around[i]);
      if (ship != 0) touched |= 1ULL << group[ship];
    }
    if (touched == all) out.push_back(to);
  }
}

std::string Position::jump_refusal(int pirate, long long x, long long y) const {
  const Crew crew = crew_of_pirate(pirate);
  if (crew != to_move)
    return pirate_text(pirate) + " is not one of the " + std::string(crew_title(to_move));
  const Cell from = pirates[pirate];
  if (from == kNoCell) return pirate_text(pirate) + " is not aboard any ship";
  const Cell to = board.contains(x, y) ? board.cell_at(x, y) : kNoCell;
  if (to == kNoCell || !board.has_ship(to)) return "there is no ship at " + cell_text(x, y);
  if (to == from)
    return pirate_text(pirate) + " is already aboard the ship at " + cell_text(board, to);
  if (const int other = pirate_at(to); other >= 0)
    return "the ship at " + cell_text(board, to) + " is occupied by " + pirate_text(other);
  const Kind kind = board.kind_at(from);
  std::string flotillas;
  for (Trait trait : {cargo_trait(crew), rigging_trait(crew)}) {
    if (!has_trait(kind, trait)) continue;
    if (board.flotilla(from, trait) >> board.ship_at(to) & 1) return "";
    flotillas += (flotillas.empty() ? "" : " or ") + std::string(flotilla_name(trait));
  }
  return "that ship is not in the pirate's " + flotillas + " flotilla";
}

std::string Position::sail_refusal(int pirate, long long x, long long y) const {
  if (crew_of_pirate(pirate) != to_move)
    return pirate_text(pirate) + " is not one of the " + std::string(crew_title(to_move));
  const Cell from = pirates[pirate];
  if (from == kNoCell) return pirate_text(pirate) + " is not aboard any ship";
  const Cell to = board.contains(x, y) ? board.cell_at(x, y) : kNoCell;
  if (to == from) return "the ship is already at " + cell_text(x, y);
  const Box area = board.area();
  const std::string wider = "wider than its " + std::to_string(area.width()) + " columns";
  const std::string longer = "longer than its " + std::to_string(area.height()) + " rows";
  const Box box = sailing_box(from);
  const bool too_wide = x < box.x0 || x > box.x1, too_long = y < box.y0 || y > box.y1;
  if (too_wide || too_long)
    return "sailing to " + cell_text(x, y) + " would make the play area " +
           (too_wide && too_long ? wider + " and " + longer
            : too_wide           ? wider
                                 : longer);
  const std::string way = " from " + cell_text(board, from) + " to " + cell_text(x, y);
  // Only a lone ship or ships not all connected (never the case in play) can have a sailing box
  // reaching beyond the grid.
  if (to == kNoCell) return "no way through empty water leads" + way;
  if (board.has_ship(to)) return "there is already a ship at " + cell_text(x, y);
  std::vector<Cell> cells;
  auto reaches = [&](const Box& limit) {
    cells.clear();
    reachable_water(from, limit, cells);
    return std::binary_search(cells.begin(), cells.end(), to);
  };
  if (!reaches(box)) {
    // Say which limit every way breaks: when no way keeps the rows within the limit (the columns
    // free), every way makes the area longer; likewise for the width.
    const Box all = board.window();
    const bool keeps_length = reaches({all.x0, box.y0, all.x1, box.y1});
    const bool keeps_width = reaches({box.x0, all.y0, box.x1, all.y1});
    if (!keeps_length && !keeps_width && !reaches(all))
      return "no way through empty water leads" + way;
    const std::string what = !keeps_length && !keeps_width ? wider + " and " + longer
                             : !keeps_width                ? wider
                             : !keeps_length               ? longer
                                                           : wider + " or " + longer;
    return "every way through empty water" + way + " would make the play area " + what +
           " on the way";
  }
  cells.clear();
  sail_targets(pirate, cells);
  if (!std::binary_search(cells.begin(), cells.end(), to))
    return "the ships would not all be connected by sides with this ship at " + cell_text(x, y);
  return "";
}

std::string Position::scupper_refusal(long long x, long long y) const {
  const Cell cell = board.contains(x, y) ? board.cell_at(x, y) : kNoCell;
  if (cell == kNoCell || !board.has_ship(cell)) return "there is no ship at " + cell_text(x, y);
  if (const int other = pirate_at(cell); other >= 0)
    return "the ship at " + cell_text(board, cell) + " is occupied by " + pirate_text(other);
  std::array<Cell, 4> around;
  const int n = board.neighbours(cell, around);
  bool beside_own = false;
  for (int i = 0; i < n; ++i) {
    const int p = pirate_at(around[i]);
    beside_own = beside_own || (p >= 0 && crew_of_pirate(p) == to_move);
  }
  if (!beside_own)
    return "the ship at " + cell_text(board, cell) + " is not beside a ship the " +
           std::string(crew_title(to_move)) + " occupy";
  if (board.open_edges(cell) == 0)
    return "the ship at " + cell_text(board, cell) + " has no open edge";
  if (!board.all_connected(cell))
    return "sinking the ship at " + cell_text(board, cell) +
           " would leave the other ships not all connected by sides";
  return "";
}

std::string Position::why_illegal(const Move& move) const {
  if (move.type == MoveType::kPass) return why_illegal(move.type, move.pirate, 0, 0);
  return why_illegal(move.type, move.pirate, board.x_of(move.to), board.y_of(move.to));
}

std::string Position::why_illegal(MoveType type, int pirate, long long x, long long y) const {
  if (over()) return "the game is over";
  switch (type) {
    case MoveType::kJump:
      return jump_refusal(pirate, x, y);
    case MoveType::kSail:
      return sail_refusal(pirate, x, y);
    case MoveType::kScupper:
      return scupper_refusal(x, y);
    case MoveType::kPass:
      return "";
  }
  return "unknown move";
}

void Position::legal_moves(std::vector<Move>& out) const {
  const int first = first_pirate(to_move);
  std::vector<Cell> cells;
  for (int p = first; p < first + 2; ++p) {
    cells.clear();
    jump_targets(p, cells);
    for (Cell to : cells) out.push_back({MoveType::kJump, static_cast<std::int8_t>(p), to});
  }
  for (int p = first; p < first + 2; ++p) {
    cells.clear();
    sail_targets(p, cells);
    for (Cell to : cells) out.push_back({MoveType::kSail, static_cast<std::int8_t>(p), to});
  }
  cells.clear();
  std::array<Cell, 4> around;
  for (int p = first; p < first + 2; ++p) {
    if (pirates[p] == kNoCell) continue;
    const int n = board.neighbours(pirates[p], around);
    for (int i = 0; i < n; ++i)
      if (board.has_ship(around[i])) cells.push_back(around[i]);
  }
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  for (Cell cell : cells)
    if (may_scupper(cell)) out.push_back({MoveType::kScupper, -1, cell});
  out.push_back({MoveType::kPass, -1, kNoCell});
}

void Position::play(const Move& move) {
  assert(why_illegal(move).empty());
  switch (move.type) {
    case MoveType::kJump:
      pirates[move.pirate] = move.to;
      break;
    case MoveType::kSail:
      board.move(pirates[move.pirate], move.to);
      pirates[move.pirate] = move.to;
      break;
    case MoveType::kScupper:
      board.remove(move.to);
      break;
    case MoveType::kPass:
      break;
  }
  settle_after(move);
}

void Position::settle_after(const Move& move) {
  const Crew me = to_move, them = rival(to_move);
  const int i = index(me), j = index(them);
  to_move = them;
  const std::uint8_t rafted = board.rafted_bits();  // once: every ending below reads it
  auto end = [&](EndReason reason, Crew winner, Vengeance trigger) {
    ending.reason = reason;
    ending.winner = winner;
    ending.trigger = trigger;
    ending.rafted = {static_cast<std::uint8_t>(rafted & crew_traits(Crew::kYellowbeards)),
                     static_cast<std::uint8_t>(rafted & crew_traits(Crew::kBlackbeards))};
  };
  auto vengeance = [&](Vengeance trigger) {
    // The last crew to sink a ship wins; the Yellowbeards if none was sunk.
    end(EndReason::kVengeance, last_scupperer < 0 ? Crew::kYellowbeards : Crew(last_scupperer),
        trigger);
  };

  if (move.type == MoveType::kPass) {
    const bool rival_passed_last = passes_in_row[j] > 0;
    ++passes_in_row[i];
    if (rival_passed_last) return vengeance(Vengeance::kBothPassed);
    if (passes_in_row[i] >= kPassesForVengeance) return vengeance(Vengeance::kFourPasses);
    return;
  }
  passes_in_row[i] = 0;
  if (move.type == MoveType::kScupper) {
    ++scuppered_since[i];
    ++scuppered_total[i];
    scuppered_since[j] = 0;
    last_scupperer = static_cast<std::int8_t>(me);
    if (scuppered_since[i] >= kScuppersToWin)
      return end(EndReason::kScupperedFour, me, Vengeance::kNone);
  }
  // Only moving or sinking a ship can raft a crew up: a jump leaves the ships as they were.
  if (move.type == MoveType::kJump) return;
  const bool mine = (rafted & crew_traits(me)) != 0, theirs = (rafted & crew_traits(them)) != 0;
  if (mine && theirs) return vengeance(Vengeance::kBothRaftedUp);
  if (mine) return end(EndReason::kRaftedUp, me, Vengeance::kNone);
  if (theirs) return end(EndReason::kRaftedUp, them, Vengeance::kNone);
}

}  // namespace tortuga::raft_and_scupper
