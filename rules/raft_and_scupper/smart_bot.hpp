// A better opponent than chance: a greedy two-ply search. It takes a winning move when there is
// one, refuses moves after which the opponent could win at once, and otherwise prefers positions
// where its own cargo or rigging has fewer flotillas than the opponent's, its run of scuppered
// ships is longer, and its pirates threaten more ships.
#pragma once

#include "rules/core/bot.hpp"
#include "rules/raft_and_scupper/position.hpp"

namespace tortuga::raft {

class SmartBot : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;

  // How good `position` is for `crew`, the larger the better (no look-ahead).
  static double evaluate(const Position& position, Crew crew);
  // The move the bot would play for the crew to move.
  static Move best_move(const Position& position, Chance& rng);
  // Whether the crew to move has a move that wins at once.
  static bool can_win_now(const Position& position);
};

}  // namespace tortuga::raft
