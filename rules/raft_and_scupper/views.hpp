// Raft & Scupper's views, written value by value for rooms (see rules/core/views/observer.hpp):
// the board every audience shares (views.cpp) and the legal actions (legal.cpp), the board's
// parts offered for copying from the last one, and each move of play's changes named against the
// board the observer last wrote (named_changes.cpp). Rooms send those changes instead of writing
// the board again and diffing it, which was some 12% of the server's CPU: a move changes a few
// cells of a board of some 4 KB. The setup's actions are left to the diff. RaftAndScupperState's
// seat_view and legal are this writing as trees. Every object's members are written in ascending
// order of their keys, as the writer requires.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "rules/core/views/observer.hpp"
#include "rules/raft_and_scupper/raft_and_scupper_state.hpp"

namespace tortuga::raft_and_scupper {

// What a written board showed of what a move of play may change (the layout, the seats, the
// board's size and the favours stay as the setup left them): what RaftAndScupperObserver names
// the next move's changes against.
struct Shown {
  std::size_t step = 0;  // the match's step: its history's length
  Phase phase = Phase::kPlacing;
  Box area{};                      // moves only with the ships, in a sail or a scupper
  std::array<int, 4> flotillas{};  // as Board::flotilla_counts gives them; likewise
  std::array<Cell, kPirates> pirates{};
  std::array<std::uint8_t, 2> passes_in_row{}, scuppered_since{}, scuppered_total{};
  std::int8_t last_scupperer = -1;
  std::size_t sunk = 0;  // how many ships were sunk

  // `state`'s board, whose area and flotillas are given (they are dear to count again).
  static Shown of(const RaftAndScupperState& state, const Box& area,
                  const std::array<int, 4>& flotillas);
};

class RaftAndScupperObserver final : public Observer {
 public:
  void write_board(const State& state, int seat, ViewWriter& out) override;
  void write_legal(const State& state, int seat, ViewWriter& out) override;
  bool one_board_for_all(const State&) const override { return true; }  // nothing is hidden
  // When `state` is one move of play past the last write.
  bool write_board_changes(const State& state, BoardChanges& out) override;

 private:
  std::optional<Shown> shown_;  // what the last write showed
};

// The board, the same for every audience; returns what it showed. Offers its parts for reuse
// (ViewWriter::reuse), each stamped by what it is written from.
Shown write_board(const RaftAndScupperState& state, ViewWriter& out);
// The legal actions of the seat to act (there is one at most).
void write_legal(const RaftAndScupperState& state, ViewWriter& out);

// Parts of the board, as write_board writes them: what a move's changes are named with.
void write_area(ViewWriter& out, const Box& area);
void write_ship(ViewWriter& out, const RaftAndScupperState& state, int id);  // ship `id` in "ships"
void write_sunk(ViewWriter& out, const RaftAndScupperState& state, int id, Crew by);
void write_last_action(ViewWriter& out, const RaftAndScupperState& state);
void write_turn(ViewWriter& out, const RaftAndScupperState& state);  // the crew to move, in play
std::string_view phase_name(Phase phase);

}  // namespace tortuga::raft_and_scupper
