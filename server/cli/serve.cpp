#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include "persistence/open_store.hpp"
#include "persistence/pg_cluster.hpp"
#include "persistence/pg_node_lock.hpp"
#include "server/access/browser_policy.hpp"
#include "server/access/client_address.hpp"
#include "server/api/http_api.hpp"
#include "server/cli/commands.hpp"
#include "server/cli/config_parts.hpp"
#include "server/cluster/heartbeat.hpp"
#include "server/lobby/lobby.hpp"
#include "server/net/listener.hpp"
#include "server/net/open_websockets.hpp"
#include "server/ops/config.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/ops/store_health.hpp"

#ifndef TORTUGA_SOURCE_DIR
#error "TORTUGA_SOURCE_DIR must name the source tree, where web/ is looked for last"
#endif

namespace tortuga {
namespace {

bool wants_help(const Args& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-h") return true;
  return false;
}

std::string port_file_of(const Args& args) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--port-file") return args[i + 1];
  return "";
}

// Stops `io` once every WebSocket has answered its close frame, or at `deadline` with some still
// open: a client that never answers cannot hold the server.
void stop_once_closed(boost::asio::io_context& io, const OpenWebSockets& websockets,
                      boost::asio::steady_timer& timer,
                      std::chrono::steady_clock::time_point deadline) {
  const std::size_t open = websockets.count();
  if (open == 0 || std::chrono::steady_clock::now() >= deadline) {
    if (open > 0)
      TORTUGA_LOG_AT(info, log::Context("close_unanswered").field("connections", open),
                     open << " connections did not answer the close in time");
    io.stop();
    return;
  }
  timer.expires_after(std::chrono::milliseconds(10));
  timer.async_wait([&io, &websockets, &timer, deadline](boost::system::error_code) {
    stop_once_closed(io, websockets, timer, deadline);
  });
}

// The folder the web client is served from, said in the log: a server that answers 404 at /
// says why at its start.
std::string web_root_of(const Config& c) {
  std::error_code ec;
  const std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::filesystem::path root = locate_web_root(c.web_root, binary, TORTUGA_SOURCE_DIR);
  TORTUGA_LOG_AT(info, log::Context("web_root").field("path", root.string()),
                 "serving the web client from " << root.string());
  if (!std::filesystem::is_regular_file(root / "index.html", ec))
    TORTUGA_LOG_AT(warn, log::Context("web_root_empty").field("path", root.string()),
                   "no index.html in " << root.string()
                                       << ": / answers 404; set web_root in the config file "
                                          "or --web-root");
  // The web client's modules import the SDK's from /sdk/: without them it cannot start.
  const std::filesystem::path sdk = sdk_root_beside(root);
  if (!std::filesystem::is_regular_file(sdk / "index.js", ec))
    TORTUGA_LOG_AT(warn, log::Context("sdk_root_empty").field("path", sdk.string()),
                   "no index.js in " << sdk.string() << ": " << kSdkPath
                                     << " answers 404, and the web client needs it; keep sdk/js "
                                        "beside the web root");
  return root.string();
}

}  // namespace

int serve_command(const Args& args) {
  if (wants_help(args)) {
    std::cout << kServeHelp;
    return 0;
  }
  auto config = config_from_args(args);
  if (!config) {
    std::cerr << "tortuga serve: " << config.error().message << "\n";
    return 2;
  }
  const Config& c = *config;
  // Read with the config file, where they were checked: neither can fail here.
  auto trusted_proxies = TrustedProxies::parse(c.trusted_proxies);
  auto allowed_origins = AllowedOrigins::parse(c.allowed_origins);
  if (!trusted_proxies || !allowed_origins) {
    std::cerr << "tortuga serve: "
              << (trusted_proxies ? allowed_origins.error() : trusted_proxies.error()).message
              << "\n";
    return 2;
  }
  if (c.cluster.on() && !store::names_postgresql(c.db)) {
    std::cerr << "tortuga serve: a cluster (--node-id, cluster.node_id) needs a PostgreSQL "
                 "database: --db postgresql://...\n";
    return 2;
  }
  log::set_level(c.log_level);
  log::set_format(c.log_format == "json" ? log::Format::json : log::Format::text);
  log::set_node(c.node);
  server_metrics();  // made now, so that process_start_time_seconds is when the server started

  try {
    store::SqliteOptions options = store_options(c);
    options.on_batch = [](std::size_t writes, std::chrono::steady_clock::duration took) {
      server_metrics().store_batch(writes, took);
    };
    const std::unique_ptr<store::Store> store_owner = store::open_store(c.db, options);
    store::Store& store = *store_owner;
    // On PostgreSQL, one node alone or the nodes of a cluster play the database's matches, never
    // both, nor two nodes alone: a node that would is refused here, before it resumes any.
    std::unique_ptr<store::PgNodeLock> node_lock;
    if (store::names_postgresql(c.db))
      node_lock = std::make_unique<store::PgNodeLock>(
          c.db, c.cluster.on() ? store::PgNodeLock::Mode::cluster : store::PgNodeLock::Mode::alone,
          [](const std::string& why) {
            TORTUGA_LOG_AT(error, log::Context("node_lock_lost"), why);
          });
    const int threads =
        c.threads > 0 ? c.threads : std::max(1u, std::thread::hardware_concurrency());
    // Owned through a pointer so that it is destroyed first at the end, while the lobby and the
    // server state its queued handlers and sessions refer to still exist.
    auto io_owner = std::make_unique<boost::asio::io_context>(threads);
    boost::asio::io_context& io = *io_owner;
    // On a cluster the node's rooms are rows shared with the other nodes; alone, it has none.
    std::unique_ptr<store::PgCluster> cluster;
    if (c.cluster.on())
      cluster = std::make_unique<store::PgCluster>(
          c.db, store::NodeSettings{c.cluster.node_id, c.cluster.public_url, c.cluster.lease_ms});
    // The store's outages: the rooms wait through them, readiness reports them.
    const std::shared_ptr<StoreHealth> health = StoreHealth::make(io, store);
    RoomSettings rooms = room_settings(c);
    rooms.store_health = health.get();
    Lobby lobby(io, store, rooms, lobby_limits(c), cluster.get());
    // Alone, the node resumes every unfinished match; on a cluster, those it claims once it has
    // a lease (below).
    int recovered = cluster ? 0 : lobby.recover();
    std::unique_ptr<Heartbeat> heartbeat;
    HttpApi http(store, web_root_of(c), &lobby.drain(), &lobby.replays(), health.get());
    OpenWebSockets websockets;
    AdminApi admin(
        lobby, store, c.admin,
        [&websockets](Message message) { return websockets.send_to_all(message); }, cluster.get());
    if (!c.admin.token.empty())
      TORTUGA_LOG(info, "admin API on, for token " << AdminToken(c.admin.token).who());
    ServerState state{lobby, http, admin, websockets, c.limits, *trusted_proxies, *allowed_origins};

    // SIGUSR1 drains the node, as the admin API's drain does; a second one only says again
    // where draining stands. Caught before the port is announced: by default it would kill.
    auto drain_signal = std::make_unique<boost::asio::signal_set>(io, SIGUSR1);
    std::function<void()> await_drain_signal = [&] {
      drain_signal->async_wait([&](boost::system::error_code ec, int) {
        if (ec) return;
        TORTUGA_LOG(info, "SIGUSR1: drain");
        lobby.drain().begin();
        await_drain_signal();
      });
    };
    await_drain_signal();

    auto endpoint =
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address(c.address), c.port);
    auto listener = std::make_shared<Listener>(io, endpoint, state);
    listener->run();
    const auto port = listener->local_endpoint().port();
    if (cluster) {
      if (cluster->url().empty())
        cluster->set_url("ws://" + c.address + ":" + std::to_string(port) + "/ws");
      // The node registers (a lease), then takes back its own rooms of a last run and any whose
      // node is dead, before anyone is told it listens.
      cluster->renew();
      recovered = lobby.claim(/*own_too=*/true);
      heartbeat = std::make_unique<Heartbeat>(*cluster, lobby, c.cluster.lease_ms);
      lobby.on_orphan([hb = heartbeat.get()] { hb->nudge(); });
      heartbeat->start();
      TORTUGA_LOG_AT(info,
                     log::Context("node")
                         .field("node_id", cluster->node())
                         .field("url", cluster->url())
                         .field("lease_ms", c.cluster.lease_ms),
                     "cluster node " << cluster->node() << " at " << cluster->url() << ", lease "
                                     << c.cluster.lease_ms << " ms");
    }
    TORTUGA_LOG_AT(info,
                   log::Context("listening")
                       .field("address", c.address)
                       .field("port", port)
                       .field("db", store::shown_db(c.db))
                       .field("threads", threads)
                       .field("resumed", recovered),
                   "listening on " << c.address << ":" << port << ", database "
                                   << store::shown_db(c.db) << ", " << threads << " threads, "
                                   << recovered << " matches resumed");
    if (auto file = port_file_of(args); !file.empty()) std::ofstream(file) << port << "\n";

    auto signals = std::make_unique<boost::asio::signal_set>(io, SIGINT, SIGTERM);
    auto closing = std::make_unique<boost::asio::steady_timer>(io);
    auto send_away = [&] {
      // Clients are told the server is going away, so that they reconnect rather than guess.
      state.websockets.go_away();
      stop_once_closed(
          io, state.websockets, *closing,
          std::chrono::steady_clock::now() + std::chrono::milliseconds(c.limits.shutdown_grace_ms));
    };
    std::thread handing_over;
    signals->async_wait([&](boost::system::error_code, int signal) {
      TORTUGA_LOG_AT(info, log::Context("stopping").field("signal", signal),
                     "signal " << signal << ": stopping, closing " << state.websockets.count()
                               << " connections");
      listener->stop();
      drain_signal->cancel();
      // Rooms stop their timers and refuse actions, so that no bot, deadline or player acts
      // meanwhile.
      lobby.shutdown();
      health->stop();
      if (!cluster) return send_away();
      // On a cluster the node hands its matches over at once: once every append queued has
      // committed (or been fenced), its lease ends, so that the next node to beat (or to be
      // asked by a returning client) claims them; only then are the clients sent away, to find
      // their rooms there. The store is waited for on a thread of its own, while the room
      // strands that its answers go to run on.
      handing_over = std::thread([&] {
        store.flush();
        store.flush();
        heartbeat->stop();
        try {
          cluster->keep_open(lobby.open_states());
        } catch (const std::exception& e) {
          TORTUGA_LOG_AT(warn, log::Context("open_rooms_lost"),
                         "the open rooms are not handed over: " << e.what());
        }
        cluster->release();
        TORTUGA_LOG_AT(info, log::Context("lease_released"), "lease released: rooms handed over");
        boost::asio::post(io, send_away);
      });
    });

    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back([&io] { io.run(); });
    io.run();
    for (auto& t : pool) t.join();
    if (handing_over.joinable()) handing_over.join();
    if (heartbeat) heartbeat->stop();
    // Every action handed to the store is committed before the process ends. A room's last
    // action queues the match's result from its callback, hence a second flush for that.
    store.flush();
    store.flush();
    // The callbacks posted their news to the stopped io_context; destroying it drops them, with
    // the last references to rooms and sessions, while the lobby and server state still exist.
    lobby.release_rooms();
    listener.reset();
    signals.reset();
    drain_signal.reset();
    closing.reset();
    io_owner.reset();
    TORTUGA_LOG_AT(info, log::Context("stopped"), "stopped; every stored action is kept");
  } catch (const std::exception& e) {
    std::cerr << "tortuga serve: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace tortuga
