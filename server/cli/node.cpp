#include "server/cli/node.hpp"

#include <csignal>
#include <filesystem>
#include <functional>
#include <vector>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>

#include "persistence/open_store.hpp"
#include "persistence/token.hpp"
#include "server/access/browser_policy.hpp"
#include "server/access/client_address.hpp"
#include "server/api/admin_token.hpp"
#include "server/cli/config_parts.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

#ifndef TORTUGA_SOURCE_DIR
#error "TORTUGA_SOURCE_DIR must name the source tree, where web/ is looked for last"
#endif

namespace tortuga {
namespace {

std::unique_ptr<store::Store> open_store(const Config& c) {
  store::StoreOptions options = store_options(c);
  options.sqlite.writer.on_batch = options.postgres.writer.on_batch =
      [](std::size_t writes, std::chrono::steady_clock::duration took) {
        server_metrics().store_batch(writes, took);
      };
  return store::open_store(c.db, options);
}

std::unique_ptr<store::PgNodeLock> lock_node(const Config& c) {
  if (!store::names_postgresql(c.db)) return nullptr;
  return std::make_unique<store::PgNodeLock>(
      c.db, c.cluster.on() ? store::PgNodeLock::Mode::cluster : store::PgNodeLock::Mode::alone,
      [](const std::string& why) { TORTUGA_LOG_AT(error, log::Context("node_lock_lost"), why); });
}

int threads_of(const Config& c) {
  return c.threads > 0 ? c.threads
                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
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
  // The profile's rating plot is drawn with uPlot from npm; without it the page shows tables.
  const std::filesystem::path plot = plot_root_beside(root);
  if (!std::filesystem::is_regular_file(plot / "uPlot.esm.js", ec))
    TORTUGA_LOG_AT(info, log::Context("plot_root_empty").field("path", plot.string()),
                   "no uPlot.esm.js in " << plot.string() << ": " << kPlotPath
                                         << " answers 404 and rating histories are shown as "
                                            "tables only; run npm ci --omit=dev beside the web "
                                            "root");
  return root.string();
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

// The notifier, its links to this server's pages and its leases named for this node: a node
// restarted under the same cluster id holds none of the leases its last run held.
std::unique_ptr<notify::Notifier> make_notifier(const Config& c, store::Store& store,
                                                const std::string& web_root) {
  NotifySettings settings = c.notify;
  if (settings.public_url.empty())
    settings.public_url = "http://" + c.address + ":" + std::to_string(c.port);
  const std::string owner = (c.cluster.on() ? c.cluster.node_id : std::string("node")) + "/" +
                            store::new_token().substr(0, 8);
  return std::make_unique<notify::Notifier>(
      store, settings,
      std::make_shared<const notify::Catalog>(std::filesystem::path(web_root) / "locales"), owner);
}

}  // namespace

Node::Node(const Config& config)
    : config_(config),
      store_(open_store(config_)),
      node_lock_(lock_node(config_)),
      threads_(threads_of(config_)),
      io_(std::make_unique<boost::asio::io_context>(threads_)) {
  const Config& c = config_;
  if (c.cluster.on())
    cluster_ = std::make_unique<store::PgCluster>(
        c.db, store::NodeSettings{c.cluster.node_id, c.cluster.public_url, c.cluster.lease_ms});
  bots_ = std::make_unique<BotPool>(c.bot_pool);
  const std::string web_root = web_root_of(c);
  notifier_ = make_notifier(c, *store_, web_root);
  notify_links_ = std::make_unique<NotifyLinks>(*notifier_);
  health_ = StoreHealth::make(*io_, *store_);
  RoomSettings rooms = room_settings(c);
  rooms.store_health = health_.get();
  rooms.bots = bots_.get();
  rooms.notifier = notifier_.get();
  lobby_ = std::make_unique<Lobby>(*io_, *store_, rooms, lobby_limits(c));
  if (cluster_) {
    membership_ = std::make_unique<Membership>(*cluster_, *store_, *lobby_, health_.get());
    lobby_->join_cluster(*membership_);
  }
  // Alone, the node resumes every unfinished match; on a cluster, those it claims once it has a
  // lease (listen).
  if (!cluster_) resumed_ = lobby_->recover();
  // A match that finished rated while its node stopped (or was taken over) before rating it is
  // rated now: rating is idempotent by match, so another node doing the same changes nothing.
  lobby_->ratings().rate_pending();
  http_ = std::make_unique<HttpApi>(*store_, web_root, &lobby_->drain(), &lobby_->replays(),
                                    health_.get());
  admin_ = std::make_unique<AdminApi>(
      *lobby_, *store_, c.admin,
      [this](Message message) { return websockets_.send_to_all(message); }, cluster_.get());
  if (!c.admin.token.empty())
    TORTUGA_LOG(info, "admin API on, for token " << AdminToken(c.admin.token).who());
  // Read with the config file, where they were checked: neither fails here.
  state_.reset(new ServerState{*lobby_, *http_, *admin_, websockets_, c.limits,
                               TrustedProxies::parse(c.trusted_proxies).value(),
                               AllowedOrigins::parse(c.allowed_origins).value()});
  state_->notify_links = notify_links_.get();
  notifier_->start();
  // SIGUSR1 drains the node, as the admin API's drain does. Caught before the port is announced:
  // by default it would kill.
  drain_signal_ = std::make_unique<boost::asio::signal_set>(*io_, SIGUSR1);
  await_drain_signal();
}

Node::~Node() {
  if (handing_over_.joinable()) handing_over_.join();
}

void Node::await_drain_signal() {
  drain_signal_->async_wait([this](boost::system::error_code ec, int) {
    if (ec) return;
    // A second one only says again where draining stands.
    TORTUGA_LOG(info, "SIGUSR1: drain");
    lobby_->drain().begin();
    await_drain_signal();
  });
}

unsigned short Node::listen() {
  const Config& c = config_;
  auto endpoint = boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address(c.address), c.port);
  listener_ = std::make_shared<Listener>(*io_, endpoint, *state_);
  listener_->run();
  const auto port = listener_->local_endpoint().port();
  if (cluster_) {
    if (cluster_->url().empty())
      cluster_->set_url("ws://" + c.address + ":" + std::to_string(port) + "/ws");
    // The node registers (a lease), then takes back its own rooms of a last run and any whose
    // node is dead, before anyone is told it listens.
    cluster_->renew();
    resumed_ = membership_->claim(/*own_too=*/true);
    heartbeat_ = std::make_unique<Heartbeat>(*cluster_, *membership_, c.cluster.lease_ms);
    membership_->on_orphan([hb = heartbeat_.get()] { hb->nudge(); });
    heartbeat_->start();
    TORTUGA_LOG_AT(info,
                   log::Context("node")
                       .field("node_id", cluster_->node())
                       .field("url", cluster_->url())
                       .field("lease_ms", c.cluster.lease_ms),
                   "cluster node " << cluster_->node() << " at " << cluster_->url() << ", lease "
                                   << c.cluster.lease_ms << " ms");
  }
  TORTUGA_LOG_AT(info,
                 log::Context("listening")
                     .field("address", c.address)
                     .field("port", port)
                     .field("db", store::shown_db(c.db))
                     .field("threads", threads_)
                     .field("bot_threads", bots_->threads())
                     .field("resumed", resumed_),
                 "listening on " << c.address << ":" << port << ", database "
                                 << store::shown_db(c.db) << ", " << threads_ << " threads, "
                                 << resumed_ << " matches resumed");
  stop_signals_ = std::make_unique<boost::asio::signal_set>(*io_, SIGINT, SIGTERM);
  closing_ = std::make_unique<boost::asio::steady_timer>(*io_);
  stop_signals_->async_wait([this](boost::system::error_code, int signal) { stop(signal); });
  return port;
}

void Node::run() {
  std::vector<std::thread> pool;
  for (int i = 1; i < threads_; ++i) pool.emplace_back([this] { io_->run(); });
  io_->run();
  for (auto& t : pool) t.join();
  bots_->stop();
  notifier_->stop();
  if (handing_over_.joinable()) handing_over_.join();
  if (heartbeat_) heartbeat_->stop();
  settle_store();
  // The store's answers posted their news to the stopped io_context; destroying it drops them,
  // with the last references to rooms and sessions, while the lobby and server state still exist.
  lobby_->release_rooms();
  listener_.reset();
  stop_signals_.reset();
  drain_signal_.reset();
  closing_.reset();
  io_.reset();
  TORTUGA_LOG_AT(info, log::Context("stopped"), "stopped; every stored action is kept");
}

void Node::stop(int signal) {
  TORTUGA_LOG_AT(
      info, log::Context("stopping").field("signal", signal),
      "signal " << signal << ": stopping, closing " << websockets_.count() << " connections");
  listener_->stop();
  drain_signal_->cancel();
  // Rooms stop their timers and refuse actions, so that no bot, deadline or player acts
  // meanwhile.
  lobby_->shutdown();
  health_->stop();
  if (!cluster_) return send_away();
  handing_over_ = std::thread([this] { hand_over(); });
}

void Node::hand_over() {
  // The lease ends only once every append queued has committed (or been fenced), so that the next
  // node to beat (or to be asked by a returning client) claims the rooms as the log has them.
  settle_store();
  heartbeat_->stop();
  try {
    cluster_->keep_open(membership_->open_states());
  } catch (const std::exception& e) {
    TORTUGA_LOG_AT(warn, log::Context("open_rooms_lost"),
                   "the open rooms are not handed over: " << e.what());
  }
  cluster_->release();
  TORTUGA_LOG_AT(info, log::Context("lease_released"), "lease released: rooms handed over");
  boost::asio::post(*io_, [this] { send_away(); });
}

void Node::send_away() {
  // Clients are told the server is going away, so that they reconnect rather than guess.
  websockets_.go_away();
  stop_once_closed(*io_, websockets_, *closing_,
                   std::chrono::steady_clock::now() +
                       std::chrono::milliseconds(config_.limits.shutdown_grace_ms));
}

void Node::settle_store() {
  // A room's last action queues the match's result from its answer (Room::apply): the second
  // flush commits what the first one's answers queued.
  store_->flush();
  store_->flush();
}

}  // namespace tortuga
