// Dormant matches across a kill -9 of their cluster node (docs/scaling.md, "a room is dormant"):
// two nodes share one PostgreSQL database; matches played by correspondence on node 1 fall
// dormant there; node 1 is killed. Node 2 takes them over (rebuilt from their logs, then dormant
// again there, since nobody is in them), serves them as they were, and fires the stored deadlines
// of two of them exactly once each (one timeout ends its match, whose room then closes; the other
// goes on, dormant again); node 1, started again, fires neither a second time, beside node 2 or
// once it has taken the matches back. Every wait is on /metrics or the store, never a pause.
#include <csignal>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "persistence/now.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/support/postgres_cluster.hpp"

namespace tortuga::integration {
namespace {

// How long after the players leave that a stored deadline of node 1's falls due: long enough for
// its rooms to fall dormant and the node to be killed first on a busy machine (checked, not
// assumed), short enough for a test.
constexpr std::int64_t kDueInMs = 30000;
// Generous bounds for what a busy machine may take: a lease to run out, rooms to be rebuilt.
constexpr Millis kLong{90000};

// The nodes of one database: fast play, rooms dormant (or, once their match is over, closed) a
// second after their last member went, and no vacation days, so that a clock out of time is the
// game's timeout at once.
struct TwoNodes {
  TempDir dir;
  std::string db = test::PostgresCluster::shared().new_database();

  std::unique_ptr<ServerProcess> start(const std::string& node, const std::string& folder_name) {
    const auto folder = dir / folder_name;
    std::filesystem::create_directories(folder);
    write_file(folder / "config.json", R"({
      "limits": {"messages_per_second": 100000, "message_burst": 100000,
                 "dormant_after_s": 1, "dormant_lookahead_s": 1, "empty_room_timeout_s": 1},
      "correspondence": {"vacation_days": 0}})");
    return std::make_unique<ServerProcess>(
        db, folder,
        std::vector<std::string>{"--config", (folder / "config.json").string(), "--node-id", node});
  }
  std::string sql(const std::string& query) const {
    return test::PostgresCluster::shared().run_sql(db, query);
  }
  std::int64_t number(const std::string& query) const { return std::stoll(sql(query)); }
};

double gauge(std::uint16_t port, const std::string& series) {
  return metric(port, series).value_or(-1);
}

// Waits until the node at `port` holds `dormant` rooms dormant and `in_memory` in memory.
void wait_rooms(std::uint16_t port, double dormant, double in_memory, const std::string& node) {
  eventually(
      [&] {
        return gauge(port, "tortuga_rooms_dormant") == dormant &&
               gauge(port, "tortuga_rooms_in_memory") == in_memory;
      },
      node + ": rooms dormant " + std::to_string(dormant) + ", in memory " +
          std::to_string(in_memory),
      kLong);
}

// Retries `done` on the store every fifth of a second (each look is a new connection).
void wait_store(const std::function<bool()>& done, const std::string& what) {
  const auto deadline = std::chrono::steady_clock::now() + kLong;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= deadline)
      throw std::runtime_error("timed out waiting for " + what);
    std::this_thread::sleep_for(Millis(200));
  }
}

std::uint16_t port_of(const std::string& url) {
  return static_cast<std::uint16_t>(std::stoi(url.substr(url.rfind(':') + 1)));
}

struct Account {
  std::string name;
  std::string token;
};

Account registered(TestClient& c, const std::string& name) {
  return {name, register_account(c, name, kLong).at("token")};
}

// The match's stored state as a player of it is sent: `who` syncs it from the node at `port`,
// following `elsewhere` to the node that holds it, and asking again shortly while its dead
// owner is not yet replaced (elsewhere without a URL). Returns the state, `client` left connected
// where it was sent.
Json sync_anywhere(std::uint16_t port, const Account& who, std::int64_t match,
                   std::unique_ptr<TestClient>& client, std::uint16_t* served_by = nullptr) {
  const auto deadline = std::chrono::steady_clock::now() + kLong;
  while (std::chrono::steady_clock::now() < deadline) {
    client = std::make_unique<TestClient>(port, who.name + " on " + std::to_string(port));
    client->hello(who.name, who.token);
    const Json answer = client->request({{"type", "sync"}, {"match", match}});
    if (answer.at("type") == "state") {
      if (served_by) *served_by = port;
      return answer;
    }
    REQUIRE(answer.at("code") == "elsewhere");
    if (answer.at("url").is_string())
      port = port_of(answer.at("url").get<std::string>());
    else
      std::this_thread::sleep_for(Millis(100));  // being taken over: ask again
  }
  throw std::runtime_error(who.name + " found no node serving match " + std::to_string(match));
}

struct Kept {
  Table table;
  std::int64_t version = 0;
  Json anne_view;
};

}  // namespace

TEST_SUITE("dormant cluster" * doctest::skip()) {
  TEST_CASE("dormant matches of a node killed: taken over, served as they were, a deadline once") {
    auto rng = seeded_rng();
    TwoNodes nodes;
    auto a = nodes.start("n1", "n1");
    auto b = nodes.start("n2", "n2");
    const std::uint16_t port_a = a->port(), port_b = b->port();
    const auto timeouts_of = [&](std::int64_t match) {
      return nodes.number(
          "SELECT count(*) FROM actions WHERE match_id = " + std::to_string(match) +
          " AND convert_from(action, 'UTF8')::jsonb ->> 'clock' = 'correspondence'");
    };

    // Anne and Bill play three matches by correspondence on node 1: the first a few moves in;
    // the second until one of them passes, so that the other's timeout (a pass) ends it; the
    // third two moves into the setup, whose timeout is the setup's next step.
    std::vector<Kept> kept;
    Account anne, bill;
    std::int64_t due_ms = 0;
    {
      TestClient anne_a(port_a, "anne"), bill_a(port_a, "bill");
      anne = registered(anne_a, "Anne");
      bill = registered(bill_a, "Bill");
      for (int attempt = 0; kept.size() < 3 && attempt < 30; ++attempt) {
        const Table table = open_by_post(anne_a, bill_a, 1);
        if (kept.size() == 1 ? !pass_in_raft(table.match, anne_a, bill_a, rng)
                             : play_random(table.match, {&anne_a, &bill_a}, {}, rng,
                                           kept.empty() ? 6 : 2) == 0 ||
                                   is_over(anne_a, table.match))
          continue;
        bill_a.wait_version(table.match, anne_a.match(table.match)->version);
        kept.push_back(
            {table, anne_a.match(table.match)->version, anne_a.match(table.match)->view});
      }
      REQUIRE(kept.size() == 3);
      // The second and third matches' clocks run out soon: stored while their rooms are in
      // memory, so that they fall dormant knowing the deadline, as clocks run down over days
      // would be kept.
      due_ms = store::now_ms() + kDueInMs;
      for (int i : {1, 2})
        REQUIRE(nodes.number("WITH due AS (UPDATE correspondence_clocks SET due_ms = " +
                             std::to_string(due_ms) +
                             " WHERE match_id = " + std::to_string(kept[i].table.match) +
                             " AND waiting <> 0 RETURNING seat) SELECT count(*) FROM due") >= 1);
    }
    const std::int64_t ends = kept[1].table.match, goes_on = kept[2].table.match;
    // Both players gone: node 1's three rooms leave memory.
    wait_rooms(port_a, 3, 0, "node 1");
    // The deadline is still to come, and node 1 has not woken a room for it.
    REQUIRE(store::now_ms() < due_ms);
    REQUIRE(gauge(port_a, "tortuga_room_wakeups_total{cause=\"deadline\"}") == 0);
    REQUIRE(timeouts_of(ends) + timeouts_of(goes_on) == 0);

    CHECK(a->stop(SIGKILL) == 128 + SIGKILL);

    // (a) Node 2 claims the three rooms once node 1's lease runs out, at a new epoch, rebuilds
    // each from its log as a restart does (all of them at once: the cluster does not know which
    // were dormant), and each falls dormant again there, nobody being in it.
    wait_rooms(port_b, 3, 0, "node 2");
    for (const Kept& k : kept) {
      INFO("room " << k.table.room);
      CHECK(nodes.sql("SELECT node || ' ' || epoch FROM rooms WHERE id = " +
                      std::to_string(k.table.room)) == "n2 2");
    }

    // (b) Anne comes back through node 2 and finds her first match as she left it, the moves
    // before the kill all there.
    {
      std::unique_ptr<TestClient> anne_b;
      std::uint16_t served_by = 0;
      const Json state = sync_anywhere(port_b, anne, kept[0].table.match, anne_b, &served_by);
      CHECK(served_by == port_b);
      CHECK(state.at("version") == kept[0].version);
      CHECK(state.at("view") == kept[0].anne_view);
      CHECK(nodes.number("SELECT count(*) FROM actions WHERE match_id = " +
                         std::to_string(kept[0].table.match)) == kept[0].version);
    }

    // (c) The stored deadlines fall due after the kill, and node 2 fires each once: the game's
    // timeout is stored once in each match. The second match is over (stored so with its last
    // action), and its room, left empty, closes; the third goes on, its room dormant again with
    // its next deadline a day away.
    const auto status = [&](std::int64_t match) {
      return nodes.sql("SELECT status FROM matches WHERE id = " + std::to_string(match));
    };
    const auto actions = [&](std::int64_t match) {
      return nodes.number("SELECT count(*) FROM actions WHERE match_id = " + std::to_string(match));
    };
    wait_store([&] { return timeouts_of(ends) >= 1 && timeouts_of(goes_on) >= 1; },
               "node 2 to fire the deadlines");
    CHECK(store::now_ms() >= due_ms);
    wait_rooms(port_b, 2, 0, "node 2, after the deadlines");
    CHECK(status(ends) == "finished");
    CHECK(status(goes_on) == "running");
    for (int i : {1, 2}) {
      INFO("match " << kept[i].table.match);
      CHECK(timeouts_of(kept[i].table.match) == 1);
      CHECK(actions(kept[i].table.match) == kept[i].version + 1);
    }
    const std::string clocks_due =
        "SELECT coalesce(min(due_ms), 0) FROM correspondence_clocks "
        "WHERE waiting <> 0 AND match_id = " +
        std::to_string(goes_on);
    const std::int64_t next_due = nodes.number(clocks_due);
    CHECK(next_due > store::now_ms() + 12 * 3600 * 1000);
    MESSAGE("node 2's deadline wakeups: " << gauge(
                port_b, "tortuga_room_wakeups_total{cause=\"deadline\"}"));

    // (d) Node 1 started again takes nothing back (its rooms are node 2's) and fires nothing;
    // Bill, asking it for the first match, is sent to node 2 and finds it as it was.
    a = nodes.start("n1", "n1-again");
    CHECK(gauge(a->port(), "tortuga_rooms_in_memory") == 0);
    CHECK(gauge(a->port(), "tortuga_rooms_dormant") == 0);
    {
      std::unique_ptr<TestClient> bill_b;
      std::uint16_t served_by = 0;
      const Json state = sync_anywhere(a->port(), bill, kept[0].table.match, bill_b, &served_by);
      CHECK(served_by == port_b);
      CHECK(state.at("version") == kept[0].version);
    }
    // Node 2 killed in turn, node 1 takes the running matches back and rebuilds each from the
    // store: the third's clocks as stored with its timeout, nothing due. Both rooms fall dormant
    // there (one with a deadline within the look-ahead would stay in memory and fire it).
    CHECK(b->stop(SIGKILL) == 128 + SIGKILL);
    wait_rooms(a->port(), 2, 0, "node 1 again");
    CHECK(status(ends) == "finished");
    CHECK(timeouts_of(ends) == 1);
    CHECK(timeouts_of(goes_on) == 1);
    CHECK(nodes.number(clocks_due) == next_due);
    std::unique_ptr<TestClient> bill_a;
    std::uint16_t served_by = 0;
    const Json state = sync_anywhere(a->port(), bill, goes_on, bill_a, &served_by);
    CHECK(served_by == a->port());
    CHECK(state.at("version") == kept[2].version + 1);
    CHECK(timeouts_of(goes_on) == 1);
  }
}

}  // namespace tortuga::integration
