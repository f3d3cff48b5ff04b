// The lobby's feed over real sockets: a client watching the lobby is sent each public room as it
// is made, filled, started, finished and closed, with its host's presence, and never a private
// room; unwatch_lobby stops it.
#include <doctest/doctest.h>

#include <csignal>
#include <set>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

// Reads the watcher's messages until a rooms_changed satisfies `wanted`; every rooms_changed read
// on the way is checked to name no room of `hidden`.
Json next_change(TestClient& watcher, const std::set<std::int64_t>& hidden,
                 const std::function<bool(const Json&)>& wanted, const std::string& what) {
  return watcher.wait_for(
      [&](const Json& m) {
        if (m.value("type", "") != "rooms_changed") return false;
        for (const Json& room : m.at("rooms")) CHECK_FALSE(hidden.count(room.at("id")));
        for (const Json& id : m.at("gone")) CHECK_FALSE(hidden.count(id));
        return wanted(m);
      },
      what);
}

// The listing of `room` in a rooms_changed, or null.
Json listing_of(const Json& changes, std::int64_t room) {
  for (const Json& r : changes.at("rooms"))
    if (r.at("id") == room) return r;
  return nullptr;
}

bool gone(const Json& changes, std::int64_t room) {
  for (const Json& id : changes.at("gone"))
    if (id == room) return true;
  return false;
}

}  // namespace

TEST_CASE("a lobby watcher is sent rooms made, joined, started, over and closed, never private") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient watcher(server.port(), "watcher"), anne(server.port(), "anne"),
      ben(server.port(), "ben");
  watcher.hello("Wim");
  anne.hello("Anne");
  ben.hello("Ben");
  std::set<std::int64_t> hidden;

  const Json list = watcher.request({{"type", "watch_lobby"}});
  REQUIRE(list.at("type") == "rooms");
  CHECK(list.at("rooms").empty());
  const std::int64_t started_at = list.at("now_ms");

  // A private room, joined by its code: never in the feed, nor in the list.
  const Json secret = anne.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}});
  hidden.insert(secret.at("room").at("id").get<std::int64_t>());
  CHECK(ben.request({{"type", "join_room"}, {"room", secret.at("room").at("code")}})["type"] ==
        "room");

  // A public room: made, then a seat taken, then started.
  const Json made = anne.request({{"type", "create_room"}, {"game", kRaft}});
  const std::int64_t room = made.at("room").at("id");
  Json change = next_change(
      watcher, hidden, [&](const Json& m) { return !listing_of(m, room).is_null(); }, "made");
  Json listed = listing_of(change, room);
  CHECK(listed.at("status") == "open");
  CHECK(listed.at("host") == anne.player());
  CHECK(listed.at("host_online") == true);
  CHECK(listed.at("created_ms").get<std::int64_t>() >= started_at);
  CHECK_FALSE(listed.contains("code"));

  ben.request({{"type", "join_room"}, {"room", room}});
  change = next_change(
      watcher, hidden,
      [&](const Json& m) {
        const Json r = listing_of(m, room);
        return !r.is_null() && !r.at("seats").at(1).at("player").is_null();
      },
      "Ben's seat");
  CHECK(listing_of(change, room).at("seats").at(1).at("player").at("id") == ben.player());

  const Json start = anne.request({{"type", "start"}, {"room", room}});
  const std::int64_t match = start.at("room").at("match");
  next_change(
      watcher, hidden,
      [&](const Json& m) {
        const Json r = listing_of(m, room);
        return !r.is_null() && r.at("status") == "playing" && r.at("match") == match;
      },
      "started");

  // Played to the end: the room stays listed, over, while its players are at the table (a
  // rematch may follow), and leaves the list when they leave and it closes.
  anne.wait_version(match, 0);
  ben.wait_version(match, 0);
  auto rng = seeded_rng();
  play_random(match, {&anne, &ben}, {}, rng);
  REQUIRE(is_over(anne, match));
  change = next_change(
      watcher, hidden,
      [&](const Json& m) {
        const Json r = listing_of(m, room);
        CHECK_FALSE(gone(m, room));
        return !r.is_null() && r.at("status") == "over";
      },
      "over");
  Json now = watcher.request({{"type", "list_rooms"}});
  bool listed_over = false;
  for (const Json& r : now.at("rooms"))
    listed_over |= r.at("id") == room && r.at("status") == "over";
  CHECK(listed_over);
  anne.request({{"type", "leave_room"}, {"room", room}});
  ben.request({{"type", "leave_room"}, {"room", room}});
  next_change(
      watcher, hidden, [&](const Json& m) { return gone(m, room); }, "closed once left");
  now = watcher.request({{"type", "list_rooms"}});
  for (const Json& r : now.at("rooms")) CHECK(r.at("id") != room);

  // Another room, closed by its host; and a host who goes away is shown so.
  const Json other = ben.request({{"type", "create_room"}, {"game", kRaft}});
  const std::int64_t second = other.at("room").at("id");
  next_change(
      watcher, hidden, [&](const Json& m) { return !listing_of(m, second).is_null(); }, "second");
  std::int64_t third = 0;
  {
    TestClient cat(server.port(), "cat");
    cat.hello("Cat");
    third = cat.request({{"type", "create_room"}, {"game", kRaft}}).at("room").at("id");
    next_change(
        watcher, hidden,
        [&](const Json& m) {
          const Json r = listing_of(m, third);
          return !r.is_null() && r.at("host_online") == true;
        },
        "Cat's room");
  }  // Cat's connection drops.
  next_change(
      watcher, hidden,
      [&](const Json& m) {
        const Json r = listing_of(m, third);
        return !r.is_null() && r.at("host_online") == false;
      },
      "Cat away");
  CHECK(ben.request({{"type", "close_room"}, {"room", second}})["type"] == "left");
  next_change(
      watcher, hidden, [&](const Json& m) { return gone(m, second); }, "closed");

  // Unwatched, the changes stop: another watcher hears of a new room, this one does not, before
  // the answer to a ping it sends after that.
  CHECK(watcher.request({{"type", "unwatch_lobby"}})["type"] == "lobby_unwatched");
  TestClient dee(server.port(), "dee");
  dee.hello("Dee");
  CHECK(dee.request({{"type", "watch_lobby"}, {"game", kRaft}})["type"] == "rooms");
  const std::int64_t fourth =
      anne.request({{"type", "create_room"}, {"game", kRaft}}).at("room").at("id");
  next_change(
      dee, hidden, [&](const Json& m) { return !listing_of(m, fourth).is_null(); }, "fourth");
  watcher.send({{"type", "ping"}, {"id", "after"}});
  watcher.wait_for(
      [](const Json& m) {
        CHECK(m.value("type", "") != "rooms_changed");
        return m.value("re", Json()) == "after";
      },
      "pong");

  // A server whose feed has sent changes, and still has a watcher, stops cleanly.
  CHECK(server.stop(SIGTERM) == 0);
}

}  // namespace tortuga::integration
