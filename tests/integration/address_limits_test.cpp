// The limits per address and per player (docs/security.md), over real sockets and at the server's
// defaults unless a test says otherwise: WebSockets per address, the deadline for hello, rooms per
// player and per address, new players per address, mutes only of people in the room, and an open
// room left by everyone closing soon. Each refusal is a typed error, counted on /metrics.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "protocol/codes.hpp"
#include "server/ops/config.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

const Limits kDefaults;

std::string refused(const std::string& limit) {
  return "tortuga_limits_refused_total{limit=\"" + limit + "\"}";
}

void expect_pong(TestClient& c) {
  CHECK(c.request({{"type", "ping"}}).at("type") == "pong");
}

Json create_room(TestClient& c) {
  return c.request({{"type", "create_room"}, {"game", kRaft}});
}

TEST_CASE("one address holds at most its connections; one more is told so and closed (4003)") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  const int most = kDefaults.max_connections_per_address;
  std::vector<std::unique_ptr<TestClient>> open;
  for (int i = 0; i < most; ++i)
    open.push_back(std::make_unique<TestClient>(server.port(), "c" + std::to_string(i)));
  open.front()->hello("Anne");

  // A forged X-Forwarded-For changes nothing: no proxy is trusted by default.
  TestClient over(server.port(), "one too many",
                  TestClient::Connect{.headers = {{"X-Forwarded-For", "203.0.113.9"}}});
  const Json error = over.wait_for_type("error");
  CHECK(error.at("code") == code::kTooManyConnections);
  over.read_until_closed();
  REQUIRE(over.close_frame());
  CHECK(over.close_frame()->code == protocol::close_code::kTooManyConnections);
  CHECK(over.close_frame()->reason.rfind("too_many_connections", 0) == 0);
  CHECK(metric(server.port(), refused("connections_per_address")) == 1);

  // Those already in carry on; once one goes, another may come.
  expect_pong(*open.front());
  open.pop_back();
  eventually([&] { return metric(server.port(), "tortuga_connections_open") == most - 1; },
             "the server to see a connection go");
  TestClient again(server.port(), "again");
  again.hello("Bill");
  expect_pong(again);
}

TEST_CASE("behind a trusted proxy each forwarded address has connections of its own") {
  TempDir dir;
  write_file(dir / "proxy.json", R"({"trusted_proxies": ["127.0.0.1"],
                                     "limits": {"max_connections_per_address": 2}})");
  ServerProcess server(dir / "tortuga.db", dir.path(), {"--config", (dir / "proxy.json").string()});
  auto from = [&](const std::string& address, const std::string& label) {
    // As a proxy writes it: the client's address after whatever the client itself claimed.
    return std::make_unique<TestClient>(
        server.port(), label,
        TestClient::Connect{.headers = {{"X-Forwarded-For", "10.9.9.9, " + address}}});
  };
  auto a1 = from("203.0.113.1", "a1"), a2 = from("203.0.113.1", "a2");
  // Both counted before the third comes: connections made at once may be counted in any order.
  expect_pong(*a1);
  expect_pong(*a2);
  auto b1 = from("203.0.113.2", "b1");
  b1->hello("Bill");  // another address: let in
  auto a3 = from("203.0.113.1", "a3");
  CHECK(a3->wait_for_type("error").at("code") == code::kTooManyConnections);
  // IPv6 addresses of one /64 are one address.
  auto v1 = from("2001:db8:1:2::10", "v1"), v2 = from("2001:db8:1:2::20", "v2");
  expect_pong(*v1);
  expect_pong(*v2);
  auto v3 = from("2001:db8:1:2:ffff::1", "v3");
  CHECK(v3->wait_for_type("error").at("code") == code::kTooManyConnections);
  v1->hello("Vera");
  expect_pong(*v1);
}

TEST_CASE("a connection that says no hello in time is closed with 4001, hello_timeout") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient silent(server.port(), "silent"), pinging(server.port(), "only pings"),
      welcomed(server.port(), "welcomed");
  welcomed.hello("Anne");
  expect_pong(pinging);  // a ping is answered, but it is no hello
  const Millis deadline = std::chrono::seconds(kDefaults.hello_timeout_s) + kWait;
  silent.read_until_closed(deadline);
  pinging.read_until_closed(deadline);
  for (TestClient* c : {&silent, &pinging}) {
    CAPTURE(c->label());
    REQUIRE(c->close_frame());
    CHECK(c->close_frame()->code == protocol::close_code::kHelloTimeout);
    CHECK(c->close_frame()->reason.rfind("hello_timeout", 0) == 0);
  }
  // The welcomed connection stays.
  expect_pong(welcomed);
  CHECK(metric(server.port(), "tortuga_connections_closed_total{reason=\"hello_timeout\"}") == 2);
}

TEST_CASE("a player has at most its rooms, an address at most its; closing one makes room") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  const int per_player = kDefaults.max_rooms_per_player;
  const int per_address = kDefaults.max_rooms_per_address;
  REQUIRE(per_address % per_player == 0);
  std::vector<std::unique_ptr<TestClient>> players;
  std::vector<std::int64_t> first_rooms;
  for (int p = 0; p < per_address / per_player; ++p) {
    players.push_back(std::make_unique<TestClient>(server.port(), "p" + std::to_string(p)));
    players.back()->hello("Player " + std::to_string(p));
    for (int r = 0; r < per_player; ++r) {
      const Json room = create_room(*players.back());
      REQUIRE(room.at("type") == "room");
      if (r == 0) first_rooms.push_back(room.at("room").at("id"));
    }
  }
  // A player past its own rooms.
  Json over = create_room(*players.front());
  CHECK(over.at("code") == code::kTooManyRooms);
  CHECK(metric(server.port(), refused("rooms_per_player")) == 1);
  // A new player of the same address, past the address's.
  TestClient late(server.port(), "late");
  late.hello("Late");
  over = create_room(late);
  CHECK(over.at("code") == code::kTooManyRooms);
  CHECK(over.at("message").get<std::string>().find("address") != std::string::npos);
  CHECK(metric(server.port(), refused("rooms_per_address")) == 1);

  // The first player leaves a room of its own (an open room closes with its last player): it
  // may make another, and so may the address.
  REQUIRE(players.front()
              ->request({{"type", "leave_room"}, {"room", first_rooms.front()}})
              .at("type") == "left");
  CHECK(create_room(*players.front()).at("type") == "room");
  CHECK(create_room(late).at("code") == code::kTooManyRooms);
}

TEST_CASE("an address makes at most its new players an hour; returning players are not counted") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  const int most = kDefaults.new_players_per_address_per_hour;
  REQUIRE(most < kDefaults.max_connections_per_address);
  std::vector<std::unique_ptr<TestClient>> clients;
  for (int i = 0; i < most; ++i) {
    clients.push_back(std::make_unique<TestClient>(server.port(), "n" + std::to_string(i)));
    clients.back()->hello("New " + std::to_string(i));
  }
  TestClient one_more(server.port(), "one more");
  const Json refused_hello = one_more.request({{"type", "hello"}, {"name", "Another"}});
  CHECK(refused_hello.at("code") == code::kTooManyPlayers);
  // The next one comes back after an hour's share of the allowance, said in milliseconds.
  const auto wait = refused_hello.at("retry_after_ms").get<std::int64_t>();
  CHECK(wait > 0);
  CHECK(wait <= 3600 * 1000 / most + 1);
  CHECK(metric(server.port(), refused("players_per_address")) == 1);
  // The same connection may still be a player it has the token of.
  CHECK(one_more.hello("New 0", clients.front()->token()).at("player").at("id") ==
        clients.front()->player());
}

TEST_CASE("a member mutes only people of the room, and at most so many") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "mutes", R"({"max_mutes_per_member": 2})"));
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"), cora(server.port(), "cora"),
      dirk(server.port(), "dirk");
  anne.hello("Anne");
  bill.hello("Bill");
  cora.hello("Cora");
  dirk.hello("Dirk");
  const std::int64_t room = create_room(anne).at("room").at("id");
  bill.request({{"type", "join_room"}, {"room", room}});
  for (TestClient* c : {&cora, &dirk}) c->request({{"type", "watch_room"}, {"room", room}});

  auto mute = [&](std::int64_t player) {
    return anne.request({{"type", "mute"}, {"room", room}, {"player", player}});
  };
  // A made-up id, and a real player who is not in the room, are nobody here.
  TestClient elsewhere(server.port(), "elsewhere");
  elsewhere.hello("Elsa");
  for (std::int64_t nobody : {std::int64_t{777777}, elsewhere.player()}) {
    const Json answer = mute(nobody);
    CHECK(answer.at("code") == code::kNotInRoom);
  }
  CHECK(mute(bill.player()).at("muted") == Json::array({bill.player()}));  // seated
  CHECK(mute(cora.player()).at("muted").size() == 2);                      // a spectator
  CHECK(mute(dirk.player()).at("code") == code::kTooManyMutes);
  CHECK(metric(server.port(), refused("mutes_per_member")) == 1);
  // Unmuting is always possible, and makes room for another.
  CHECK(
      anne.request({{"type", "mute"}, {"room", room}, {"player", bill.player()}, {"muted", false}})
          .at("muted") == Json::array({cora.player()}));
  CHECK(mute(dirk.player()).at("muted").size() == 2);
}

TEST_CASE("an open room everyone left closes soon; a match everyone left waits longer") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "empty", R"({"empty_open_room_timeout_s": 1})"));
  TestClient watcher(server.port(), "watcher");
  watcher.hello("Wim");
  std::int64_t open_room = 0, running_room = 0;
  {
    TestClient host(server.port(), "host"), guest(server.port(), "guest"),
        maker(server.port(), "maker");
    host.hello("Anne");
    guest.hello("Bill");
    maker.hello("Cora");
    running_room = open_table(host, guest).room;
    open_room = create_room(maker).at("room").at("id");
  }  // every one of them gone
  watcher.request({{"type", "watch_lobby"}});
  watcher.wait_for(
      [&](const Json& m) {
        if (m.value("type", "") != "rooms_changed") return false;
        const Json& gone = m.at("gone");
        return std::find(gone.begin(), gone.end(), Json(open_room)) != gone.end();
      },
      "the open room gone from the lobby");
  const Json listed = watcher.request({{"type", "list_rooms"}});
  bool running_listed = false;
  for (const Json& r : listed.at("rooms"))
    running_listed = running_listed || r.at("id") == running_room;
  CHECK(running_listed);
}

}  // namespace
}  // namespace tortuga::integration
