// Dormant rooms (docs/operations.md, "Dormant rooms"): a running match nobody is connected to
// leaves the server's memory, stays listed, and comes back from the store as it was when a player
// joins, watches, syncs or acts; two joins at once bring back one room. The operator's while is set
// short here, and each test waits on the gauges of /metrics, never on a pause.
#include <algorithm>
#include <csignal>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>

#include <doctest/doctest.h>
#include <sqlite3.h>

#include "tests/integration/admin_calls.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/support/postgres_cluster.hpp"

namespace tortuga::integration {
namespace {

// Fast play, and rooms dormant a second after their last member went.
std::vector<std::string> dormant_config(const std::filesystem::path& dir) {
  return limits_config(dir, "dormant",
                       R"({"messages_per_second": 100000, "message_burst": 100000,
                           "dormant_after_s": 1, "dormant_lookahead_s": 1})");
}

double gauge(std::uint16_t port, const std::string& series) {
  return metric(port, series).value_or(-1);
}

double wakeups(std::uint16_t port, const std::string& cause) {
  return gauge(port, "tortuga_room_wakeups_total{cause=\"" + cause + "\"}");
}

// Waits until `dormant` rooms are dormant and `in_memory` rooms are held.
void wait_rooms(std::uint16_t port, double dormant, double in_memory) {
  eventually(
      [&] {
        return gauge(port, "tortuga_rooms_dormant") == dormant &&
               gauge(port, "tortuga_rooms_in_memory") == in_memory;
      },
      "rooms dormant " + std::to_string(dormant) + ", in memory " + std::to_string(in_memory),
      std::chrono::seconds(30));
}

struct Seated {
  std::string name;
  std::string token;
};

// A match of Anne and Bill still running after some random actions; both then disconnect. (A
// room whose match ended early is left, and closes.)
struct Played {
  Table table;
  std::int64_t version = 0;
  Json anne_view, bill_view;
  Seated anne, bill;
};

Played play_then_leave(std::uint16_t port, std::mt19937_64& rng, int actions = 8) {
  TestClient anne(port, "anne"), bill(port, "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  for (int attempt = 0; attempt < 50; ++attempt) {
    // Without the live turn clock, which keeps a room in memory (only the room counts it).
    const Table table = open_table(anne, bill, {}, {{"turn_clock_s", 0}});
    if (play_random(table.match, {&anne, &bill}, {}, rng, actions) == actions &&
        !is_over(anne, table.match)) {
      bill.wait_version(table.match, anne.match(table.match)->version);
      return Played{table,
                    anne.match(table.match)->version,
                    anne.match(table.match)->view,
                    bill.match(table.match)->view,
                    {"Anne", anne.token()},
                    {"Bill", bill.token()}};
    }
    anne.request({{"type", "leave_room"}, {"room", table.room}});
    bill.request({{"type", "leave_room"}, {"room", table.room}});
  }
  throw std::runtime_error("no match lasted " + std::to_string(actions) + " actions");
}

// An account named `name`, signed up by `c`: its token.
std::string registered(TestClient& c, const std::string& name) {
  return register_account(c, name).at("token").get<std::string>();
}

std::unique_ptr<TestClient> back(std::uint16_t port, const Seated& who) {
  auto client = std::make_unique<TestClient>(port, who.name + " (back)");
  client->hello(who.name, who.token);
  return client;
}

// The state `client` was sent for `match` in answer to its request `answer`, or after it.
Json state_after(TestClient& client, const Json& answer, std::int64_t match) {
  if (answer.at("type") == "state") return answer;
  return client.wait_for(
      [&](const Json& m) { return m.at("type") == "state" && m.at("match") == match; },
      "the state of match " + std::to_string(match));
}

void falls_dormant_and_a_join_wakes_it(const std::string& db, const TempDir& dir) {
  auto rng = seeded_rng();
  ServerProcess server(db, dir.path(), dormant_config(dir.path()));
  const std::uint16_t port = server.port();
  const Played played = play_then_leave(port, rng);
  // Both players are gone: the room leaves memory.
  wait_rooms(port, 1, 0);

  // The lobby still lists it, as it was.
  {
    TestClient carl(port, "carl");
    carl.hello("Carl");
    const Json rooms = carl.request({{"type", "list_rooms"}});
    REQUIRE(rooms.at("rooms").size() == 1);
    CHECK(rooms.at("rooms")[0].at("id") == played.table.room);
    CHECK(rooms.at("rooms")[0].at("status") == "playing");
    CHECK(rooms.at("rooms")[0].at("match") == played.table.match);
  }
  CHECK(gauge(port, "tortuga_rooms_dormant") == 1);

  // Anne joins it again: it is rebuilt from the store, her view as she left it.
  auto anne = back(port, played.anne);
  const Json joined = anne->request({{"type", "join_room"}, {"room", played.table.room}});
  REQUIRE(joined.at("type") == "room");
  CHECK(joined.at("room").at("match") == played.table.match);
  CHECK(joined.at("you").at("seat") == 0);
  const Json state = state_after(*anne, joined, played.table.match);
  CHECK(state.at("version") == played.version);
  CHECK(state.at("view") == played.anne_view);
  CHECK(wakeups(port, "join") == 1);
  wait_rooms(port, 0, 1);

  // Bill's sync brings him back to his seat; the match plays on to its end in the woken room.
  auto bill = back(port, played.bill);
  const Json synced = bill->request({{"type", "sync"}, {"match", played.table.match}});
  REQUIRE(synced.at("type") == "state");
  CHECK(synced.at("version") == played.version);
  CHECK(synced.at("view") == played.bill_view);
  play_random(played.table.match, {anne.get(), bill.get()}, {}, rng);
  CHECK(is_over(*anne, played.table.match));
  CHECK(anne->errors().empty());
  CHECK(bill->errors().empty());
  CHECK(wakeups(port, "sync") == 0);  // the room was awake already: Anne was in it
}

TEST_CASE("a room its players left falls dormant, is listed, and a join wakes it as it was") {
  TempDir dir;
  falls_dormant_and_a_join_wakes_it((dir / "tortuga.db").string(), dir);
}

TEST_CASE("on PostgreSQL, a room its players left falls dormant and a join wakes it as it was") {
  TempDir dir;
  falls_dormant_and_a_join_wakes_it(test::PostgresCluster::shared().new_database(), dir);
}

TEST_CASE("a watch and a sync each wake a dormant room, which falls dormant again when left") {
  TempDir dir;
  auto rng = seeded_rng();
  ServerProcess server(dir / "tortuga.db", dir.path(), dormant_config(dir.path()));
  const std::uint16_t port = server.port();
  const Played played = play_then_leave(port, rng);
  wait_rooms(port, 1, 0);

  {
    TestClient carl(port, "carl");
    carl.hello("Carl");
    const Json watched = carl.request({{"type", "watch_room"}, {"room", played.table.room}});
    REQUIRE(watched.at("type") == "room");
    const Json state = state_after(carl, watched, played.table.match);
    CHECK(state.at("version") == played.version);
    CHECK(wakeups(port, "watch") == 1);
    wait_rooms(port, 0, 1);
  }
  // Carl has gone: dormant again.
  wait_rooms(port, 1, 0);

  auto bill = back(port, played.bill);
  const Json synced = bill->request({{"type", "sync"}, {"match", played.table.match}});
  REQUIRE(synced.at("type") == "state");
  CHECK(synced.at("version") == played.version);
  CHECK(synced.at("view") == played.bill_view);
  CHECK(wakeups(port, "sync") == 1);
  wait_rooms(port, 0, 1);
  CHECK(bill->errors().empty());
}

// Writes the correspondence clocks of a two-seat `match`: `seat`'s running out at `due_ms`, the
// other's not waited for, as a room that runs the clocks would keep them (docs/correspondence.md).
void store_clock(const std::filesystem::path& db, std::int64_t match, int seat,
                 std::int64_t due_ms) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
  sqlite3_busy_timeout(handle, 10000);
  const std::string m = std::to_string(match);
  const std::string sql =
      "INSERT INTO correspondence_paces (match_id, days_per_move, bank_extra_hours, "
      "bank_cap_days) VALUES (" +
      m +
      ", 1, 12, 7); "
      "INSERT INTO correspondence_clocks (match_id, seat, bank_ms, waiting, used_ms, "
      "running_from_ms, timeouts, due_ms) VALUES (" +
      m + ", " + std::to_string(seat) + ", 0, 1, 0, 0, 0, " + std::to_string(due_ms) + "), (" + m +
      ", " + std::to_string(1 - seat) + ", 0, 0, 0, 0, 0, 0)";
  CHECK(sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(handle);
}

TEST_CASE("a dormant room is woken by its stored deadline, a look-ahead before it") {
  TempDir dir;
  auto rng = seeded_rng();
  const auto db = dir / "tortuga.db";
  ServerProcess server(db, dir.path(), dormant_config(dir.path()));
  const std::uint16_t port = server.port();
  const Played played = play_then_leave(port, rng);
  wait_rooms(port, 1, 0);
  // Carl keeps the room awake while its clock is stored, so that it falls dormant knowing it.
  {
    TestClient carl(port, "carl");
    carl.hello("Carl");
    carl.request({{"type", "watch_room"}, {"room", played.table.room}});
    wait_rooms(port, 0, 1);
    const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    store_clock(db, played.table.match, 0, now_ms + 8000);
  }
  wait_rooms(port, 1, 0);
  // Nobody asks for it: its deadline wakes it (a second before, the operator's look-ahead), and it
  // stays in memory since that deadline is near.
  eventually([&] { return wakeups(port, "deadline") == 1; }, "the deadline to wake the room",
             std::chrono::seconds(30));
  wait_rooms(port, 0, 1);
  CHECK(wakeups(port, "join") == 0);
}

TEST_CASE(
    "a room by correspondence, with the game's default clock, falls dormant and wakes as it was") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), dormant_config(dir.path()));
  const std::uint16_t port = server.port();
  std::string anne_token;
  std::int64_t room = 0;
  Json seats;
  {
    TestClient anne(port, "anne"), bill(port, "bill");
    anne_token = registered(anne, "Anne");
    registered(bill, "Bill");
    // Raft & Scupper's turn clock is on by default: the correspondence clocks replace it.
    const Table table = open_by_post(anne, bill, 3);
    room = table.room;
    seats = table.started.at("room").at("seats");
  }
  wait_rooms(port, 1, 0);
  TestClient anne(port, "anne (back)");
  anne.hello("Anne", anne_token);
  const Json joined = anne.request({{"type", "join_room"}, {"room", room}});
  REQUIRE(joined.at("type") == "room");
  CHECK(wakeups(port, "join") == 1);
  for (int seat = 0; seat < 2; ++seat)
    CHECK(joined["room"]["seats"][seat]["clock"]["due_ms"] == seats[seat]["clock"]["due_ms"]);
}

TEST_CASE("a vacation taken while a match by correspondence is dormant stands its clock still") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), dormant_config(dir.path()));
  const std::uint16_t port = server.port();
  std::string anne_token;
  std::int64_t room = 0;
  {
    TestClient anne(port, "anne"), bill(port, "bill");
    anne_token = registered(anne, "Anne");
    registered(bill, "Bill");
    room = open_by_post(anne, bill, 3).room;
  }
  wait_rooms(port, 1, 0);

  // Anne comes back without opening the match, and takes two days off.
  TestClient anne(port, "anne (back)");
  anne.hello("Anne", anne_token);
  const Json vacation = anne.request({{"type", "take_vacation"}, {"days", 2}});
  REQUIRE(vacation.at("type") == "vacation");
  eventually([&] { return wakeups(port, "vacation") == 1; }, "the room woken for the vacation",
             std::chrono::seconds(30));
  // Its clocks stood still and stored, it falls dormant again; opened, it says so.
  wait_rooms(port, 1, 0);
  const Json joined = anne.request({{"type", "join_room"}, {"room", room}});
  REQUIRE(joined.at("type") == "room");
  const int seat = joined.at("you").at("seat");
  CHECK(joined["room"]["seats"][seat]["clock"]["still_until_ms"] == vacation.at("until_ms"));
}

TEST_CASE("the operator sees dormant rooms, and closing or removing a player wakes the room") {
  TempDir dir;
  auto rng = seeded_rng();
  std::vector<std::string> flags = dormant_config(dir.path());
  for (std::string& flag : admin_flags(dir.path())) flags.push_back(std::move(flag));
  ServerProcess server(dir / "tortuga.db", dir.path(), flags);
  const std::uint16_t port = server.port();
  const Played first = play_then_leave(port, rng);
  const Played second = play_then_leave(port, rng);
  wait_rooms(port, 2, 0);

  const Json rooms = admin_json(port, "GET", "rooms").at("rooms");
  REQUIRE(rooms.size() == 2);
  Json listed;
  for (const Json& room : rooms) {
    CHECK(room.at("dormant") == true);
    CHECK(room.at("connections") == 0);
    CHECK(room.at("status") == "playing");
    if (room.at("id") == first.table.room) listed = room;
  }
  REQUIRE(listed.is_object());
  // Bill's player id, as the stored match names him (reading it wakes nothing).
  TestClient carl(port, "carl");
  carl.hello("Carl");
  const Json bill = carl.request({{"type", "get_match"}, {"match", first.table.match}})
                        .at("match")
                        .at("seats")[1]
                        .at("player");
  REQUIRE(bill.is_number_integer());
  CHECK(gauge(port, "tortuga_rooms_dormant") == 2);

  // A stand-in for Bill: his room is woken from the store to take it.
  const Json removed =
      admin_json(port, "POST", "rooms/" + std::to_string(first.table.room) + "/remove",
                 Json{{"player", bill}, {"seat", "bot"}}.dump());
  CHECK(removed.at("room").at("seats")[1].at("bot") == "smart");
  CHECK(removed.at("room").at("match") == first.table.match);
  CHECK(wakeups(port, "operator") == 1);

  // Closing the other ends its match, stored as aborted, and no room is left of it.
  const Json closed =
      admin_json(port, "POST", "rooms/" + std::to_string(second.table.room) + "/close");
  CHECK(closed.at("match") == second.table.match);
  CHECK(closed.at("aborted") == true);
  CHECK(wakeups(port, "operator") == 2);
  eventually(
      [&] {
        for (const Json& room : admin_json(port, "GET", "rooms").at("rooms"))
          if (room.at("id") == second.table.room) return false;
        return true;
      },
      "the closed room gone", std::chrono::seconds(30));
  auto anne = back(port, second.anne);
  const Json match = anne->request({{"type", "get_match"}, {"match", second.table.match}});
  CHECK(match.at("match").at("status") == "aborted");
}

TEST_CASE("a room by correspondence is never closed empty while it runs, and closes once over") {
  TempDir dir;
  auto rng = seeded_rng();
  // Rooms left empty close after a second, before a running match's room falls dormant.
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "short-empty",
                                     R"({"messages_per_second": 100000, "message_burst": 100000,
                                         "empty_room_timeout_s": 1, "dormant_after_s": 2,
                                         "dormant_lookahead_s": 1})"));
  const std::uint16_t port = server.port();
  Seated anne_seat{"Anne", ""}, bill_seat{"Bill", ""};
  std::int64_t room = 0, match = 0;
  {
    TestClient anne(port, "anne"), bill(port, "bill");
    for (auto [c, who] : {std::pair{&anne, &anne_seat}, std::pair{&bill, &bill_seat}})
      who->token = registered(*c, who->name);
    const Table table = open_by_post(anne, bill, 1);
    room = table.room;
    match = table.match;
    play_random(match, {&anne, &bill}, {}, rng, 4);
    REQUIRE_FALSE(is_over(anne, match));
  }
  // Left empty while its match runs: it falls dormant, never closed.
  wait_rooms(port, 1, 0);
  CHECK(gauge(port, "tortuga_timers_fired_total{timer=\"empty_room\"}") == 0);

  // Its players come back and play it to its end, then leave: the finished match's room goes.
  {
    auto anne = back(port, anne_seat);
    auto bill = back(port, bill_seat);
    state_after(*anne, anne->request({{"type", "join_room"}, {"room", room}}), match);
    state_after(*bill, bill->request({{"type", "join_room"}, {"room", room}}), match);
    play_random(match, {anne.get(), bill.get()}, {}, rng);
    REQUIRE(is_over(*anne, match));
  }
  wait_rooms(port, 0, 0);
}

TEST_CASE("two joins of a dormant room at once wake one room") {
  TempDir dir;
  auto rng = seeded_rng();
  ServerProcess server(dir / "tortuga.db", dir.path(), dormant_config(dir.path()));
  const std::uint16_t port = server.port();
  for (int round = 0; round < 5; ++round) {
    INFO("round " << round);
    const Played played = play_then_leave(port, rng);
    wait_rooms(port, 1 + round, 0);  // the earlier rounds' rooms sleep too
    auto anne = back(port, played.anne);
    auto bill = back(port, played.bill);
    const double joins = wakeups(port, "join");
    // Sent together, read by the server on two threads.
    anne->send({{"type", "join_room"}, {"room", played.table.room}, {"id", 1}});
    bill->send({{"type", "join_room"}, {"room", played.table.room}, {"id", 1}});
    anne->wait_for_type("state");
    bill->wait_for_type("state");
    CHECK(wakeups(port, "join") == joins + 1);
    wait_rooms(port, round, 1);
    // One room: Anne's move reaches Bill.
    const std::int64_t before = bill->match(played.table.match)->version;
    play_random(played.table.match, {anne.get(), bill.get()}, {}, rng, 1);
    bill->wait_version(played.table.match, before + 1);
    CHECK(anne->errors().empty());
    CHECK(bill->errors().empty());
  }
}

// "My matches" reads the store: a dormant room's match is listed, whose turn it is included,
// without waking the room.
void my_matches_lists_a_dormant_match_asleep(const std::string& db, const TempDir& dir) {
  auto rng = seeded_rng();
  ServerProcess server(db, dir.path(), dormant_config(dir.path()));
  const std::uint16_t port = server.port();
  const Played played = play_then_leave(port, rng);
  wait_rooms(port, 1, 0);

  auto anne = back(port, played.anne);
  const Json list = anne->request({{"type", "watch_my_matches"}});
  REQUIRE(list.at("type") == "my_matches");
  INFO(list.dump());
  REQUIRE(list.at("matches").size() == 1);
  const Json& entry = list["matches"][0];
  CHECK(entry.at("match") == played.table.match);
  CHECK(entry.at("room") == played.table.room);
  CHECK(entry.at("correspondence") == false);
  // Whom the match awaits is the store's, as the room left it.
  const Json& to_act = played.anne_view.at("to_act");
  CHECK(entry.at("waiting_for") == to_act);
  CHECK(entry.at("your_turn") ==
        (std::find(to_act.begin(), to_act.end(), played.anne_view.at("seat")) != to_act.end()));
  // Still asleep: nothing woke it.
  for (const char* cause : {"join", "watch", "sync", "act", "deadline"})
    CHECK(wakeups(port, cause) == 0);
  CHECK(gauge(port, "tortuga_rooms_dormant") == 1);
  CHECK(gauge(port, "tortuga_rooms_in_memory") == 0);
  CHECK(anne->errors().empty());
}

TEST_CASE("my matches lists a dormant room's match without waking it") {
  TempDir dir;
  my_matches_lists_a_dormant_match_asleep((dir / "tortuga.db").string(), dir);
}

TEST_CASE("on PostgreSQL, my matches lists a dormant room's match without waking it") {
  TempDir dir;
  my_matches_lists_a_dormant_match_asleep(test::PostgresCluster::shared().new_database(), dir);
}

// Runs `sql` on the store at `db` (a SQLite file, or a PostgreSQL URL of the test cluster);
// returns the first column of its first row, "" if none.
std::string run_store_sql(const std::string& db, const std::string& sql) {
  if (db.rfind("postgres", 0) == 0) {
    std::string rows = test::PostgresCluster::shared().run_sql(db, sql);
    return rows.substr(0, rows.find('\n'));
  }
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
  sqlite3_busy_timeout(handle, 10000);
  std::string first;
  const auto row = [](void* into, int, char** values, char**) {
    auto& out = *static_cast<std::string*>(into);
    if (out.empty() && values[0]) out = values[0];
    return 0;
  };
  CHECK(sqlite3_exec(handle, sql.c_str(), row, &first, nullptr) == SQLITE_OK);
  sqlite3_close(handle);
  return first;
}

std::int64_t wall_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A Raft & Scupper match by correspondence between two accounts, a few moves in, and as each
// player saw it last.
struct ByPost {
  std::int64_t match = 0;
  std::int64_t version = 0;
  Json anne_view;
  Json seats;  // the room's seats, their clocks
};

ByPost play_by_post(TestClient& anne, TestClient& bill, std::mt19937_64& rng) {
  for (int attempt = 0; attempt < 20; ++attempt) {
    const std::int64_t match = open_by_post(anne, bill, 3).match;
    if (play_random(match, {&anne, &bill}, {}, rng, 3) == 3 && !is_over(anne, match)) {
      bill.wait_version(match, anne.match(match)->version);
      const Json rooms = anne.request({{"type", "list_rooms"}});
      for (const Json& listed : rooms.at("rooms"))
        if (listed.at("match") == match)
          return ByPost{match, anne.match(match)->version, anne.match(match)->view,
                        listed.at("seats")};
      FAIL("the lobby does not list match " << match << ": " << rooms.dump());
    }
  }
  throw std::runtime_error("no match by correspondence lasted 3 moves");
}

// A restart over stored matches by correspondence, with the operator's defaults but a short
// look-ahead: those with nothing due are kept dormant without being built, the one due within the
// look-ahead is built and its deadline fired, and a sync wakes a dormant one as it was.
void a_start_keeps_waiting_matches_dormant(const std::string& db, const TempDir& dir) {
  auto rng = seeded_rng();
  const auto config = limits_config(dir.path(), "start",
                                    R"({"messages_per_second": 100000, "message_burst": 100000,
                                        "dormant_lookahead_s": 2})");
  std::string anne_token;
  std::vector<ByPost> played;
  {
    ServerProcess server(db, dir.path(), config);
    TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
    anne_token = registered(anne, "Anne");
    registered(bill, "Bill");
    for (int i = 0; i < 3; ++i) played.push_back(play_by_post(anne, bill, rng));
    server.signal(SIGTERM);
    anne.wait_until([&] { return anne.closed(); }, "the connection to close");
    bill.wait_until([&] { return bill.closed(); }, "the connection to close");
    server.wait();
  }
  // The last match's waited-for clock runs out half a second from now, within the look-ahead.
  const std::int64_t soon = wall_now_ms() + 500;
  const std::string due = "UPDATE correspondence_clocks SET running_from_ms = running_from_ms + (" +
                          std::to_string(soon) + " - due_ms), due_ms = " + std::to_string(soon) +
                          " WHERE match_id = " + std::to_string(played[2].match) +
                          " AND due_ms IS NOT NULL";
  run_store_sql(db, due);

  ServerProcess server(db, dir.path(), config);
  const std::uint16_t port = server.port();
  // As the node listens: two kept dormant, never built; the one due soon in memory.
  CHECK(gauge(port, "tortuga_rooms_dormant") == 2);
  CHECK(gauge(port, "tortuga_rooms_in_memory") == 1);
  CHECK(wakeups(port, "deadline") == 0);

  TestClient anne(port, "anne (back)");
  anne.hello("Anne", anne_token);
  // Listed as the rebuilt room lists itself: playing, its clocks as stored.
  const Json rooms = anne.request({{"type", "list_rooms"}});
  int listed = 0;
  for (const Json& room : rooms.at("rooms"))
    if (room.at("match") == played[0].match) {
      ++listed;
      CHECK(room.at("status") == "playing");
      CHECK(room.at("correspondence").at("days_per_move") == 3);
      for (int seat = 0; seat < 2; ++seat)
        CHECK(room["seats"][seat]["clock"]["due_ms"] == played[0].seats[seat]["clock"]["due_ms"]);
    }
  CHECK(listed == 1);

  // Anne's sync wakes the first as she left it.
  const Json synced = anne.request({{"type", "sync"}, {"match", played[0].match}});
  REQUIRE(synced.at("type") == "state");
  CHECK(synced.at("version") == played[0].version);
  CHECK(synced.at("view") == played[0].anne_view);
  CHECK(wakeups(port, "sync") == 1);
  wait_rooms(port, 1, 2);

  // The deadline due soon is fired: its player's vacation answers it first (a day more), stored
  // with the clocks.
  const std::string later = "SELECT MAX(due_ms) FROM correspondence_clocks WHERE match_id = " +
                            std::to_string(played[2].match);
  eventually([&] { return std::stoll(run_store_sql(db, later)) > soon; },
             "the deadline due soon to be fired", std::chrono::seconds(30));
  CHECK(wakeups(port, "sync") == 1);
  CHECK(wakeups(port, "deadline") == 0);  // it was in memory: nothing to wake
  CHECK(anne.errors().empty());
}

TEST_CASE("a start keeps stored matches by correspondence dormant, and fires a deadline due soon") {
  TempDir dir;
  a_start_keeps_waiting_matches_dormant((dir / "tortuga.db").string(), dir);
}

TEST_CASE("on PostgreSQL, a start keeps stored matches by correspondence dormant") {
  TempDir dir;
  a_start_keeps_waiting_matches_dormant(test::PostgresCluster::shared().new_database(), dir);
}

}  // namespace
}  // namespace tortuga::integration
