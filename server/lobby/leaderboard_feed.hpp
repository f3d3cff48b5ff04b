// The leaderboards' feed: a connection that watches a game's leaderboard (watch_leaderboard) is
// sent its first entries at once, and again each time a match of that game is rated, so that a
// page showing the board stays true without asking. A connection watches one board at a time (a
// new watch replaces the last), as it watches one lobby: the watchers are bounded by the
// connections, counted by the gauge tortuga_leaderboard_watchers.
//
// A rating reaches the feed from the store's writer thread; the feed reads the board and sends it
// on the io_context's threads, once per burst of ratings of one game.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "persistence/store.hpp"
#include "server/room/client.hpp"

namespace tortuga {

class LeaderboardFeed : public std::enable_shared_from_this<LeaderboardFeed> {
 public:
  LeaderboardFeed(boost::asio::io_context& io, store::Store& store) : io_(io), store_(store) {}

  // Sends `client` the board's first `limit` entries as the `leaderboard` answer to `re`, and
  // again after each match of `game` rated; refused (unknown_game) for a game not hosted. Reads
  // the store: throws store::Unavailable.
  void watch(const std::shared_ptr<Client>& client, const nlohmann::json& re,
             const std::string& game, int limit);
  // Stops the board's changes, and answers `re` (leaderboard_unwatched) whether or not it was
  // watched.
  void unwatch(const std::shared_ptr<Client>& client, const nlohmann::json& re);
  // The client has gone: forgotten without an answer.
  void forget(const Client* client);
  // A match of `game` was rated: from any thread.
  void rated(const std::string& game);
  std::size_t watchers() const;

 private:
  struct Watcher {
    std::weak_ptr<Client> client;
    std::string game;
    int limit;
  };
  // Sends every watcher of `game` its board now.
  void push(const std::string& game);

  boost::asio::io_context& io_;
  store::Store& store_;
  mutable std::mutex mutex_;
  std::map<const Client*, Watcher> watchers_;
  std::set<std::string> pending_;  // games whose push is posted and not yet run
};

}  // namespace tortuga
