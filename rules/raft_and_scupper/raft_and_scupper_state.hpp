// Raft & Scupper (David Vander Laan), after the rulebook
// shared/rulebooks/raft-and-scupper.en-it.txt: a match from the deal to the last turn. Everything
// in this game is public, so every seat and the spectators see the same board;
// docs/games/raft-and-scupper.md describes the views.
//
// Options (see RaftAndScupperGame): "short_game" (16 ships instead of 36), "layout" (custom setup
// positions), "turn_clock_s" (seconds per turn in play; on timeout the player passes).
//
// Setup, as actions: seat 0 (the room's host) switches paired tiles while all the ships of one
// cargo or rigging are connected, then places the four pirates; seat 1 then chooses a crew; the
// Yellowbeards move first.
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "rules/core/state.hpp"
#include "rules/raft_and_scupper/actions.hpp"
#include "rules/raft_and_scupper/layout.hpp"
#include "rules/raft_and_scupper/position.hpp"

namespace tortuga::raft_and_scupper {

enum class Phase : std::uint8_t { kSwitching, kPlacing, kChoosing, kPlaying, kOver };

inline constexpr int kPiratePlacer = 0;  // switches pairs and places the pirates
inline constexpr int kCrewChooser = 1;   // then chooses Yellowbeards or Blackbeards

class RaftAndScupperState : public State {
 public:
  // `options` as normalized by RaftAndScupperGame; deals with `chance`.
  RaftAndScupperState(const Json& options, Chance chance);

  // A match already in play from an explicit position (tests and scenarios): the crew to move,
  // the counts and the pirates come from `position`; `yellowbeards_seat` plays the Yellowbeards.
  static std::unique_ptr<RaftAndScupperState> in_play(Position position, int yellowbeards_seat = 0,
                                                      int turn_clock_s = 0);

  std::unique_ptr<State> clone() const override {
    return std::make_unique<RaftAndScupperState>(*this);
  }
  std::vector<int> actors() const override;
  std::optional<Deadline> deadline() const override;
  bool is_over() const override { return phase_ == Phase::kOver; }
  Json result() const override;

  Phase phase() const { return phase_; }
  const Position& position() const { return position_; }
  const Layout& layout() const { return *layout_; }
  // The seat playing `crew`, or -1 before the crews are chosen.
  int seat_of(Crew crew) const;
  // The crew of `seat`, if chosen.
  std::optional<Crew> crew_of(int seat) const;
  // How many of `crew`'s pirates are aboard.
  int placed(Crew crew) const;
  bool short_game() const { return short_game_; }
  int turn_clock_s() const { return turn_clock_s_; }
  // The ships sunk, in order: each ship's id and the crew that scuppered it.
  const std::vector<std::pair<std::uint8_t, Crew>>& sunk() const { return sunk_; }
  // The last accepted action (none before the first), kept as read rather than as a tree:
  // copying the tree was a fair share of applying an action.
  struct LastAction {
    ParsedAction action;
    int seat = 0;
    bool timeout = false;  // a pass the turn clock made
  };
  const std::optional<LastAction>& last_action() const { return last_action_; }

  RaftAndScupperState(const RaftAndScupperState&) = default;

 protected:
  // Both built from RaftAndScupperObserver's writing (views.hpp).
  Json legal(int seat) const override;
  Refusal act(int seat, const Json& action) override;
  Refusal on_timeout() override;
  Json seat_view(int seat) const override;

 private:
  RaftAndScupperState(std::shared_ptr<const Layout> layout, Position position, Chance chance);
  Refusal setup_refusal(int seat, const ParsedAction& action) const;
  void play(const Move& move);

  std::shared_ptr<const Layout> layout_;
  Position position_;
  Phase phase_ = Phase::kPlacing;
  std::int8_t yellowbeards_seat_ = -1;
  bool short_game_ = false;
  int turn_clock_s_ = 0;
  std::vector<std::pair<std::uint8_t, Crew>> sunk_;
  std::optional<LastAction> last_action_;
};

}  // namespace tortuga::raft_and_scupper
