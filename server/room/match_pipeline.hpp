// A room's match as it goes from version to version, apart from the strand, the store and the
// sockets: the state; the versions the rules have applied and the store has committed; the
// actions applied and not yet committed, each with every audience's message of its version; and
// the views those messages were made from (MatchViews). The room orders it: the rules play an
// action here, the room hands the store the action, and once the store has committed it the room
// sends what commit() gives back. Nobody is ever sent a version the store does not hold. Its tests
// drive it alone.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/state.hpp"
#include "server/room/client.hpp"
#include "server/room/match_views.hpp"

namespace tortuga {

class MatchPipeline {
 public:
  // A version applied and not yet committed: every watched audience's message of it, and who
  // sent the action, to answer.
  struct Pending {
    std::int64_t version;
    std::vector<std::pair<int, Message>> patches;  // audience, message
    bool over;
    std::shared_ptr<Client> by;  // who sent the action (none for bots and timeouts)
    nlohmann::json re;           // and the id of that request, echoed on its own patch
    std::chrono::steady_clock::time_point applied_at;  // when it began to be applied
  };

  // Audiences 0..seats-1 are the seats, audience `seats` the spectators (MatchViews).
  MatchPipeline(int seats, std::unique_ptr<Observer> observer)
      : views_(seats, std::move(observer)) {}

  // The match is at `state` (new, rebuilt, or read again from its log): its history's length is
  // the version applied and committed, nothing is pending, and every audience's next message is
  // its whole view.
  void reset(std::unique_ptr<State> state);
  bool started() const { return state_ != nullptr; }
  bool over() const { return state_ && state_->is_over(); }
  const State& state() const { return *state_; }
  std::int64_t applied() const { return applied_; }
  std::int64_t committed() const { return committed_; }
  // Nothing applied waits for the store: the state is exactly at the committed version.
  bool settled() const { return pending_.empty(); }
  int spectators() const { return views_.spectators(); }
  // A match played by correspondence: its views say no deadline of the rules' own.
  void hide_deadlines() { views_.hide_deadlines(); }

  // The rules play `action` for `seat`, or refuse it (nothing changes then).
  Refusal play(int seat, nlohmann::json action);
  // The version play() just reached, pending: the message of each audience `watched` says someone
  // is in (an audience nobody is in starts again from its whole view).
  const Pending& pend(std::int64_t match, std::shared_ptr<Client> by, nlohmann::json re,
                      std::chrono::steady_clock::time_point applied_at,
                      const std::function<bool(int audience)>& watched);
  // Whether `version` is the first version pending: the next the store answers for. A version
  // the store answers for that is not was dropped (drop).
  bool next_to_commit(std::int64_t version) const {
    return !pending_.empty() && pending_.front().version == version;
  }
  // The store committed `version`: its pending messages, now to be sent; none when it is not the
  // next to commit.
  std::optional<Pending> commit(std::int64_t version);
  // Every version pending, dropped unsent: the versions go back to the committed one. The state
  // stays ahead until it is reset from what the store holds.
  std::deque<Pending> drop();

  // The whole view of `audience` at the committed version, as text: the base of its next patch.
  // Only when settled.
  std::string view_text(int audience) { return views_.view_text(*state_, audience); }

 private:
  std::unique_ptr<State> state_;
  std::int64_t applied_ = 0;    // actions applied to state_
  std::int64_t committed_ = 0;  // actions the store has committed and audiences were sent
  MatchViews views_;            // as of applied_
  std::deque<Pending> pending_;
};

}  // namespace tortuga
