// The rules contract: a match's state as a value. Games implement the hooks; this base does the
// bookkeeping every game shares (who may act, the match-over guard, timeouts, history, the common
// fields of every view) so that each game writes only its own rules. Its views are plain trees;
// how they are written for rooms is said by the game's observer (rules/core/views/observer.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/chance.hpp"
#include "rules/core/error.hpp"

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

  // What a seat may know, with the fields every view carries (common_fields, below).
  Json view(int seat) const;
  Json spectator_view() const { return view(kSpectator); }
  // Everything, for review once the match is over or offline: with every seat's legal actions
  // (legal_by_seat, one list per seat), so that a scenario can check what was allowed at a step.
  Json full_view() const;

  // The two parts of view(seat). The game's own part: kSpectator is the public view, kEveryone
  // reveals all. A game whose observer writes its views (rules/core/views/observer.hpp) builds
  // this from that writing (Observer::board), so that the two are one code.
  virtual Json seat_view(int seat) const = 0;
  // And the fields every view carries: seat, to_act, legal, over, result, deadline, step.
  Json common_fields(int seat) const;

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
  //
  // The seat's legal actions. A game whose observer writes them builds them from that writing
  // (Observer::legal).
  virtual Json legal(int seat) const = 0;
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
