// A match ends as aborted, without a result, in four ways: its host closes the room, the
// operator does, the room is left empty past limits.empty_room_timeout_s, or its log cannot be
// replayed when the server starts (or takes the match over). The first three stop a sound log,
// and its replay gives every step up to where it stopped; only the last has no replay to give.
// docs/protocol.md (get_match, get_replay) says so; these tests hold the server to it.
#include <csignal>
#include <memory>
#include <string>

#include <doctest/doctest.h>
#include <sqlite3.h>

#include "tests/integration/admin_calls.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

// A table of Anne against a random bot, a few of her moves played.
Table anne_against_a_bot(TestClient& anne) {
  const Table table = open_bot_table(anne, kRaft, {{"short_game", true}}, {"random"});
  auto rng = seeded_rng();
  play_random(table.match, {&anne}, {}, rng, 3);
  return table;
}

// The aborted match as get_match describes it, checked to be aborted.
Json aborted_match(TestClient& asker, std::int64_t match) {
  const Json described = asker.request({{"type", "get_match"}, {"match", match}});
  REQUIRE_MESSAGE(described.at("type") == "match", described.dump());
  const Json& m = described.at("match");
  CHECK(m.at("status") == "aborted");
  CHECK(m.at("result").is_null());
  CHECK(m.at("ended_ms").is_number_integer());
  return m;
}

// A match stopped with a sound log replays, as a finished one does, every step to where it
// stopped: over the socket and over HTTP, revealed without a seat, as a seat saw it with one.
void check_replays_to_where_it_stopped(std::uint16_t port, TestClient& asker, std::int64_t match) {
  const Json m = aborted_match(asker, match);
  const std::size_t steps = m.at("actions").get<std::size_t>() + 1;
  CHECK(steps > 1);

  const Json revealed = asker.request({{"type", "get_replay"}, {"match", match}});
  REQUIRE_MESSAGE(revealed.at("type") == "replay", revealed.dump());
  CHECK(revealed.at("revealed") == true);
  CHECK(revealed.at("steps").size() == steps);
  CHECK(revealed.at("steps").back().at("view").at("step") == steps - 1);
  for (std::size_t k = 1; k < steps; ++k) CHECK(revealed.at("steps")[k].at("action").is_object());

  const Json seat = asker.request({{"type", "get_replay"}, {"match", match}, {"seat", 0}});
  REQUIRE_MESSAGE(seat.at("type") == "replay", seat.dump());
  CHECK(seat.at("revealed") == false);
  CHECK(seat.at("steps").size() == steps);

  const HttpReply http = http_get(port, "/api/matches/" + std::to_string(match) + "/replay");
  CHECK(http.status == 200);
  const Json body = Json::parse(http.body);
  CHECK(body.at("revealed") == true);
  CHECK(body.at("steps") == revealed.at("steps"));
}

}  // namespace

TEST_CASE("a match whose host closed its room is aborted and replays to where it stopped") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const Table table = anne_against_a_bot(anne);
  const Json left = anne.request({{"type", "close_room"}, {"room", table.room}});
  REQUIRE_MESSAGE(left.at("type") == "left", left.dump());
  check_replays_to_where_it_stopped(server.port(), anne, table.match);
}

TEST_CASE("a match whose room the operator closed is aborted and replays to where it stopped") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), [&] {
    auto flags = admin_flags(dir.path());
    for (auto& f : fast_play_config(dir.path())) flags.push_back(f);
    return flags;
  }());
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const Table table = anne_against_a_bot(anne);
  admin_json(server.port(), "POST", "rooms/" + std::to_string(table.room) + "/close",
             R"({"reason": "the table is stuck"})");
  anne.wait_for_type("room_closed");
  check_replays_to_where_it_stopped(server.port(), anne, table.match);
}

TEST_CASE("a match whose room was left empty is aborted and replays to where it stopped") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(),
                       limits_config(dir.path(), "empty-soon",
                                     R"({"empty_room_timeout_s": 1, "messages_per_second": 100000,
                        "message_burst": 100000})"));
  TestClient lookout(server.port(), "lookout");
  lookout.hello("Lookout");
  auto anne = std::make_unique<TestClient>(server.port(), "anne");
  anne->hello("Anne");
  const Table table = anne_against_a_bot(*anne);
  REQUIRE(lookout.request({{"type", "watch_lobby"}}).at("type") == "rooms");
  anne.reset();  // her only connection goes: nobody is in the room any more
  lookout.wait_for(
      [&](const Json& m) {
        if (m.value("type", "") != "rooms_changed") return false;
        for (const Json& gone : m.at("gone"))
          if (gone == table.room) return true;
        return false;
      },
      "the empty room to close");
  check_replays_to_where_it_stopped(server.port(), lookout, table.match);
}

TEST_CASE("a match whose log cannot be replayed after a restart is aborted and has no replay") {
  TempDir dir;
  const auto db = dir / "t.db";
  auto server = std::make_unique<ServerProcess>(db, dir.path(), fast_play_config(dir.path()));
  Table table;
  {
    TestClient anne(server->port(), "anne");
    anne.hello("Anne");
    table = anne_against_a_bot(anne);
  }
  REQUIRE(server->stop(SIGTERM) == 0);

  // The first stored action becomes one the game does not have: the log no longer replays.
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
  const std::string tamper = R"(UPDATE actions SET action = '{"type":"fly"}' WHERE match_id = )" +
                             std::to_string(table.match) + " AND seq = 1";
  CHECK(sqlite3_exec(handle, tamper.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  CHECK(sqlite3_changes(handle) == 1);
  sqlite3_close(handle);

  server = std::make_unique<ServerProcess>(db, dir.path(), fast_play_config(dir.path()));
  TestClient anne(server->port(), "anne");
  anne.hello("Anne");
  aborted_match(anne, table.match);
  // The same answer every time: the log that stopped it is still what would be replayed.
  for (int i = 0; i < 2; ++i) {
    const Json replay = anne.request({{"type", "get_replay"}, {"match", table.match}});
    CHECK(replay.at("type") == "error");
    CHECK(replay.value("code", "") == "internal");
  }
  const HttpReply http =
      http_get(server->port(), "/api/matches/" + std::to_string(table.match) + "/replay");
  CHECK(http.status == 500);
  CHECK(Json::parse(http.body).at("code") == "internal");
}

}  // namespace tortuga::integration
