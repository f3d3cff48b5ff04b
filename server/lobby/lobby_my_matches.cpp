// "My matches" in the lobby (my_matches_feed.hpp; docs/protocol.md#watch_my_matches): a player's
// running matches, read from the store and pushed again as rooms say they changed.
#include "server/lobby/lobby.hpp"

namespace tortuga {

// Another node's rooms tell nobody here: how often a watched list is read again on a cluster.
constexpr std::chrono::seconds kMyMatchesClusterRefresh{30};

void Lobby::join_cluster(ClusterLink& cluster) {
  cluster_ = &cluster;
  my_matches_->refresh_every(kMyMatchesClusterRefresh);
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::WatchMyMatches&) {
  my_matches_->watch(c, re);
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re,
               const protocol::UnwatchMyMatches&) {
  my_matches_->unwatch(c, re);
}

void Lobby::matches_changed(const std::vector<std::int64_t>& players) {
  my_matches_->changed(players);
}

}  // namespace tortuga
