// A better opponent than chance: a greedy two-ply search. It takes a winning move when there is
// one, refuses moves after which the opponent could win at once, and otherwise prefers positions
// where its own cargo or rigging has fewer flotillas than the opponent's, its run of scuppered
// ships is longer, and its pirates threaten more ships. It avoids repeating its own recent moves.
#pragma once

#include <vector>

#include "rules/core/bot.hpp"
#include "rules/raft_and_scupper/position.hpp"

namespace tortuga::raft_and_scupper {

class SmartBot : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;

  // How good `position` is for `crew`, the larger the better (no look-ahead).
  static double evaluate(const Position& position, Crew crew);
  // The move the bot would play for the crew to move; moves in `stale` (the crew's own recent
  // moves) score lower, so that two careful bots do not shuffle the same ships back and forth.
  static Move best_move(const Position& position, Chance& rng, const std::vector<Move>& stale = {});
  // Whether the crew to move has a move that wins at once.
  static bool can_win_now(const Position& position);
};

}  // namespace tortuga::raft_and_scupper
