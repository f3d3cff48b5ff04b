// One node of the server: its parts, started and stopped in their order, so that `serve` only
// reads the config and runs a Node, as the main of Beast's examples does.
//
// Start-up (the constructor, then listen): the store, and on PostgreSQL the node's lock on it;
// the io_context; a cluster's shared rows; the bot pool; the store's health; the lobby, which alone
// resumes its node's unfinished matches; the HTTP and admin APIs; the drain signal (SIGUSR1). Then
// the port is bound, a cluster node takes its lease, claims its rooms and beats, and the stop
// signals are caught before the port is announced.
//
// Shutdown (SIGINT or SIGTERM): the port closes; rooms stop their timers and refuse actions; the
// store's health stops probing. On a cluster the node then hands its rooms over: once the store
// has committed every append, its open rooms are left for others and its lease ends. The clients
// are sent away (1001) and given limits.shutdown_grace_ms to answer; the threads stop, then the
// bots' threads; the store commits what is left; rooms and connections go before the io_context
// does.
#pragma once

#include <memory>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include "persistence/postgres/pg_cluster.hpp"
#include "persistence/postgres/pg_node_lock.hpp"
#include "persistence/store.hpp"
#include "server/api/admin_api.hpp"
#include "server/api/http_api.hpp"
#include "server/api/notify_links.hpp"
#include "server/bots/bot_pool.hpp"
#include "server/cluster/heartbeat.hpp"
#include "server/cluster/membership.hpp"
#include "server/lobby/lobby.hpp"
#include "server/net/listener.hpp"
#include "server/net/open_websockets.hpp"
#include "server/net/server_state.hpp"
#include "server/notify/notifier.hpp"
#include "server/ops/config.hpp"
#include "server/ops/store_health.hpp"

namespace tortuga {

class Node {
 public:
  // Throws std::exception when a part cannot start (the store cannot be opened, another node
  // holds the database).
  explicit Node(const Config& config);
  ~Node();
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  // Binds the port and serves from then on; returns the port (the one the system chose for 0).
  // Throws when the address cannot be used or the cluster's database cannot be reached.
  unsigned short listen();
  // Serves on the configured threads until a stop signal; returns once every action handed to the
  // store is committed.
  void run();

 private:
  // A stop signal: the shutdown above, up to sending the clients away.
  void stop(int signal);
  // On a cluster: the store commits every append, the open rooms are left for other nodes, and
  // the lease ends; then the clients are sent away to find their rooms there. On its own thread,
  // while the room strands the store's answers go to run on.
  void hand_over();
  // Every connection is told the server is going away, and the threads stop once all have
  // answered, or at the grace's end.
  void send_away();
  void await_drain_signal();
  // Blocks until every write handed to the store has committed and its answer has run.
  void settle_store();

  const Config config_;
  std::unique_ptr<store::Store> store_;
  // On PostgreSQL, one node alone or the nodes of a cluster play the database's matches, never
  // both, nor two nodes alone: a node that would is refused here, before it resumes any.
  std::unique_ptr<store::PgNodeLock> node_lock_;
  const int threads_;
  // Destroyed first at the end (run), while the lobby and the server state its queued handlers
  // and sessions refer to still exist.
  std::unique_ptr<boost::asio::io_context> io_;
  // On a cluster the node's rooms are rows shared with the other nodes; alone, it has none.
  std::unique_ptr<store::PgCluster> cluster_;
  // The threads the rooms' bots think on. Stopped once the io_context's threads have (run), so
  // that no choice is posted to a room after; its jobs' rooms are let go while the lobby exists.
  std::unique_ptr<BotPool> bots_;
  // Calls players back: its threads send the outbox's messages; the rooms and the lobby hand it
  // their calls. Stopped once the io_context's threads have, before the store commits the rest.
  std::unique_ptr<notify::Notifier> notifier_;
  std::unique_ptr<NotifyLinks> notify_links_;
  // The store's outages: the rooms wait through them, readiness reports them.
  std::shared_ptr<StoreHealth> health_;
  std::unique_ptr<Lobby> lobby_;
  std::unique_ptr<Membership> membership_;  // on a cluster: which rooms are whose
  int resumed_ = 0;  // matches resumed (alone) or claimed (on a cluster) at the start
  std::unique_ptr<Heartbeat> heartbeat_;
  std::unique_ptr<HttpApi> http_;
  OpenWebSockets websockets_;
  std::unique_ptr<AdminApi> admin_;
  std::unique_ptr<ServerState> state_;
  std::unique_ptr<boost::asio::signal_set> drain_signal_;
  std::shared_ptr<Listener> listener_;
  std::unique_ptr<boost::asio::signal_set> stop_signals_;
  std::unique_ptr<boost::asio::steady_timer> closing_;  // send_away's wait for the last close
  std::thread handing_over_;
};

}  // namespace tortuga
