// While the store cannot write, and once it can again, over real sockets against `tortuga serve`:
// on PostgreSQL stopped and restarted under a running match, and on SQLite made read-only
// (`chattr +i`) or out of disk (a small tmpfs, filled). The match waits and says so; nobody is
// shown a state the store did not give (never the match's start again), an action not stored is
// answered so, a valid token is never refused, readiness says the node cannot take players,
// metrics count only what was stored, the log says the outage in a line or two, and the match goes
// on from what was stored once the store is back, every version shown matching the stored log.
#include <sys/mount.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/support/postgres_cluster.hpp"

namespace tortuga::integration {
namespace {

namespace fs = std::filesystem;

// The value of one series of the server's /metrics (`name{labels}` as the server writes it).
double metric(std::uint16_t port, const std::string& series) {
  std::istringstream lines(http_get(port, "/metrics").body);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(series + " ", 0) == 0) return std::stod(line.substr(series.size() + 1));
  FAIL("no series " << series);
  return 0;
}

double probes_failed(std::uint16_t port) {
  return metric(port, "tortuga_store_failures_total{what=\"probe\"}");
}

std::int64_t stored_actions(std::uint16_t port, std::int64_t match) {
  const HttpReply reply = http_get(port, "/api/matches/" + std::to_string(match));
  REQUIRE(reply.status == 200);
  return Json::parse(reply.body).at("match").at("actions").get<std::int64_t>();
}

// Every version `client` was shown of `match` is the stored log's view at that version.
void check_shown_views_stored(std::uint16_t port, const TestClient& client, std::int64_t match) {
  const HttpReply replay =
      http_get(port, "/api/matches/" + std::to_string(match) + "/replay?seat=0");
  REQUIRE(replay.status == 200);
  const Json steps = Json::parse(replay.body).at("steps");
  const MatchView* shown = client.match(match);
  REQUIRE(shown);
  REQUIRE(!shown->history.empty());
  for (const auto& [version, view] : shown->history) {
    INFO("version " << version);
    REQUIRE(static_cast<std::size_t>(version) < steps.size());
    Json stored = steps[static_cast<std::size_t>(version)].at("view");
    CHECK(stored == view);
  }
}

constexpr const char* kApplied = "tortuga_actions_applied_total{game=\"raft-and-scupper\"}";

// A player against a random bot, the bot at once: a match under way, `actions` in.
struct BotMatch {
  TestClient anne;
  Table table;
  // Actions the server had applied before this match: those of the matches that ended too soon.
  double applied_before = 0;
  BotMatch(std::uint16_t port, std::mt19937_64& rng, int actions = 6) : anne(port, "Anne") {
    anne.hello("Anne");
    anne.record_history();
    // A random match may end within a few actions: then another, until one is under way.
    for (int tries = 0; tries < 20; ++tries) {
      applied_before = metric(port, kApplied);
      table = open_bot_table(anne, kRaft, Json::object(), {"random"});
      play_random(table.match, {&anne}, {}, rng, actions);
      // The bot answers at once: its answer, which may end the match, is in before the store
      // is taken away, and the next action is Anne's.
      anne.wait_until(
          [&] {
            return is_over(anne, table.match) || !anne.match(table.match)->view.at("legal").empty();
          },
          "Anne's turn or the end");
      if (!is_over(anne, table.match)) return;
    }
    FAIL("twenty random matches ended within " << actions << " actions");
  }
  // The push that says the match waits for its store, once its next action fails: Anne's, sent
  // as soon as her view offers her one, or the bot's.
  Json wait_told() {
    bool acted = false;
    const auto deadline = std::chrono::steady_clock::now() + kWait;
    while (std::chrono::steady_clock::now() < deadline) {
      const Json& view = anne.match(table.match)->view;
      if (!acted && !view.at("legal").empty()) {
        anne.send({{"type", "action"},
                   {"match", table.match},
                   {"action", view.at("legal").at(0)},
                   {"id", "in-flight"}});
        acted = true;
      }
      const auto m = anne.receive(Millis(100));
      if (m && m->at("type") == "error" && m->at("code") == "store_unavailable" &&
          !m->contains("re"))
        return *m;
    }
    throw std::runtime_error("the match was never said to wait for its store:\n" + anne.recent());
  }
};

bool is_store_unavailable(const Json& m) {
  return m.at("type") == "error" && m.at("code") == "store_unavailable";
}

// What happens during an outage, checked the same on every store that fails: the match waits,
// nothing is shown, actions and syncs are answered so, readiness is off, the store is probed
// (and only probed: three failed probes are the proof that time has passed).
void check_waiting(ServerProcess& server, BotMatch& m) {
  const std::uint16_t port = server.port();
  const MatchView before = *m.anne.match(m.table.match);
  const double applied = metric(port, kApplied);
  const double failed_probes = probes_failed(port);
  eventually([&] { return probes_failed(port) >= failed_probes + 3; }, "three failed probes",
             std::chrono::seconds(20));
  m.anne.drain();
  const MatchView* now = m.anne.match(m.table.match);
  CHECK(now->states == before.states);  // before, the match's start was sent again and again
  CHECK(now->patches == before.patches);
  CHECK(now->version == before.version);
  // Only actions stored are counted as applied; the one that failed as not stored.
  CHECK(metric(port, kApplied) == applied);
  CHECK(metric(port, "tortuga_actions_not_stored_total{game=\"raft-and-scupper\"}") >= 1);
  CHECK(metric(port, "tortuga_store_unavailable") == 1);
  CHECK(metric(port, "tortuga_rooms_waiting_for_store") == 1);

  const Json synced = m.anne.request({{"type", "sync"}, {"match", m.table.match}});
  CHECK(is_store_unavailable(synced));
  CHECK(synced.at("match") == m.table.match);
  const Json& legal = m.anne.match(m.table.match)->view.at("legal");
  if (!legal.empty()) {
    const Json played =
        m.anne.request({{"type", "action"}, {"match", m.table.match}, {"action", legal.at(0)}});
    CHECK(is_store_unavailable(played));
  }
  const HttpReply ready = http_get(port, "/readyz");
  CHECK(ready.status == 503);
  CHECK(Json::parse(ready.body).at("code") == "store_unavailable");
}

// Once the store is back: Anne is sent the stored state, plays to the end, and every version she
// was shown is the stored one.
void check_goes_on(ServerProcess& server, BotMatch& m, std::mt19937_64& rng) {
  const std::uint16_t port = server.port();
  const Json state = m.anne.wait_for(
      [&](const Json& msg) { return msg.at("type") == "state" && !msg.contains("re"); },
      "the state once the store is back", std::chrono::seconds(20));
  // The state is the one stored then; a bot to move may have stored its next action since, so
  // the log can only be longer. check_shown_views_stored holds every shown version to the log.
  CHECK(state.at("version") <= stored_actions(port, m.table.match));
  CHECK(state.at("version") >= 6);
  play_random(m.table.match, {&m.anne}, {}, rng);
  REQUIRE(is_over(m.anne, m.table.match));
  check_shown_views_stored(port, m.anne, m.table.match);
  eventually([&] { return http_get(port, "/readyz").status == 200; }, "ready again");
  CHECK(metric(port, "tortuga_store_unavailable") == 0);
  CHECK(metric(port, "tortuga_rooms_waiting_for_store") == 0);
  // Every action counted as applied in this match is stored (the matches before it, which a random
  // bot may have ended within a few actions, counted theirs before it began).
  CHECK(metric(port, kApplied) - m.applied_before ==
        static_cast<double>(stored_actions(port, m.table.match)));
}

// The lines of the server's log but its access lines (each HTTP request the test makes).
std::size_t lines_of(const std::string& log) {
  std::istringstream lines(log);
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line);)
    count += line.find(" GET /") == std::string::npos;
  return count;
}

// The shared throwaway PostgreSQL, stopped for a test and always started again.
struct DatabaseStopped {
  test::PostgresCluster& pg = test::PostgresCluster::shared();
  bool stopped = false;
  void stop() {
    pg.stop_server("fast");
    stopped = true;
  }
  void start() {
    pg.start_server();
    stopped = false;
  }
  ~DatabaseStopped() {
    if (stopped) pg.start_server();
  }
};

TEST_CASE("PostgreSQL stopped under a match: it waits, shows nothing unread, then goes on") {
  TempDir dir;
  const std::string db = test::PostgresCluster::shared().new_database();
  ServerProcess server(db, dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  BotMatch m(server.port(), rng);
  TestClient other(server.port(), "Bill");
  other.hello("Bill");
  const std::string bills_token = other.token();

  DatabaseStopped database;
  database.stop();
  const Json told = m.wait_told();
  CHECK(told.at("match") == m.table.match);
  check_waiting(server, m);

  // A player coming back is told to try again, never that the token is no good.
  TestClient back(server.port(), "Bill again");
  const Json hello = back.request({{"type", "hello"}, {"name", "Bill"}, {"token", bills_token}});
  CHECK(is_store_unavailable(hello));
  // History is not a verdict either: a stored match is not "no such match" while unread.
  const HttpReply match = http_get(server.port(), "/api/matches/" + std::to_string(m.table.match));
  CHECK(match.status == 503);
  // Nor a replay, asked for on its own threads: the node answers, and goes on serving.
  const HttpReply replay =
      http_get(server.port(), "/api/matches/" + std::to_string(m.table.match) + "/replay");
  CHECK(replay.status == 503);
  CHECK(Json::parse(replay.body).at("code") == "store_unavailable");
  const Json listed = other.request({{"type", "get_match"}, {"match", m.table.match}});
  CHECK(is_store_unavailable(listed));

  database.start();
  check_goes_on(server, m, rng);
  TestClient again(server.port(), "Bill, later");
  CHECK(again.request({{"type", "hello"}, {"name", "Bill"}, {"token", bills_token}}).at("type") ==
        "welcome");
}

TEST_CASE("a PostgreSQL restart leaves no stale connection: a node's first room after it is made") {
  TempDir dir;
  const std::string db = test::PostgresCluster::shared().new_database();
  std::vector<std::string> args = fast_play_config(dir.path());
  args.insert(args.end(), {"--node-id", "n1"});
  ServerProcess node(db, dir.path(), args);
  TestClient anne(node.port(), "Anne");
  anne.hello("Anne");
  CHECK(anne.request({{"type", "create_room"}, {"game", kRaft}}).at("type") == "room");
  {
    DatabaseStopped database;
    database.stop();
    database.start();
  }
  // Before, the node's connection for rooms was found broken only by this, which failed.
  TestClient bill(node.port(), "Bill");
  bill.hello("Bill");
  const Json made = bill.request({{"type", "create_room"}, {"game", kRaft}});
  INFO(made.dump());
  CHECK(made.at("type") == "room");
}

// A folder of the test's own: a tmpfs of `size` (root only), or none.
struct SmallDisk {
  fs::path path;
  bool mounted = false;
  explicit SmallDisk(const fs::path& at, const char* size) : path(at) {
    fs::create_directories(path);
    const std::string options = std::string("size=") + size;
    mounted = ::mount("tmpfs", path.c_str(), "tmpfs", 0, options.c_str()) == 0;
  }
  ~SmallDisk() {
    if (mounted) ::umount2(path.c_str(), MNT_DETACH);
  }
  // Writes zeros into a file until the disk is full.
  void fill() {
    std::ofstream filler(path / "filler", std::ios::binary);
    const std::string block(4096, '\0');
    while (filler.write(block.data(), block.size()) && filler.flush()) {
    }
  }
  void free() { fs::remove(path / "filler"); }
};

// `chattr +i` on the store's files: nothing can write them, even through the descriptors the
// server holds open; reads go on.
void set_immutable(const fs::path& dir, bool on) {
  for (const char* name : {"store.db", "store.db-wal"}) {
    const std::string command =
        std::string("chattr ") + (on ? "+i " : "-i ") + (dir / name).string() + " 2>/dev/null";
    if (fs::exists(dir / name)) REQUIRE(std::system(command.c_str()) == 0);
  }
}

TEST_CASE("SQLite made read-only under a match: it waits, quietly, then goes on") {
  if (::geteuid() != 0) {
    MESSAGE("skipped: chattr +i needs root");
    return;
  }
  TempDir dir;
  ServerProcess server(dir / "store.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  BotMatch m(server.port(), rng);
  CHECK(http_get(server.port(), "/readyz").status == 200);
  const std::size_t lines_before = lines_of(server.log());

  set_immutable(dir.path(), true);
  struct Unseal {
    fs::path dir;
    ~Unseal() { set_immutable(dir, false); }
  } unseal{dir.path()};
  m.wait_told();
  check_waiting(server, m);
  // A new player cannot be stored: told to try again, not that the server failed.
  TestClient newcomer(server.port(), "Newcomer");
  CHECK(is_store_unavailable(newcomer.request({{"type", "hello"}, {"name", "Newcomer"}})));
  // The outage is one line in the log, whatever the store's failures meanwhile (before, a line
  // for every failed action and its rebuild, eleven times a second).
  const std::string log = server.log();
  INFO(log);
  CHECK(lines_of(log) - lines_before <= 2);

  set_immutable(dir.path(), false);
  check_goes_on(server, m, rng);
  CHECK(server.log().find("the store writes again") != std::string::npos);
}

TEST_CASE("SQLite out of disk under a match: it waits until there is room, then goes on") {
  if (::geteuid() != 0) {
    MESSAGE("skipped: mounting a small tmpfs needs root");
    return;
  }
  TempDir dir;
  SmallDisk disk(dir / "disk", "4m");
  REQUIRE(disk.mounted);
  ServerProcess server(disk.path / "store.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  BotMatch m(server.port(), rng);

  disk.fill();
  m.wait_told();
  check_waiting(server, m);

  disk.free();
  check_goes_on(server, m, rng);
}

}  // namespace
}  // namespace tortuga::integration
