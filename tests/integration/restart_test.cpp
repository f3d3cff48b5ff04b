// Matches outlive the server process: stopped cleanly or killed, it comes back on the same
// database (a SQLite file, or a PostgreSQL database) with every match where the players last saw
// it.
#include <csignal>
#include <memory>
#include <stdexcept>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/support/postgres_cluster.hpp"

namespace tortuga::integration {
namespace {

struct Player {
  std::string name;
  std::string token;
  std::int64_t id;
  int seat;
};

// Reconnects `p` with its token and waits for its seat to be resumed: the room, then the state.
std::unique_ptr<TestClient> resume(std::uint16_t port, const Player& p, std::int64_t match) {
  auto client = std::make_unique<TestClient>(port, p.name + " (back)");
  const Json welcome = client->hello(p.name, p.token);
  CHECK(welcome.at("player").at("id") == p.id);
  CHECK(client->token() == p.token);
  const Json room = client->wait_for(
      [&](const Json& m) { return m.at("type") == "room" && m.at("room").at("match") == match; },
      "the room of match " + std::to_string(match));
  CHECK(room.at("you").at("seat") == p.seat);
  CHECK(room.at("room").at("status") == "playing");
  client->wait_for([&](const Json& m) { return m.at("type") == "state" && m.at("match") == match; },
                   "the state of match " + std::to_string(match));
  return client;
}

std::int64_t stored_actions(std::uint16_t port, std::int64_t match) {
  const HttpReply reply = http_get(port, "/api/matches/" + std::to_string(match));
  REQUIRE(reply.status == 200);
  return Json::parse(reply.body).at("match").at("actions").get<std::int64_t>();
}

void check_finished(std::uint16_t port, std::int64_t match, const Json& result) {
  Json entry;
  eventually(
      [&] {
        const HttpReply reply = http_get(port, "/api/matches/" + std::to_string(match));
        REQUIRE(reply.status == 200);
        entry = Json::parse(reply.body).at("match");
        return entry.at("status") != "running";
      },
      "match " + std::to_string(match) + " stored as finished");
  CHECK(entry.at("status") == "finished");
  CHECK(entry.at("result") == result);
}

// Opens tables until one is still running after `actions` random actions (random play may end a
// match early: both players passing in turn ends it).
Table running_after(TestClient& anne, TestClient& bill, int actions, std::mt19937_64& rng) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    const Table table = open_table(anne, bill);
    if (play_random(table.match, {&anne, &bill}, {}, rng, actions) == actions &&
        !is_over(anne, table.match))
      return table;
  }
  throw std::runtime_error("no match lasted " + std::to_string(actions) + " actions");
}

TEST_CASE("after a clean stop (SIGTERM) players resume their seats and finish the match") {
  TempDir dir;
  const auto db = dir / "tortuga.db";
  auto rng = seeded_rng();
  auto server = std::make_unique<ServerProcess>(db, dir.path(), fast_play_config(dir.path()));

  Table table;
  std::vector<Player> players;
  std::int64_t seen = 0;
  Json before;
  {
    TestClient anne(server->port(), "anne"), bill(server->port(), "bill");
    anne.hello("Anne");
    bill.hello("Bill");
    table = running_after(anne, bill, 12, rng);
    seen = anne.match(table.match)->version;
    before = anne.match(table.match)->view;
    players = {{"Anne", anne.token(), anne.player(), 0}, {"Bill", bill.token(), bill.player(), 1}};

    // Its exit code is checked by the case at the end, over many rounds.
    server->signal(SIGTERM);
    // The clients learn that the server went away, and answer, which lets it stop.
    anne.wait_until([&] { return anne.closed(); }, "the connection to close");
    bill.wait_until([&] { return bill.closed(); }, "the connection to close");
    server->wait();
  }
  CHECK_MESSAGE(server->log().find("every stored action is kept") != std::string::npos,
                "the server's log:\n"
                    << server->log());

  server = std::make_unique<ServerProcess>(db, dir.path(), fast_play_config(dir.path()));
  CHECK(server->log().find(" 1 matches resumed") != std::string::npos);
  auto anne = resume(server->port(), players[0], table.match);
  auto bill = resume(server->port(), players[1], table.match);
  // A clean stop keeps every action, and nothing more.
  CHECK(anne->match(table.match)->version == seen);
  CHECK(anne->match(table.match)->view == before);
  CHECK(bill->match(table.match)->version == seen);
  CHECK(stored_actions(server->port(), table.match) == seen);

  // A sync gives the same state again, and play goes on to the end.
  const Json synced = anne->request({{"type", "sync"}, {"match", table.match}});
  CHECK(synced.at("type") == "state");
  CHECK(synced.at("version") == seen);
  const int rest = play_random(table.match, {anne.get(), bill.get()}, {}, rng);
  REQUIRE(is_over(*anne, table.match));
  REQUIRE(is_over(*bill, table.match));
  CHECK(anne->match(table.match)->version == seen + rest);
  CHECK(anne->errors().empty());
  CHECK(bill->errors().empty());
  check_finished(server->port(), table.match, anne->match(table.match)->view.at("result"));
  CHECK(stored_actions(server->port(), table.match) == seen + rest);
}

// The stored log of `match` begins with exactly `views` (by version, as clients saw them).
void check_replay_begins_with(std::uint16_t port, std::int64_t match, std::int64_t actions,
                              const std::map<std::int64_t, Json>& views) {
  const HttpReply replay = http_get(port, "/api/matches/" + std::to_string(match) + "/replay");
  REQUIRE(replay.status == 200);
  const Json steps = Json::parse(replay.body).at("steps");
  REQUIRE(steps.size() == static_cast<std::size_t>(actions + 1));
  for (const auto& [version, view] : views) {
    INFO("version " << version);
    // Revealed, each step also lists every seat's legal actions, which no player's view holds.
    Json revealed = steps[static_cast<std::size_t>(version)].at("view");
    CHECK(revealed.erase("legal_by_seat") == 1);
    CHECK(revealed == view);
  }
}

// A whole match played, then another killed mid-match with the server (SIGKILL): after a restart
// on the same database `db` (a SQLite file or a PostgreSQL URL), the first is there as it ended
// and the second resumes with every action its clients saw, and plays on to its end.
// Returns the ids of the two matches.
std::pair<std::int64_t, std::int64_t> crash_keeps_what_clients_saw(const std::string& db,
                                                                   const TempDir& dir) {
  auto rng = seeded_rng();
  auto server = std::make_unique<ServerProcess>(db, dir.path(), fast_play_config(dir.path()));

  Table whole, table;
  std::int64_t whole_actions = 0;
  Json whole_result;
  std::map<std::int64_t, Json> whole_views;
  std::vector<Player> players;
  std::map<std::int64_t, Json> seen_views;  // by version, as the clients saw them before the crash
  std::int64_t seen = 0;
  {
    TestClient anne(server->port(), "anne"), bill(server->port(), "bill");
    anne.record_history();
    bill.record_history();
    anne.hello("Anne");
    bill.hello("Bill");
    whole = open_table(anne, bill);
    whole_actions = play_random(whole.match, {&anne, &bill}, {}, rng);
    REQUIRE(is_over(anne, whole.match));
    whole_result = anne.match(whole.match)->view.at("result");
    for (const auto& [version, view] : anne.match(whole.match)->history)
      whole_views[version] = as_public(view);
    table = running_after(anne, bill, 9, rng);
    players = {{"Anne", anne.token(), anne.player(), 0}, {"Bill", bill.token(), bill.player(), 1}};

    // One more action is on its way when the server dies: it may or may not have been stored.
    TestClient* actor = anne.match(table.match)->view.at("legal").empty() ? &bill : &anne;
    const Json& legal = actor->match(table.match)->view.at("legal");
    actor->send(
        {{"type", "action"}, {"match", table.match}, {"action", legal[rng() % legal.size()]}});
    CHECK(server->stop(SIGKILL) == 128 + SIGKILL);

    for (TestClient* c : {&anne, &bill}) {
      c->wait_until([&] { return c->closed(); }, "the connection to close");
      const MatchView& m = *c->match(table.match);
      seen = std::max(seen, m.version);
      for (const auto& [version, view] : m.history) seen_views[version] = as_public(view);
    }
  }
  MESSAGE("the clients saw version " << seen << " before the crash");

  server = std::make_unique<ServerProcess>(db, dir.path(), fast_play_config(dir.path()));
  check_finished(server->port(), whole.match, whole_result);
  CHECK(stored_actions(server->port(), whole.match) == whole_actions);
  check_replay_begins_with(server->port(), whole.match, whole_actions, whole_views);

  auto anne = resume(server->port(), players[0], table.match);
  auto bill = resume(server->port(), players[1], table.match);
  const std::int64_t resumed = anne->match(table.match)->version;
  CHECK(bill->match(table.match)->version == resumed);
  // Every action whose patch reached a client was stored; at most the one in flight is added.
  CHECK(resumed >= seen);
  CHECK(resumed <= 10);
  CHECK(stored_actions(server->port(), table.match) == resumed);
  if (resumed == seen) CHECK(as_public(anne->match(table.match)->view) == seen_views.at(seen));

  const int rest = play_random(table.match, {anne.get(), bill.get()}, {}, rng);
  REQUIRE(is_over(*anne, table.match));
  CHECK(anne->errors().empty());
  CHECK(bill->errors().empty());
  const Json result = anne->match(table.match)->view.at("result");
  check_finished(server->port(), table.match, result);
  CHECK(stored_actions(server->port(), table.match) == resumed + rest);

  // The stored log begins with exactly the views the clients saw before the crash.
  check_replay_begins_with(server->port(), table.match, resumed + rest, seen_views);
  return {whole.match, table.match};
}

TEST_CASE("after a crash (SIGKILL) every action a client saw is still there") {
  TempDir dir;
  crash_keeps_what_clients_saw((dir / "tortuga.db").string(), dir);
}

TEST_CASE("on PostgreSQL, after a crash (SIGKILL) every action a client saw is still there") {
  TempDir dir;
  test::PostgresCluster& cluster = test::PostgresCluster::shared();
  const std::string db = cluster.new_database();
  const auto [whole, resumed] = crash_keeps_what_clients_saw(db, dir);
  // The two matches are in PostgreSQL, not in a file the URL was mistaken for. (Others may be
  // there too: a match that ended before its ninth action was left and another opened.)
  CHECK(cluster.run_sql(db, "SELECT count(*) FROM matches WHERE status = 'finished' AND id IN (" +
                                std::to_string(whole) + ", " + std::to_string(resumed) + ")") ==
        "2");
}

// Stopping with matches in full flow: store callbacks still queued, rooms and sessions referenced
// only by pending handlers. Every one of them must be released while what it refers to exists,
// whether the clients answer the close frames (even rounds) or the grace runs out on them.
TEST_CASE("a private room's match resumes private after a restart, found by the same code") {
  TempDir dir;
  const auto db = dir / "tortuga.db";
  auto server = std::make_unique<ServerProcess>(db, dir.path(), fast_play_config(dir.path()));
  std::vector<Player> players;
  std::string code;
  std::int64_t match = 0;
  {
    TestClient anne(server->port(), "anne"), bill(server->port(), "bill");
    anne.hello("Anne");
    bill.hello("Bill");
    const Json created =
        anne.request({{"type", "create_room"}, {"game", "raft-and-scupper"}, {"private", true}});
    REQUIRE(created.at("type") == "room");
    code = created.at("room").at("code").get<std::string>();
    REQUIRE(bill.request({{"type", "join_room"}, {"room", code}}).at("type") == "room");
    const Json started = anne.request({{"type", "start"}, {"room", created.at("room").at("id")}});
    REQUIRE(started.at("type") == "room");
    match = started.at("room").at("match").get<std::int64_t>();
    anne.wait_version(match, 0);
    players = {{"Anne", anne.token(), anne.player(), 0}, {"Bill", bill.token(), bill.player(), 1}};
    server->signal(SIGTERM);
    anne.wait_until([&] { return anne.closed(); }, "the connection to close");
    bill.wait_until([&] { return bill.closed(); }, "the connection to close");
    server->wait();
  }

  server = std::make_unique<ServerProcess>(db, dir.path(), fast_play_config(dir.path()));
  TestClient carol(server->port(), "carol");
  carol.hello("Carol");
  const Json listed = carol.request({{"type", "list_rooms"}});
  REQUIRE(listed.at("type") == "rooms");
  for (const Json& room : listed.at("rooms")) CHECK(room.at("match") != match);

  // The code still finds the room, for a spectator as before the restart.
  const Json watching = carol.request({{"type", "watch_room"}, {"room", code}});
  REQUIRE(watching.at("type") == "room");
  CHECK(watching.at("room").at("match") == match);
  CHECK(watching.at("room").at("private") == true);
  CHECK(watching.at("room").at("code") == code);

  auto anne = resume(server->port(), players[0], match);
  CHECK(anne->errors().empty());
}

TEST_CASE("SIGTERM stops a server with live matches cleanly (exit code 0)") {
  auto rng = seeded_rng();
  for (int round = 0; round < 20; ++round) {
    TempDir dir;
    ServerProcess server(dir / "tortuga.db", dir.path(),
                         limits_config(dir.path(), "fast-play-short-grace",
                                       R"({"messages_per_second": 100000, "message_burst": 100000,
                                           "shutdown_grace_ms": 100})"));
    TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
    anne.hello("Anne");
    bill.hello("Bill");
    running_after(anne, bill, 6, rng);
    server.signal(SIGTERM);
    if (round % 2 == 0)
      for (TestClient* c : {&anne, &bill})
        c->wait_until([&] { return c->closed(); }, "the connection to close");
    const int code = server.wait();
    INFO("round " << round << ", the server's log:\n" << server.log());
    REQUIRE(code == 0);
  }
}

}  // namespace
}  // namespace tortuga::integration
