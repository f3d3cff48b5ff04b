// The lobby's answers about ratings (docs/ratings.md): a page of a game's leaderboard, and a
// watch of one that pushes it again as matches of its game are rated.
#include "protocol/event.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ratings/rating_pages.hpp"

namespace tortuga {

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re,
               const protocol::GetLeaderboard& m) {
  auto board = rated::leaderboard_json(store_, m.game, m.limit, m.offset);
  if (!board) return c->refuse(re, board.error());
  c->send(protocol::event::leaderboard(re, *board));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re,
               const protocol::WatchLeaderboard& m) {
  boards_->watch(c, re, m.game, m.limit);
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re,
               const protocol::UnwatchLeaderboard&) {
  boards_->unwatch(c, re);
}

}  // namespace tortuga
