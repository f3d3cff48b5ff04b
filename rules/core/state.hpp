// The rules contract: a match's state as a value. Games implement the protected hooks; this base
// does the bookkeeping every game shares (who may act, the match-over guard, timeouts, history,
// the common fields of every view) so that each game writes only its own rules.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/chance.hpp"
#include "rules/core/error.hpp"
#include "rules/core/views/view_writer.hpp"

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
  // The same, written value by value (view_writer.hpp): what rooms write them into views through.
  void write_legal_actions(int seat, ViewWriter& out) const;

  // Validates and applies, or refuses with a precise reason and leaves the state untouched.
  // seat kSystem with {"type":"timeout"} is the room's timer. An accepted action is kept in
  // history(): pass it by value (moved) where the caller has no more use for it.
  Refusal apply(int seat, Json action);

  // What a seat may know, with the fields every view carries (common_fields, below).
  Json view(int seat) const;
  Json spectator_view() const { return view(kSpectator); }
  // Everything, for review once the match is over or offline: with every seat's legal actions
  // (legal_by_seat, one list per seat), so that a scenario can check what was allowed at a step.
  Json full_view() const;

  // The two parts of view(seat). The game's own part: kSpectator is the public view, kEveryone
  // reveals all.
  virtual Json seat_view(int seat) const = 0;
  // And the fields every view carries: seat, to_act, legal, over, result, deadline, step.
  Json common_fields(int seat) const;
  // True when the game's own part of the view is the same for every seat and the spectators (a
  // game without hidden information).
  virtual bool one_board_for_all() const { return false; }
  // A game of hidden information whose views differ between audiences only in a few top-level
  // members names them here, in ascending order: every view is then the part all audiences share
  // (the spectators' view without these members) with its audience's own members, and rooms
  // write and diff the shared part once per action for all. Empty: each view is built whole.
  virtual std::span<const std::string_view> private_members() const { return {}; }
  // Those members of `seat`'s seat_view, as an object. The default cuts them out of seat_view;
  // a game may build them alone.
  virtual Json private_view(int seat) const;
  // The same two, written value by value (view_writer.hpp): what rooms write views through. The
  // defaults walk the trees above; a game that writes its views itself, and builds seat_view and
  // private_view from that writing with a JsonWriter, spares rooms a tree per view and audience.
  // write_private_view writes an object of the private members alone, in ascending order.
  virtual void write_seat_view(int seat, ViewWriter& out) const { out.value(seat_view(seat)); }
  virtual void write_private_view(int seat, ViewWriter& out) const {
    out.value(private_view(seat));
  }
  // Whether rooms write one board for every audience (one_board_for_all, or private members).
  bool shares_board() const { return one_board_for_all() || !private_members().empty(); }

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
  // legal(seat), written. The default walks its tree; a game that writes its legal actions
  // itself, and builds legal's tree from that writing with a JsonWriter, spares rooms a tree per
  // audience that may act, after every action.
  virtual void write_legal(int seat, ViewWriter& out) const { out.value(legal(seat)); }
  virtual Refusal act(int seat, const Json& action) = 0;
  // Called when deadline() has passed. The default refuses: games with deadlines override it.
  virtual Refusal on_timeout();

  Chance& chance() { return chance_; }

 private:
  Json with_common_fields(Json board, int seat) const;

  int seats_;
  Chance chance_;
  std::vector<AppliedAction> history_;
};

}  // namespace tortuga
