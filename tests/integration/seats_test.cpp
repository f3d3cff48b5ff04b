// A seat belongs to a player, never to a connection, over real sockets: a player with two
// connections who leaves (or is removed) from one of them leaves with both, so that the other is
// never shown, nor plays, nor speaks for the seat once someone else holds it.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

Json expect_type(const Json& message, const std::string& type) {
  INFO(message.dump());
  CHECK(message.value("type", "") == type);
  return message;
}

Json expect_error(const Json& message, const std::string& code) {
  INFO(message.dump());
  CHECK(message.value("type", "") == "error");
  CHECK(message.value("code", "") == code);
  return message;
}

// Every per-seat request of `stale` in room `room` (match `match`) is refused with not_in_room,
// and nothing of the match reaches it: no view, no patch.
void check_out_of_the_room(TestClient& stale, std::int64_t room, std::int64_t match,
                           const Json& action) {
  expect_error(stale.request({{"type", "sync"}, {"match", match}}), "not_in_room");
  expect_error(stale.request({{"type", "action"}, {"match", match}, {"action", action}}),
               "not_in_room");
  expect_error(stale.request({{"type", "chat"}, {"room", room}, {"text", "who am I?"}}),
               "not_in_room");
  expect_error(stale.request({{"type", "mute"}, {"room", room}, {"player", 1}}), "not_in_room");
  expect_error(stale.request({{"type", "rematch"}, {"room", room}}), "not_in_room");
  // The room answers from its own strand, after whatever it had sent this connection before.
  CHECK(stale.match(match) == nullptr);
}

// A server and the people of these tests: Alice, who hosts; Bob, on two connections; Carol.
struct People {
  TempDir dir;
  ServerProcess server{dir / "tortuga.db", dir.path(), fast_play_config(dir.path())};
  TestClient alice{server.port(), "alice"};
  TestClient bob1{server.port(), "bob 1"};
  TestClient bob2{server.port(), "bob 2"};
  TestClient carol{server.port(), "carol"};

  People() {
    alice.hello("Alice");
    bob1.hello("Bob");
    bob2.hello("Bob", bob1.token());
    carol.hello("Carol");
  }

  std::int64_t create_room(const Json& options = Json::object(), const std::string& game = kRaft) {
    return expect_type(
        alice.request({{"type", "create_room"}, {"game", game}, {"options", options}}),
        "room")["room"]["id"];
  }
  // `who` joins `room`; returns the seat it got.
  static Json join(TestClient& who, std::int64_t room) {
    return expect_type(who.request({{"type", "join_room"}, {"room", room}}), "room")["you"]["seat"];
  }
  std::int64_t start(std::int64_t room) {
    return expect_type(alice.request({{"type", "start"}, {"room", room}}), "room")["room"]["match"];
  }
};

TEST_CASE("a second connection of a player who left is shown nothing of the seat's next player") {
  People p;
  // No clock: the seat waits for Carol's choice however long the checks below take.
  const std::int64_t room =
      p.create_room({{"players", 3}, {"window_s", 600}, {"turn_clock_s", 0}}, "scalawag");
  CHECK(People::join(p.bob1, room) == 1);
  CHECK(People::join(p.bob2, room) == 1);
  expect_type(p.bob1.request({{"type", "leave_room"}, {"room", room}}), "left");
  // Bob's other connection leaves with him.
  CHECK(p.bob2.wait_for_type("left")["room"] == room);

  CHECK(People::join(p.carol, room) == 1);
  expect_type(p.alice.request({{"type", "add_bot"}, {"room", room}}), "room");
  const std::int64_t match = p.start(room);
  const MatchView& hers = p.carol.wait_version(match, 0);
  REQUIRE(hers.view["seat"] == 1);
  REQUIRE(hers.view["you"]["hand"].is_array());  // her hand, for her eyes only
  // Alice plays (and the bot) until the rules wait for Carol.
  for (int guard = 0; guard < 500 && hers.view["legal"].empty(); ++guard) {
    const std::int64_t version = hers.version;
    const MatchView& alices = p.alice.wait_version(match, version);
    if (alices.version == version && !alices.view["legal"].empty())
      p.alice.send({{"type", "action"}, {"match", match}, {"action", alices.view["legal"][0]}});
    p.carol.wait_version(match, version + 1);
  }
  REQUIRE_FALSE(hers.view["legal"].empty());
  const Json action = hers.view["legal"][0];

  check_out_of_the_room(p.bob2, room, match, action);
  // The seat still waits for Carol's own choice: Bob's was never played for her.
  expect_type(p.carol.request({{"type", "action"}, {"match", match}, {"action", action}}), "patch");
  // Nobody heard a line from seat 1 but Carol's own.
  CHECK(expect_type(p.carol.request({{"type", "chat"}, {"room", room}, {"text", "aye"}}),
                    "chat")["line"]["player"] == p.carol.player());
}

TEST_CASE("a player who leaves a running match leaves with every connection, and comes back") {
  People p;
  const Table table = open_table(p.alice, p.bob1);
  CHECK(People::join(p.bob2, table.room) == 1);
  p.bob2.wait_version(table.match, 0);

  expect_type(p.bob2.request({{"type", "leave_room"}, {"room", table.room}}), "left");
  CHECK(p.bob1.wait_for_type("left")["room"] == table.room);
  const Json away = p.alice.wait_for(
      [](const Json& m) {
        return m.value("type", "") == "room" && m["room"]["seats"][1]["connected"] == false;
      },
      "Bob's seat shown away");
  CHECK(away["room"]["seats"][1]["player"]["id"] == p.bob1.player());
  expect_error(p.bob1.request({{"type", "sync"}, {"match", table.match}}), "not_in_room");
  expect_error(p.bob1.request({{"type", "chat"}, {"room", table.room}, {"text", "hi"}}),
               "not_in_room");

  // join_room gives the seat back, with its view.
  CHECK(People::join(p.bob1, table.room) == 1);
  CHECK(p.bob1.wait_for_type("state")["view"]["seat"] == 1);
}

TEST_CASE("a removed player's every connection is removed, and sees nothing of the next player") {
  People p;
  const std::int64_t room = p.create_room();
  // Bob watches from one connection, then sits down from the other.
  CHECK(expect_type(p.bob2.request({{"type", "watch_room"}, {"room", room}}),
                    "room")["you"]["spectator"] == true);
  CHECK(People::join(p.bob1, room) == 1);
  expect_type(
      p.alice.request({{"type", "remove_player"}, {"room", room}, {"player", p.bob1.player()}}),
      "room");
  for (TestClient* bob : {&p.bob1, &p.bob2}) {
    const Json removed = bob->wait_for_type("removed");
    CHECK(removed["room"] == room);
    CHECK(removed["by"] == "host");
  }

  CHECK(People::join(p.carol, room) == 1);
  const std::int64_t match = p.start(room);
  p.alice.wait_version(match, 0);
  const Json action = p.alice.match(match)->view["legal"][0];
  for (TestClient* bob : {&p.bob1, &p.bob2}) check_out_of_the_room(*bob, room, match, action);
}

TEST_CASE("the seat a second connection left behind is away, and takes a stand-in") {
  People p;
  const std::int64_t room = p.create_room();
  People::join(p.bob1, room);
  People::join(p.bob2, room);
  expect_type(p.bob1.request({{"type", "leave_room"}, {"room", room}}), "left");
  {
    TestClient dora(p.server.port(), "dora");
    dora.hello("Dora");
    CHECK(People::join(dora, room) == 1);
    dora.wait_version(p.start(room), 0);
  }  // Dora's connection drops.
  p.alice.wait_for(
      [](const Json& m) {
        return m.value("type", "") == "room" && m["room"]["seats"][1]["connected"] == false;
      },
      "Dora's seat shown away");
  const Json stood = p.alice.request({{"type", "stand_in"}, {"room", room}, {"seat", 1}});
  REQUIRE(stood.value("type", "") == "room");
  CHECK(stood["room"]["seats"][1]["stand_in"] == "smart");
}

TEST_CASE("a player who left a finished match leaves with every connection, and cannot sit again") {
  People p;
  const Table table = open_table(p.alice, p.bob1, {}, {{"short_game", true}});
  CHECK(People::join(p.bob2, table.room) == 1);
  p.bob2.wait_version(table.match, 0);
  auto rng = seeded_rng();
  play_random(table.match, {&p.alice, &p.bob1}, {&p.bob2}, rng);
  REQUIRE(is_over(p.alice, table.match));

  expect_type(p.bob1.request({{"type", "leave_room"}, {"room", table.room}}), "left");
  CHECK(p.bob2.wait_for_type("left")["room"] == table.room);
  expect_error(p.bob2.request({{"type", "rematch"}, {"room", table.room}}), "not_in_room");
  expect_error(p.bob2.request({{"type", "chat"}, {"room", table.room}, {"text", "rematch?"}}),
               "not_in_room");
  expect_error(p.bob2.request({{"type", "join_room"}, {"room", table.room}}), "already_started");
  expect_error(p.alice.request({{"type", "rematch"}, {"room", table.room}}), "not_enough_players");
}

}  // namespace
}  // namespace tortuga::integration
