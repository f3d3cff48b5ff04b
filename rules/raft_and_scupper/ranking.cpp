// Raft & Scupper's ranking for ratings: the winning crew's seat first, the other second.
#include "rules/raft_and_scupper/raft_and_scupper_game.hpp"

namespace tortuga::raft_and_scupper {

std::optional<Ranking> RaftAndScupperGame::ranking(const Json& result, int seats) const {
  const auto winners = ranking::winners(result, seats);
  if (seats != 2 || !winners || winners->size() != 1) return std::nullopt;
  return ranking::winners_then(*winners, seats, {0, 0});
}

}  // namespace tortuga::raft_and_scupper
