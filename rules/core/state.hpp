// The rules contract: a match's state as a value. Games implement the protected hooks; this base
// does the bookkeeping every game shares (who may act, the match-over guard, timeouts, history,
// the common fields of every view) so that each game writes only its own rules.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/board_changes.hpp"
#include "rules/core/chance.hpp"
#include "rules/core/error.hpp"
#include "rules/core/view_writer.hpp"

namespace tortuga {

using Json = nlohmann::json;

inline constexpr int kSpectator = -1;  // view(kSpectator) is the public view
inline constexpr int kEveryone = -2;   // seat_view(kEveryone) reveals everything (review)
inline constexpr int kSystem = -3;     // the room itself, applying a timeout

// Where the rules wait on people for a bounded time (a challenge window, a turn clock).
struct Deadline {
  std::int64_t after_ms;   // counted from the moment the state was reached
  std::vector<int> seats;  // who is being waited on
};

struct AppliedAction {
  int seat;
  Json action;
};

class State {
 public:
  explicit State(int seats, Chance chance) : seats_(seats), chance_(std::move(chance)) {}
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;

  int seats() const { return seats_; }

  // The seats that may act now: often one, sometimes several at once.
  virtual std::vector<int> actors() const = 0;
  bool may_act(int seat) const;

  // Ready-to-send action objects for this seat; empty when it need not act.
  Json legal_actions(int seat) const;

  // Validates and applies, or refuses with a precise reason and leaves the state untouched.
  // seat kSystem with {"type":"timeout"} is the room's timer. An accepted action is kept in
  // history(): pass it by value (moved) where the caller has no more use for it.
  Refusal apply(int seat, Json action);

  // What a seat may know, plus to_act, legal, over, result and deadline_ms.
  Json view(int seat) const;
  Json spectator_view() const { return view(kSpectator); }
  // Everything, for review once the match is over.
  Json full_view() const;

  // The two parts of view(seat): the game's own part, and the fields every view carries.
  Json board(int seat) const { return seat_view(seat); }
  Json common_fields(int seat) const;
  // The same two parts written into `out` (see view_writer.hpp) rather than built as trees: what
  // a room does after every action to diff them, without the cost of a tree.
  void write_board(int seat, ViewWriter& out) const { write_view(seat, out); }
  void write_common_fields(int seat, ViewWriter& out) const;
  // True when the game's own part of the view is the same for every seat and the spectators (a
  // game without hidden information): rooms then build and diff it once per action for everyone.
  virtual bool one_board_for_all() const { return false; }
  // For such a game, what the last applied action changed in that board, as ops taking the
  // board written before it to the board now; false (having written nothing) when the game does
  // not name them, and the room then writes the whole board and diffs it. Rooms ask right after
  // each applied action. A game names them where the board is large and an action moves little
  // of it: writing Raft & Scupper's board again and diffing it was some 12% of the server's CPU.
  virtual bool write_board_changes(BoardChanges& out) const {
    (void)out;
    return false;
  }

  virtual std::optional<Deadline> deadline() const { return std::nullopt; }
  virtual bool is_over() const = 0;
  // {"winners": [seats], "reason": "...", "scores": [...]?, ...}; null while the match runs.
  virtual Json result() const = 0;

  const std::vector<AppliedAction>& history() const { return history_; }
  const Chance& chance() const { return chance_; }

 protected:
  State(const State&) = default;
  State& operator=(const State&) = default;

  // Game hooks. `seat` is always one of actors() and the match is not over when these are called,
  // and `action` is always an object with a string "type".
  virtual Json legal(int seat) const = 0;
  // legal(seat), written: as write_view is to seat_view (a room writes the legal actions of the
  // seat to act after every action). The default walks legal's tree.
  virtual void write_legal(int seat, ViewWriter& out) const { out.value(legal(seat)); }
  virtual Refusal act(int seat, const Json& action) = 0;
  // Called when deadline() has passed. The default refuses: games with deadlines override it.
  virtual Refusal on_timeout();
  // The game's own part of a view: kSpectator is the public view, kEveryone reveals all.
  virtual Json seat_view(int seat) const = 0;
  // seat_view(seat), written. The default walks seat_view's tree, which is all a game needs. A
  // game whose views are large and change a little at each action may write its board here
  // instead, and build seat_view from it with a JsonWriter (as Raft & Scupper does): rooms then
  // build the board's flat form after every action without a tree, and the two stay one code.
  // (Of the ways to spare rooms the tree, this one keeps every game's rules untouched and its
  // view in one place. A game may still offer parts of its board for copying from the last one
  // (ViewWriter::reuse), stamped by what they are made of, or name an action's changes itself
  // (write_board_changes): second accounts of the view, kept honest by tests that write every
  // board both ways and apply every named change at every step of random matches.)
  virtual void write_view(int seat, ViewWriter& out) const { out.value(seat_view(seat)); }

  Chance& chance() { return chance_; }

 private:
  Json with_common_fields(Json board, int seat) const;

  int seats_;
  Chance chance_;
  std::vector<AppliedAction> history_;
};

}  // namespace tortuga
