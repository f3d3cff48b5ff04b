#include "rules/raft_and_scupper/position.hpp"

#include <algorithm>
#include <cassert>

namespace tortuga::raft {

std::string cell_text(const Board& board, Cell cell) {
  std::string text = "[";
  text.append(std::to_string(board.x_of(cell)))
      .append(",")
      .append(std::to_string(board.y_of(cell)));
  return text + "]";
}

namespace {

std::string pirate_text(int pirate) {
  return "pirate " + std::to_string(pirate) + " (a " +
         std::string(figure_name(crew_of_pirate(pirate))) + ")";
}

int trait_bit(Trait trait) {
  return 1 << static_cast<int>(trait);
}

}  // namespace

int Position::pirate_at(Cell cell) const {
  for (int p = 0; p < kPirates; ++p)
    if (pirates[p] == cell) return p;
  return -1;
}

std::uint8_t Position::rafted_traits(Crew crew) const {
  std::uint8_t bits = 0;
  for (Trait trait : {cargo_trait(crew), rigging_trait(crew)})
    if (board.rafted(trait)) bits |= trait_bit(trait);
  return bits;
}

std::uint8_t Position::rafted_traits_any() const {
  return rafted_traits(Crew::kYellowbeards) | rafted_traits(Crew::kBlackbeards);
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

void Position::reachable_water(Cell from, std::vector<Cell>& out) const {
  // The play area is measured before the ship leaves; every cell it passes stays inside it, so
  // the area can never grow, not even in the middle of the move.
  const Box area = board.area();
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
      if (seen[next] || board.has_ship(next) || !area.contains(board.x_of(next), board.y_of(next)))
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
  reachable_water(from, water);
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

std::string Position::jump_refusal(int pirate, Cell to) const {
  const Crew crew = crew_of_pirate(pirate);
  if (crew != to_move)
    return pirate_text(pirate) + " is not one of the " + std::string(crew_title(to_move));
  const Cell from = pirates[pirate];
  if (from == kNoCell) return pirate_text(pirate) + " is not aboard any ship";
  if (!board.has_ship(to)) return "there is no ship at " + cell_text(board, to);
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

std::string Position::sail_refusal(int pirate, Cell to) const {
  if (crew_of_pirate(pirate) != to_move)
    return pirate_text(pirate) + " is not one of the " + std::string(crew_title(to_move));
  const Cell from = pirates[pirate];
  if (from == kNoCell) return pirate_text(pirate) + " is not aboard any ship";
  if (to == from) return "the ship is already at " + cell_text(board, to);
  const Box area = board.area();
  if (!area.contains(board.x_of(to), board.y_of(to)))
    return cell_text(board, to) + " lies outside the play area [" + std::to_string(area.x0) + "," +
           std::to_string(area.y0) + "]..[" + std::to_string(area.x1) + "," +
           std::to_string(area.y1) + "]: sailing there would make it wider or longer";
  if (board.has_ship(to)) return "there is already a ship at " + cell_text(board, to);
  std::vector<Cell> cells;
  reachable_water(from, cells);
  if (!std::binary_search(cells.begin(), cells.end(), to))
    return "no way through empty water inside the play area leads from " + cell_text(board, from) +
           " to " + cell_text(board, to);
  cells.clear();
  sail_targets(pirate, cells);
  if (!std::binary_search(cells.begin(), cells.end(), to))
    return "the ships would not all be connected by sides with this ship at " +
           cell_text(board, to);
  return "";
}

std::string Position::scupper_refusal(Cell cell) const {
  if (!board.has_ship(cell)) return "there is no ship at " + cell_text(board, cell);
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
  if (over()) return "the game is over";
  switch (move.type) {
    case MoveType::kJump:
      return jump_refusal(move.pirate, move.to);
    case MoveType::kSail:
      return sail_refusal(move.pirate, move.to);
    case MoveType::kScupper:
      return scupper_refusal(move.to);
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
  auto end = [&](EndReason reason, Crew winner, Vengeance trigger) {
    ending.reason = reason;
    ending.winner = winner;
    ending.trigger = trigger;
    ending.rafted = {rafted_traits(Crew::kYellowbeards), rafted_traits(Crew::kBlackbeards)};
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
  const bool mine = rafted_traits(me) != 0, theirs = rafted_traits(them) != 0;
  if (mine && theirs) return vengeance(Vengeance::kBothRaftedUp);
  if (mine) return end(EndReason::kRaftedUp, me, Vengeance::kNone);
  if (theirs) return end(EndReason::kRaftedUp, them, Vengeance::kNone);
}

}  // namespace tortuga::raft
