// The play of Raft & Scupper once the pirates are aboard: whose turn it is, the four actions (jump
// ship, set sail, scupper, pass), what each may do, and the three endings (rafting up, scuppering
// four, vengeance). Pure and compact: no JSON, so that bots can look ahead cheaply.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/raft_and_scupper/board.hpp"
#include "rules/raft_and_scupper/kinds.hpp"

namespace tortuga::raft_and_scupper {

enum class MoveType : std::uint8_t { kJump, kSail, kScupper, kPass };

struct Move {
  MoveType type = MoveType::kPass;
  std::int8_t pirate = -1;  // jump, sail
  Cell to = kNoCell;        // jump, sail: the destination; scupper: the ship sunk
  friend bool operator==(const Move&, const Move&) = default;
};

enum class EndReason : std::uint8_t { kNone, kRaftedUp, kScupperedFour, kVengeance };
enum class Vengeance : std::uint8_t { kNone, kBothRaftedUp, kBothPassed, kFourPasses };

struct Ending {
  EndReason reason = EndReason::kNone;
  Crew winner = Crew::kYellowbeards;
  Vengeance trigger = Vengeance::kNone;
  // Per crew, bit t set when trait t (as in kAllTraits) is rafted up at the end.
  std::array<std::uint8_t, 2> rafted{};
  friend bool operator==(const Ending&, const Ending&) = default;
};

// Pass counts after which vengeance ends the game.
inline constexpr int kPassesForVengeance = 4;
inline constexpr int kScuppersToWin = 4;

class Position {
 public:
  Board board;
  std::array<Cell, kPirates> pirates{kNoCell, kNoCell, kNoCell, kNoCell};
  Crew to_move = Crew::kYellowbeards;
  // Ships each crew has sunk since the other last sank one ("in front of you").
  std::array<std::uint8_t, 2> scuppered_since{};
  std::array<std::uint8_t, 2> scuppered_total{};
  // How many of its own turns in a row each crew has passed.
  std::array<std::uint8_t, 2> passes_in_row{};
  std::int8_t last_scupperer = -1;  // a Crew, or -1 before any ship is sunk
  Ending ending;

  bool over() const { return ending.reason != EndReason::kNone; }
  int pirate_at(Cell cell) const;  // -1 when the ship there is unoccupied

  // Every legal move of the crew to move, in a fixed order: jumps, sails, scuppers, pass.
  void legal_moves(std::vector<Move>& out) const;
  // Why `move` is forbidden to the crew to move, or an empty string when it is legal. The move's
  // pirate must be 0..3 and its cell on the grid.
  std::string why_illegal(const Move& move) const;
  // The same for a move to the world cell [x, y], which may lie anywhere, on the grid or not:
  // every cell beyond the grid is open water that no legal move reaches.
  std::string why_illegal(MoveType type, int pirate, long long x, long long y) const;
  // Plays a legal move, then settles the endings.
  void play(const Move& move);

  // Destinations, in cell order.
  void jump_targets(int pirate, std::vector<Cell>& out) const;
  void sail_targets(int pirate, std::vector<Cell>& out) const;
  bool may_scupper(Cell cell) const {
    return scupper_refusal(board.x_of(cell), board.y_of(cell)).empty();
  }
  // Any of the four traits with all its ships in one flotilla (the setup must avoid this).
  std::uint8_t rafted_traits_any() const;

  friend bool operator==(const Position&, const Position&) = default;

 private:
  std::string jump_refusal(int pirate, long long x, long long y) const;
  std::string sail_refusal(int pirate, long long x, long long y) const;
  std::string scupper_refusal(long long x, long long y) const;
  // The cells the ship at `from` may visit while sailing, in world coordinates: with the ship in
  // any of them, the box of all ships is no wider and no longer than the play area is now.
  Box sailing_box(Cell from) const;
  // Empty cells inside `limit` that a ship leaving `from` reaches through empty cells inside
  // `limit`, `from` excluded, in cell order.
  void reachable_water(Cell from, const Box& limit, std::vector<Cell>& out) const;
  void settle_after(const Move& move);
};

std::string cell_text(const Board& board, Cell cell);  // "[x,y]", in world coordinates
std::string cell_text(long long x, long long y);

}  // namespace tortuga::raft_and_scupper
