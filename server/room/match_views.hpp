// What each audience of a match (each seat, the spectators) was last shown, and the messages that
// take every audience from one version to the next: a JSON Patch each, or a whole state where
// there is no base to diff from. It serves every game, writing views through the game's observer
// (rules/core/views/observer.hpp), which it owns. A board that every audience shares (in a game of
// hidden information, the public view without the members that differ) is written and diffed
// once for all, or patched with the changes the observer names when it names them; each audience
// then adds only its own part (whose turn, its legal actions, its private members).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/changes_text.hpp"
#include "protocol/shape.hpp"
#include "rules/core/state.hpp"
#include "rules/core/views/observer.hpp"

namespace tortuga {

class MatchViews {
 public:
  // Audiences 0..seats-1 are the seats; audience `seats` is the spectators. `observer` is one the
  // match's game made (Game::make_observer).
  MatchViews(int seats, std::unique_ptr<Observer> observer)
      : audiences_(seats + 1), observer_(std::move(observer)) {}

  int spectators() const { return static_cast<int>(audiences_.size()) - 1; }

  // Forgets what every audience was shown: each is sent its whole view next, from `state`.
  void reset(const State& state);

  // The messages of version `version`, which `state` has just reached by one action, for every
  // audience that `watched` says someone is in; an audience nobody is in is sent nothing and
  // starts again from a whole view.
  std::vector<std::pair<int, std::string>> advance(const State& state, std::int64_t match,
                                                   std::int64_t version,
                                                   const std::function<bool(int)>& watched);

  // The whole view of `audience` as `state` shows it, as text, which becomes the base of that
  // audience's next patch. `state` must be where the last advance (or reset) left it.
  std::string view_text(const State& state, int audience);

  // Every view's `deadline` null from the next message on (Observer::hide_deadlines).
  void hide_deadlines() {
    deadlines_hidden_ = true;
    observer_->hide_deadlines();
  }

 private:
  struct Audience {
    // The shape of what was last built for this audience: its whole view, or only its own part
    // when the board is shared (the whole view is board_ with it over it). A diff needs no more.
    protocol::Shape last;
    bool fresh = false;  // `last` is a valid base for the next patch
  };

  // Writes what an audience's `last` is the shape of, copying from `last` (the audience's last
  // such shape, if given) what the observer offers for reuse.
  void write_own_part(const State& state, int audience_seat, protocol::Shape& into,
                      const protocol::Shape* last = nullptr);
  int seat_of(int audience) const { return audience == spectators() ? kSpectator : audience; }
  // Ops (the text of a JSON array) taking this audience from its `last` to `state`'s view.
  std::string advance_own_part(const State& state, int audience);
  void write_board(const State& state);
  // The ops taking the shared board to `state`'s, or nullopt when there is no base to diff from
  // (board_ stale and the observer names no changes).
  std::optional<std::string> board_ops(const State& state);

  std::vector<Audience> audiences_;
  std::unique_ptr<Observer> observer_;
  bool deadlines_hidden_ = false;  // hide_deadlines
  protocol::Shape board_;          // the board everyone shares, as of the last action
  // board_ lags behind: the observer named the last actions' changes, and board_ is written again
  // only when a whole view needs it.
  bool board_stale_ = false;
  protocol::ChangesText changes_;
  // Storage reused for each new shape, swapped with the old one it replaces: one for the board
  // and one for the audiences' own parts, so that these small shapes keep small buffers.
  protocol::Shape board_scratch_;
  protocol::Shape scratch_;
};

}  // namespace tortuga
