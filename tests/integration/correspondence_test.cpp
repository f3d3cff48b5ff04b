// Rooms played by correspondence over real sockets: an account's create_room with correspondence
// makes one, whose room message gives every seat's clock; take_vacation moves the deadline of the
// player's seat by its days, in the room message pushed to everyone; guests and too many days are
// refused with their codes; and a restart keeps the deadline as it was. get_vacation reads an
// account's own days and vacation without taking any.
#include <csignal>
#include <string>

#include <doctest/doctest.h>
#include <sqlite3.h>

#include "persistence/correspondence.hpp"
#include "persistence/now.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

using store::kDayMs;

// The seat the rules wait for in `room`: its player's id and its clock's deadline.
std::pair<std::int64_t, std::int64_t> waited(const Json& room) {
  for (const Json& seat : room.at("seats"))
    if (seat.at("clock").is_object() && seat["clock"].at("due_ms").is_number())
      return {seat.at("player").at("id"), seat["clock"]["due_ms"]};
  FAIL("no seat is waited for: " << room.dump());
  return {0, 0};
}

// The next room message about `room` whose waited seat is due at `due`.
Json room_due(TestClient& c, std::int64_t room, std::int64_t due) {
  return c.wait_for(
      [&](const Json& m) {
        return m.value("type", "") == "room" && m["room"]["id"] == room &&
               waited(m["room"]).second == due;
      },
      "the room with the deadline moved")["room"];
}

// The first column of the first row `sql` reads from the SQLite database at `db`, or runs it.
std::string sqlite_text(const std::filesystem::path& db, const std::string& sql) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
  sqlite3_busy_timeout(handle, 10000);
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(handle, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
  std::string out;
  const int step = sqlite3_step(statement);
  CHECK((step == SQLITE_ROW || step == SQLITE_DONE));
  if (step == SQLITE_ROW && sqlite3_column_text(statement, 0))
    out = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  sqlite3_finalize(statement);
  sqlite3_close(handle);
  return out;
}

}  // namespace

TEST_CASE("a room by correspondence over sockets: its clocks, a vacation, and a restart") {
  TempDir dir;
  const auto db = dir / "tortuga.db";
  auto server = std::make_unique<ServerProcess>(db, dir.path());
  std::string anne_token;
  std::int64_t room = 0, due = 0, away = 0;
  {
    TestClient guest(server->port(), "guest");
    guest.hello("Guest");
    const Json by_post = {
        {"type", "create_room"}, {"game", kRaft}, {"correspondence", {{"days_per_move", 2}}}};
    CHECK(guest.request(by_post).at("code") == "no_correspondence");
    CHECK(guest.request({{"type", "take_vacation"}, {"days", 1}}).at("code") ==
          "no_correspondence");

    TestClient anne(server->port(), "anne"), ben(server->port(), "ben");
    const Json anne_welcome = register_account(anne, "Anne");
    register_account(ben, "Ben");
    anne_token = anne_welcome.at("token");
    const std::int64_t anne_id = anne_welcome.at("player").at("id");
    const Json made = anne.request(by_post);
    REQUIRE(made.at("type") == "room");
    CHECK(made["room"]["correspondence"] ==
          Json{{"days_per_move", 2}, {"bank_extra_hours", 12}, {"bank_cap_days", 7}});
    room = made["room"]["id"];
    CHECK(guest.request({{"type", "join_room"}, {"room", room}}).at("code") == "no_correspondence");
    REQUIRE(ben.request({{"type", "join_room"}, {"room", room}}).at("type") == "room");
    const std::int64_t before = store::now_ms();
    const Json started = anne.request({{"type", "start"}, {"room", room}});
    const std::int64_t after = store::now_ms();
    REQUIRE(started.at("type") == "room");
    // The move's two days, then a full bank of seven.
    std::tie(away, due) = waited(started["room"]);
    CHECK(due >= before + 9 * kDayMs);
    CHECK(due <= after + 9 * kDayMs);

    TestClient& on_vacation = away == anne_id ? anne : ben;
    TestClient& other = away == anne_id ? ben : anne;
    const Json vacation = on_vacation.request({{"type", "take_vacation"}, {"days", 3}});
    REQUIRE(vacation.at("type") == "vacation");
    CHECK(vacation.at("days_left") == 11);
    CHECK(vacation.at("until_ms").get<std::int64_t>() -
              vacation.at("from_ms").get<std::int64_t>() ==
          3 * kDayMs);
    // Three days later, told to everyone in the room.
    due += 3 * kDayMs;
    const Json paused = room_due(other, room, due);
    // Its clock says it stands still until the vacation ends; the other seat's says nothing.
    for (const Json& seat : paused.at("seats")) {
      if (seat.at("player").at("id") == away)
        CHECK(seat.at("clock").at("still_until_ms") == vacation.at("until_ms"));
      else
        CHECK_FALSE(seat.at("clock").contains("still_until_ms"));
    }
    CHECK(on_vacation.request({{"type", "take_vacation"}, {"days", 12}}).at("code") ==
          "too_many_vacation_days");

    server->signal(SIGTERM);
    anne.wait_until([&] { return anne.closed(); }, "the connection to close");
    ben.wait_until([&] { return ben.closed(); }, "the connection to close");
    guest.wait_until([&] { return guest.closed(); }, "the connection to close");
    server->wait();
  }
  server = std::make_unique<ServerProcess>(db, dir.path());
  TestClient anne(server->port(), "anne");
  anne.hello("Anne", anne_token);
  // Nothing was due for days: the match was kept dormant at the start, and comes back when Anne
  // opens it, with the deadline as it was before the restart.
  const Json resumed = anne.request({{"type", "join_room"}, {"room", room}});
  REQUIRE(resumed.at("type") == "room");
  CHECK(waited(resumed["room"]).second == due);
}

TEST_CASE("get_vacation reads an account's days left and its vacation, each account its own") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient guest(server.port(), "guest"), anne(server.port(), "anne"), ben(server.port(), "ben");
  guest.hello("Guest");
  CHECK(guest.request({{"type", "get_vacation"}}).at("code") == "no_correspondence");
  register_account(anne, "Anne");
  register_account(ben, "Ben");

  const Json fresh = anne.request({{"type", "get_vacation"}});
  REQUIRE(fresh.at("type") == "vacation");
  CHECK(fresh.at("days_left") == 14);
  CHECK(fresh.at("days_a_year") == 14);
  CHECK(fresh.at("from_ms").is_null());
  CHECK(fresh.at("until_ms").is_null());

  const Json taken = anne.request({{"type", "take_vacation"}, {"days", 3}});
  REQUIRE(taken.at("type") == "vacation");
  CHECK(taken.at("days_a_year") == 14);
  // Read again: the same vacation, and nothing more taken by reading it twice.
  for (int i = 0; i < 2; ++i) {
    const Json read = anne.request({{"type", "get_vacation"}});
    REQUIRE(read.at("type") == "vacation");
    CHECK(read.at("days_left") == 11);
    CHECK(read.at("from_ms") == taken.at("from_ms"));
    CHECK(read.at("until_ms") == taken.at("until_ms"));
    CHECK(read.at("until_ms").get<std::int64_t>() - read.at("from_ms").get<std::int64_t>() ==
          3 * kDayMs);
  }
  const Json bens = ben.request({{"type", "get_vacation"}});
  REQUIRE(bens.at("type") == "vacation");
  CHECK(bens.at("days_left") == 14);
  CHECK(bens.at("until_ms").is_null());
}

TEST_CASE("a player past the most running matches by correspondence is refused, and counted") {
  TempDir dir;
  write_file(dir / "post.json", R"({"correspondence": {"max_matches_per_player": 1}})");
  ServerProcess server(dir / "tortuga.db", dir.path(), {"--config", (dir / "post.json").string()});
  TestClient anne(server.port(), "anne"), ben(server.port(), "ben");
  register_account(anne, "Anne");
  register_account(ben, "Ben");
  const Json by_post = {
      {"type", "create_room"}, {"game", kRaft}, {"correspondence", {{"days_per_move", 1}}}};
  const std::int64_t room = anne.request(by_post).at("room").at("id");
  REQUIRE(ben.request({{"type", "join_room"}, {"room", room}}).at("type") == "room");
  REQUIRE(anne.request({{"type", "start"}, {"room", room}}).at("type") == "room");
  const std::string refused = "tortuga_limits_refused_total{limit=\"correspondence_matches\"}";
  CHECK(metric(server.port(), refused).value_or(0) == 0);
  const Json error = anne.request(by_post);
  CHECK(error.at("code") == "too_many_correspondence_matches");
  CHECK(metric(server.port(), refused) == 1);
  // A live room is no such match; the connection carries on.
  CHECK(anne.request({{"type", "create_room"}, {"game", kRaft}}).at("type") == "room");
}

}  // namespace tortuga::integration

namespace tortuga::integration {

TEST_CASE(
    "a match by correspondence its clock ends while nobody is there: its room leaves memory") {
  TempDir dir;
  auto rng = seeded_rng();
  const auto db = dir / "tortuga.db";
  write_file(dir / "post.json", R"({
    "limits": {"messages_per_second": 100000, "message_burst": 100000, "empty_room_timeout_s": 1},
    "correspondence": {"vacation_days": 0}})");
  const std::vector<std::string> config = {"--config", (dir / "post.json").string()};
  auto server = std::make_unique<ServerProcess>(db, dir.path(), config);
  std::int64_t match = 0;
  {
    TestClient anne(server->port(), "anne"), ben(server->port(), "ben");
    register_account(anne, "Anne");
    register_account(ben, "Ben");
    const Json made = anne.request(
        {{"type", "create_room"}, {"game", kRaft}, {"correspondence", {{"days_per_move", 1}}}});
    const std::int64_t room = made.at("room").at("id");
    REQUIRE(ben.request({{"type", "join_room"}, {"room", room}}).at("type") == "room");
    match = anne.request({{"type", "start"}, {"room", room}}).at("room").at("match");
    anne.wait_version(match, 0);
    ben.wait_version(match, 0);
    // One player passes; the other's clock will run out, which passes too and ends the match.
    REQUIRE(pass_in_raft(match, anne, ben, rng));
  }
  CHECK(server->stop(SIGTERM) == 0);
  // The waited seat's deadline, stored as a clock run down over days would be, has passed as the
  // server starts again: the rebuilt room fires it at once, and the match ends with nobody there.
  const std::string m = std::to_string(match);
  sqlite_text(db, "UPDATE correspondence_clocks SET due_ms = " + std::to_string(store::now_ms()) +
                      " WHERE match_id = " + m + " AND waiting <> 0");
  server = std::make_unique<ServerProcess>(db, dir.path(), config);
  eventually(
      [&] { return sqlite_text(db, "SELECT status FROM matches WHERE id = " + m) != "running"; },
      "the match to end by its clock", std::chrono::seconds(30));
  CHECK(sqlite_text(db, "SELECT status FROM matches WHERE id = " + m) == "finished");
  CHECK(sqlite_text(db, "SELECT count(*) FROM actions WHERE match_id = " + m +
                            " AND action LIKE '%\"clock\":\"correspondence\"%'") == "1");
  // Over, and nobody in it: the room closes after the operator's while, as any room left empty.
  eventually([&] { return metric(server->port(), "tortuga_rooms_in_memory") == 0; },
             "the finished match's room to leave memory", std::chrono::seconds(30));
  CHECK(metric(server->port(), "tortuga_timers_fired_total{timer=\"empty_room\"}") == 1);
}

}  // namespace tortuga::integration
