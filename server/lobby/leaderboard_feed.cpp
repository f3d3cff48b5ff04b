#include "server/lobby/leaderboard_feed.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include <boost/asio/post.hpp>

#include "protocol/event.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/ratings/rating_pages.hpp"

namespace tortuga {

void LeaderboardFeed::watch(const std::shared_ptr<Client>& client, const nlohmann::json& re,
                            const std::string& game, int limit) {
  auto board = rated::leaderboard_json(store_, game, limit, 0);
  if (!board) return client->refuse(re, board.error());
  std::size_t count = 0;
  {
    std::lock_guard lock(mutex_);
    watchers_[client.get()] = Watcher{client, game, limit};
    count = watchers_.size();
  }
  server_metrics().leaderboard_watchers(static_cast<std::int64_t>(count));
  client->send(protocol::event::leaderboard(re, *board));
}

void LeaderboardFeed::unwatch(const std::shared_ptr<Client>& client, const nlohmann::json& re) {
  forget(client.get());
  client->send(protocol::event::leaderboard_unwatched(re));
}

void LeaderboardFeed::forget(const Client* client) {
  std::size_t count = 0;
  {
    std::lock_guard lock(mutex_);
    if (watchers_.erase(client) == 0) return;
    count = watchers_.size();
  }
  server_metrics().leaderboard_watchers(static_cast<std::int64_t>(count));
}

std::size_t LeaderboardFeed::watchers() const {
  std::lock_guard lock(mutex_);
  return watchers_.size();
}

void LeaderboardFeed::rated(const std::string& game) {
  {
    std::lock_guard lock(mutex_);
    // A burst of ratings of one game is one push: the board is read when it runs.
    if (!pending_.insert(game).second) return;
  }
  boost::asio::post(io_, [self = shared_from_this(), game] { self->push(game); });
}

void LeaderboardFeed::push(const std::string& game) {
  std::vector<Watcher> watching;
  {
    std::lock_guard lock(mutex_);
    pending_.erase(game);
    for (const auto& [key, w] : watchers_)
      if (w.game == game) watching.push_back(w);
  }
  if (watching.empty()) return;
  int most = 1;
  for (const auto& w : watching) most = std::max(most, w.limit);
  try {
    auto board = rated::leaderboard_json(store_, game, most, 0);
    if (!board) return;
    for (const auto& w : watching) {
      auto client = w.client.lock();
      if (!client) continue;
      nlohmann::json page = *board;
      auto& entries = page["entries"];
      if (static_cast<int>(entries.size()) > w.limit)
        entries.erase(entries.begin() + w.limit, entries.end());
      client->send(protocol::event::leaderboard(nullptr, page));
    }
  } catch (const store::Unavailable& e) {
    // The next rating pushes the board again.
    TORTUGA_LOG(warn, "leaderboard of " << game << " not pushed: " << e.what());
  }
}

}  // namespace tortuga
