// How a match's views are written for rooms, apart from the rules (OpenSpiel's Observer is the
// model). A room needs, after every action, not each audience's view as a tree but its flat form
// (protocol::Shape), written value by value into a ViewWriter, and, where a board is shared by
// every audience, the ops taking it to the next. An Observer writes them from a State's const
// accessors; a game makes one per match's views (Game::make_observer), so an observer may
// remember what it last wrote and name an action's changes against that.
//
// This base is the generic observer, which serves every game that provides none: it writes what
// the State writes (State::write_seat_view, write_private_view; trees only for a game that builds
// its views as trees), cutting the shared part and each audience's own part out of that writing.
// A game's writing may offer parts for copying from the last board or own part
// (ViewWriter::reuse). A game whose views are large and change a little at each action may also
// have an observer of its own that names what each action changed instead of having the board
// written again and diffed. Such an observer is a second account of the views, kept honest by
// tests that write every view both ways and apply every named change at every step of random
// matches (tests/protocol/written_views_test.cpp).
#pragma once

#include "rules/core/state.hpp"
#include "rules/core/views/board_changes.hpp"
#include "rules/core/views/view_writer.hpp"

namespace tortuga {

class Observer {
 public:
  virtual ~Observer() = default;

  // The game's own part of `seat`'s view (State::seat_view), written: by default what
  // State::write_seat_view writes. Rooms write through it, and through write_common_fields, the
  // views of a game whose board every audience shares.
  virtual void write_board(const State& state, int seat, ViewWriter& out);
  // The fields every view carries (State::common_fields), written; the legal actions by
  // write_legal.
  void write_common_fields(const State& state, int seat, ViewWriter& out);
  // For a game whose board every audience shares (State::shares_board), its two parts. The
  // shared part: the board (write_board for the spectators), or in a game with private members
  // the spectators' State::write_seat_view without them. An audience's own part: the common
  // fields and, in such a game, the audience's private members (State::write_private_view), in
  // ascending order of their keys.
  void write_shared_part(const State& state, ViewWriter& out);
  void write_own_part(const State& state, int seat, ViewWriter& out);
  // For a game whose board every audience shares (State::one_board_for_all): ops taking the
  // board this observer last wrote (by write_board or by naming changes) to `state`'s board,
  // after which `state`'s board counts as its last write. False, having written nothing, when it
  // does not name them: the room then writes the board and diffs it. The generic observer names
  // none.
  virtual bool write_board_changes(const State& state, BoardChanges& out);

 protected:
  // State::legal_actions(seat), written (State::write_legal_actions), for a seat that may act now.
  virtual void write_legal(const State& state, int seat, ViewWriter& out);

 private:
  // One of the common fields, by its place among them.
  void write_common_field(const State& state, int seat, int field, ViewWriter& out);
};

}  // namespace tortuga
