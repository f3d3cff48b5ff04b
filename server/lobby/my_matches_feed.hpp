// "My matches" pushed (watch_my_matches): a connection that watches its player's running matches
// is sent the list at once, and again, whole, each time one of them changes: a match begins, moves
// on (the seats awaited change), ends or is aborted, or a correspondence clock changes. Rooms say
// so from their strands once the store has the change (RoomDirectory::matches_changed); the feed
// gathers what changes for a short while and reads each changed player's list once, on the
// io_context's threads, however many of their matches moved meanwhile.
//
// The store is the list's source (my_matches.hpp), so that dormant rooms and other nodes' are in
// it. A room on another node tells nobody here: on a cluster every watched list is also read again
// on a modest timer, only while someone watches.
//
// A connection watches one list, its player's: the watchers are bounded by the connections,
// counted by tortuga_my_matches_watchers. Each watch reads the store, so a player's watches are
// limited (MyMatchesSettings::watches_per_minute; rate_limited beyond it).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "persistence/store.hpp"
#include "server/access/allowance.hpp"
#include "server/lobby/my_matches.hpp"
#include "server/room/client.hpp"

namespace tortuga {

struct MyMatchesSettings {
  // How long changes are gathered before the lists they touch are read again.
  std::chrono::milliseconds gather{200};
  // On a cluster, how often every watched list is read again (0: never, a node alone).
  std::chrono::milliseconds refresh{0};
  // The watches one player may send a minute, each of them a read of the store.
  int watches_per_minute = 20;
};

class MyMatchesFeed : public std::enable_shared_from_this<MyMatchesFeed> {
 public:
  MyMatchesFeed(boost::asio::io_context& io, store::Store& store, RoomOfMatch room_of,
                MyMatchesSettings settings);

  // Sends `client` its player's list as the `my_matches` answer to `re`, and again after each
  // change; watching again sends the list afresh. Reads the store: throws store::Unavailable.
  void watch(const std::shared_ptr<Client>& client, const nlohmann::json& re);
  // Stops the pushes, and answers `re` (my_matches_unwatched) whether or not it watched.
  void unwatch(const std::shared_ptr<Client>& client, const nlohmann::json& re);
  // The client has gone: forgotten without an answer.
  void forget(const Client* client);
  // These players' running matches changed, and the store has the change: from any thread.
  void changed(const std::vector<std::int64_t>& players);
  std::size_t watchers() const;
  // On a cluster, before the lobby serves: every watched list read again this often.
  void refresh_every(std::chrono::milliseconds every);
  // At the very end: the timers go while the io_context they wait on still exists.
  void release();

 private:
  struct Watcher {
    std::weak_ptr<Client> client;
    std::int64_t player = 0;
  };
  void arm_gather();   // with mutex_ held
  void arm_refresh();  // with mutex_ held
  // Reads the list of every player changed since the last time, and sends it to their watchers.
  void push();
  void count() const;  // the gauge, with mutex_ held

  store::Store& store_;
  const RoomOfMatch room_of_;
  MyMatchesSettings settings_;
  Allowance watches_;  // per player
  mutable std::mutex mutex_;
  std::map<const Client*, Watcher> watchers_;
  // The watchers by player: every action of every room asks whether its players are watched.
  std::map<std::int64_t, std::set<const Client*>> by_player_;
  std::set<std::int64_t> changed_;  // players whose lists are to be read again
  std::unique_ptr<boost::asio::steady_timer> gather_;
  std::unique_ptr<boost::asio::steady_timer> refresh_;
  bool gathering_ = false;
  bool refreshing_ = false;
  bool released_ = false;
};

}  // namespace tortuga
