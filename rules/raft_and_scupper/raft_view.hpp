// Raft & Scupper's views written value by value (see rules/core/view_writer.hpp): the board every
// audience shares (raft_view.cpp) and the legal actions (raft_legal.cpp). RaftState builds
// its trees from this writing with a JsonWriter, and writes it for rooms (State::write_view,
// write_legal), so the two are one code. Every object's members are written in ascending
// order of their keys, as the writer requires.
#pragma once

#include <string_view>

#include "rules/core/view_writer.hpp"
#include "rules/raft_and_scupper/raft_state.hpp"

namespace tortuga::raft {

// The board, the same for every audience. Offers its parts for reuse (ViewWriter::reuse), each
// stamped by what it is written from.
void write_board(const RaftState& state, ViewWriter& out);
// The legal actions of the seat to act (there is one at most).
void write_legal(const RaftState& state, ViewWriter& out);

// Parts of the board, as write_board writes them: what a move's changes are named with
// (RaftState::write_board_changes).
void write_area(ViewWriter& out, const Box& area);
void write_ship(ViewWriter& out, const RaftState& state, int id);  // ship `id` in "ships"
void write_sunk(ViewWriter& out, const RaftState& state, int id, Crew by);
void write_last_action(ViewWriter& out, const RaftState& state);
void write_turn(ViewWriter& out, const RaftState& state);  // the crew to move, in play
std::string_view phase_name(Phase phase);

}  // namespace tortuga::raft
