// How a match's views are written, apart from the rules (OpenSpiel's Observer is the model). The
// rules contract gives views as trees (State::seat_view, legal_actions). A room needs, after every
// action, not each audience's view as a tree but its flat form (protocol::Shape), written value by
// value into a ViewWriter, and, where a board is shared by every audience, the ops taking it to
// the next. An Observer writes them from a State's const accessors; a game makes one per match's
// views (Game::make_observer), so an observer may remember what it last wrote and name an
// action's changes against that.
//
// Everything a game says of how its views are written is said in its observer, and only there:
// whether one board serves every audience, which members of a view are an audience's own, how the
// board, those members and the legal actions are written, and what an action changed. A game
// whose observer writes its views builds its State's trees from that writing (board, legal,
// below), so that the trees and what rooms are sent cannot disagree.
//
// This base is the generic observer, which serves a game that builds its views as trees: it walks
// the State's trees, shares no board and names no changes. A game's writing may offer parts for
// copying from the last board or own part (ViewWriter::reuse). An observer that names changes is
// a second account of the views, kept honest by tests that write every view both ways and apply
// every named change at every step of random matches (tests/protocol/written_views_test.cpp).
#pragma once

#include <span>
#include <string_view>

#include "rules/core/state.hpp"
#include "rules/core/views/board_changes.hpp"
#include "rules/core/views/view_writer.hpp"

namespace tortuga {

class Observer {
 public:
  virtual ~Observer() = default;

  // What a game's observer may say its own way.
  //
  // The game's own part of `seat`'s view (State::seat_view), written.
  virtual void write_board(const State& state, int seat, ViewWriter& out);
  // The legal actions of `seat`, a seat that may act now (State::legal_actions), written.
  virtual void write_legal(const State& state, int seat, ViewWriter& out);
  // True when the board is the same for every seat and the spectators (a game without hidden
  // information): rooms then write and diff it once per action for all.
  virtual bool one_board_for_all(const State& state) const { return false; }
  // A game of hidden information whose views differ between audiences only in a few top-level
  // members names them here, in ascending order: every view is then the part all audiences share
  // (the spectators' board without these members) with its audience's own members, and rooms
  // write and diff the shared part once per action for all. Empty: each view is built whole.
  virtual std::span<const std::string_view> private_members(const State& state) const { return {}; }
  // Those members of `seat`'s board, written as an object, in ascending order of their keys. By
  // default cut out of the board.
  virtual void write_private_view(const State& state, int seat, ViewWriter& out);
  // For a game whose board every audience shares (one_board_for_all): ops taking the board this
  // observer last wrote (by write_board or by naming changes) to `state`'s board, after which
  // `state`'s board counts as its last write. False, having written nothing, when it does not
  // name them: the room then writes the board and diffs it.
  virtual bool write_board_changes(const State& state, BoardChanges& out);

  // The same as trees: what a game whose observer writes its board and legal actions builds
  // State::seat_view and State::legal from. Not for the generic observer, which walks those.
  Json board(const State& state, int seat);
  Json legal(const State& state, int seat);
  Json private_view(const State& state, int seat);

  // What rooms write views through.
  //
  // Whether rooms write one board for every audience (one_board_for_all, or private members).
  bool shares_board(const State& state) const;
  // The fields every view carries (State::common_fields), written; the legal actions by
  // write_legal.
  void write_common_fields(const State& state, int seat, ViewWriter& out);
  // For a game whose board every audience shares (shares_board), its two parts. The shared part:
  // the spectators' board, without the private members if there are any. An audience's own part:
  // the common fields and, in a game with private members, the audience's own, in ascending
  // order of their keys.
  void write_shared_part(const State& state, ViewWriter& out);
  void write_own_part(const State& state, int seat, ViewWriter& out);
  // The views' `deadline` is null from now on: a match played by correspondence is timed by its
  // room's clocks, in days (the room message), not by the rules' own seconds.
  void hide_deadlines() { deadlines_hidden_ = true; }

 private:
  // One of the common fields, by its place among them.
  void write_common_field(const State& state, int seat, int field, ViewWriter& out);

  bool deadlines_hidden_ = false;
};

}  // namespace tortuga
