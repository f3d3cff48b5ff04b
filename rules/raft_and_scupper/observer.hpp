// Raft & Scupper's views as rooms write them (see rules/core/views/observer.hpp): the board and the
// legal actions written value by value (views.hpp), the board's parts offered for copying
// from the last one, and each move of play's changes named against the board this observer last
// wrote. Rooms send those changes instead of writing the board again and diffing it, which was
// some 12% of the server's CPU: a move changes a few cells of a board of some 4 KB. The setup's
// actions are left to the diff.
#pragma once

#include <optional>

#include "rules/core/views/observer.hpp"
#include "rules/raft_and_scupper/views.hpp"

namespace tortuga::raft_and_scupper {

class RaftAndScupperObserver final : public Observer {
 public:
  void write_board(const State& state, int seat, ViewWriter& out) override;
  // When `state` is one move of play past the last write.
  bool write_board_changes(const State& state, BoardChanges& out) override;

 protected:
  void write_legal(const State& state, int seat, ViewWriter& out) override;

 private:
  std::optional<Shown> shown_;  // what the last write showed
};

}  // namespace tortuga::raft_and_scupper
