// The lobby's feed (lobby_feed.hpp): a watcher gets the listed rooms, then their changes gathered
// into one message keyed by room id, never a private room; and the lobby's rooms as the feed
// lists them: their age and their host's presence, finished rooms leaving the list, empty rooms
// closing by themselves. On a clock the tests move.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>

#include <unistd.h>

#include "persistence/sqlite/sqlite_store.hpp"
#include "protocol/command.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/lobby_feed.hpp"
#include "tests/server/fake_client.hpp"
#include "tests/server/manual_clock.hpp"
#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::milliseconds kGather{Config::kLobbyGatherMs};

void settle(boost::asio::io_context& io) {
  io.restart();
  while (io.poll() > 0) io.restart();
}

// A room as the lobby lists it, reduced to what the feed looks at.
Json listing(std::int64_t id, const std::string& game, const std::string& status = "open",
             int spectators = 0) {
  return {{"id", id},         {"game", game},       {"private", false},
          {"status", status}, {"rematch", nullptr}, {"spectators", spectators}};
}

std::vector<std::int64_t> ids(const Json& rooms) {
  std::vector<std::int64_t> out;
  for (const Json& r : rooms)
    out.push_back(r.is_object() ? r.at("id").get<std::int64_t>() : r.get<std::int64_t>());
  return out;
}

struct Feed {
  boost::asio::io_context io;
  ManualClock clock;
  std::shared_ptr<LobbyFeed> feed = std::make_shared<LobbyFeed>(io, &clock, kGather);
  ~Feed() {
    feed->shutdown();
    settle(io);
  }
  // Sends what the feed gathered, as its timer does.
  void gathered() {
    settle(io);
    REQUIRE(clock.fire_next());
    settle(io);
  }
};

}  // namespace

TEST_CASE("a room is listed unless private, its match over too, until it closes") {
  CHECK(listed_in_lobby(listing(1, "scalawag", "open")));
  CHECK(listed_in_lobby(listing(1, "scalawag", "starting")));
  CHECK(listed_in_lobby(listing(1, "scalawag", "playing")));
  CHECK(listed_in_lobby(listing(1, "scalawag", "over")));
  Json rematching = listing(1, "scalawag", "over");
  rematching["rematch"] = {{"by", 4}, {"accepted", {4}}};
  CHECK(listed_in_lobby(rematching));
  Json hidden = listing(1, "scalawag");
  hidden["private"] = true;
  CHECK_FALSE(listed_in_lobby(hidden));
  CHECK_FALSE(listed_in_lobby(Json()));
}

TEST_CASE("a watcher gets the list, then a burst of changes as one message keyed by room id") {
  Feed f;
  f.feed->update(1, listing(1, "scalawag"));
  f.feed->update(2, listing(2, "colpaccio", "playing"));
  f.feed->update(3, nullptr);  // a private room: never listed
  settle(f.io);
  CHECK(f.clock.armed() == 0);  // nobody watches: nothing to gather

  auto w = std::make_shared<FakeClient>();
  f.feed->watch(w, "w", std::nullopt);
  settle(f.io);
  const Json list = w->of_type("rooms").at(0);
  CHECK(list["re"] == "w");
  CHECK(ids(list["rooms"]) == std::vector<std::int64_t>{1, 2});
  CHECK(list["now_ms"].is_number_integer());

  // A burst: room 1 changes four times, room 4 opens, room 2 closes, room 3 stays private.
  for (int watching = 1; watching <= 4; ++watching)
    f.feed->update(1, listing(1, "scalawag", "open", watching));
  f.feed->update(4, listing(4, "scalawag"));
  f.feed->update(2, nullptr);
  f.feed->update(3, nullptr);
  settle(f.io);
  CHECK(w->of_type("rooms_changed").empty());  // gathered, not sent yet
  CHECK(f.clock.armed() == 1);
  CHECK(f.clock.next_due() == kGather.count());
  f.gathered();
  auto changes = w->of_type("rooms_changed");
  REQUIRE(changes.size() == 1);
  CHECK(ids(changes[0]["rooms"]) == std::vector<std::int64_t>{1, 4});
  CHECK(changes[0]["rooms"][0]["spectators"] == 4);  // the room as it is now, whole
  CHECK(ids(changes[0]["gone"]) == std::vector<std::int64_t>{2});
  CHECK_FALSE(changes[0].contains("re"));

  // The same listing again is no change; a change after the sending is gathered afresh.
  f.feed->update(1, listing(1, "scalawag", "open", 4));
  settle(f.io);
  CHECK(f.clock.armed() == 0);
  f.feed->update(1, listing(1, "scalawag", "playing", 4));
  settle(f.io);
  CHECK(f.clock.next_due() == f.clock.now_ms() + kGather.count());
  f.gathered();
  changes = w->of_type("rooms_changed");
  REQUIRE(changes.size() == 2);
  CHECK(changes[1]["rooms"][0]["status"] == "playing");
  CHECK(changes[1]["gone"].empty());
}

TEST_CASE("a watcher of one game gets its rooms only, and nothing once it unwatches or goes") {
  Feed f;
  auto all = std::make_shared<FakeClient>(), raft = std::make_shared<FakeClient>(),
       gone = std::make_shared<FakeClient>();
  f.feed->update(1, listing(1, "scalawag"));
  f.feed->update(2, listing(2, "raft-and-scupper"));
  f.feed->watch(all, 1, std::nullopt);
  f.feed->watch(raft, 1, "raft-and-scupper");
  f.feed->watch(gone, 1, std::nullopt);
  settle(f.io);
  CHECK(ids(raft->of_type("rooms")[0]["rooms"]) == std::vector<std::int64_t>{2});

  f.feed->forget(gone);
  f.feed->update(1, nullptr);
  f.feed->update(3, listing(3, "raft-and-scupper"));
  f.gathered();
  CHECK(ids(all->of_type("rooms_changed")[0]["rooms"]) == std::vector<std::int64_t>{3});
  CHECK(ids(all->of_type("rooms_changed")[0]["gone"]) == std::vector<std::int64_t>{1});
  const Json seen = raft->of_type("rooms_changed").at(0);
  CHECK(ids(seen["rooms"]) == std::vector<std::int64_t>{3});
  CHECK(seen["gone"].empty());  // room 1 was Scalawag's
  CHECK(gone->of_type("rooms_changed").empty());

  // Watching again changes the filter and gives the list afresh.
  f.feed->watch(raft, "again", "scalawag");
  f.feed->unwatch(all, "bye");
  settle(f.io);
  CHECK(raft->of_type("rooms").back()["re"] == "again");
  CHECK(raft->of_type("rooms").back()["rooms"].empty());
  CHECK(all->of_type("lobby_unwatched").at(0)["re"] == "bye");
  f.feed->update(4, listing(4, "scalawag"));
  f.gathered();
  CHECK(all->of_type("rooms_changed").size() == 1);
  CHECK(ids(raft->of_type("rooms_changed").back()["rooms"]) == std::vector<std::int64_t>{4});
}

TEST_CASE("a room opened and closed while changes gather goes to the watchers as gone") {
  Feed f;
  auto early = std::make_shared<FakeClient>(), late = std::make_shared<FakeClient>();
  f.feed->watch(early, 1, std::nullopt);
  settle(f.io);
  f.feed->update(5, listing(5, "colpaccio"));
  f.feed->watch(late, 1, std::nullopt);  // its list holds room 5
  f.feed->update(5, nullptr);
  f.gathered();
  CHECK(ids(late->of_type("rooms")[0]["rooms"]) == std::vector<std::int64_t>{5});
  for (const auto& w : {early, late}) {
    const Json changes = w->of_type("rooms_changed").at(0);
    CHECK(changes["rooms"].empty());
    CHECK(ids(changes["gone"]) == std::vector<std::int64_t>{5});
  }
}

TEST_CASE("a room whose match is over stays in the list, with its rematch asked for or not") {
  Table t;
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  Json summary = t.room->summary();
  CHECK(listed_in_lobby(summary));
  CHECK(summary["host_online"] == true);
  CHECK(summary["created_ms"].get<std::int64_t>() > 1700000000000);
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 2); });
  t.start_and_wait();
  CHECK(t.room->summary()["status"] == "playing");
  CHECK(listed_in_lobby(t.room->summary()));

  for (const auto& who : {t.anne, t.ben, t.anne}) {
    t.act(who, {{"type", "add"}, {"n", 2}});
    t.commit_all();
  }
  CHECK(t.room->summary()["status"] == "over");
  CHECK(listed_in_lobby(t.room->summary()));
  t.on_room([&] { t.room->rematch(t.anne, 4); });
  CHECK(listed_in_lobby(t.room->summary()));
  t.on_room([&] { t.room->leave(t.ben, 5); });  // declines; Anne is still at the table
  CHECK(listed_in_lobby(t.room->summary()));
  CHECK(t.room->summary()["created_ms"] == summary["created_ms"]);
}

namespace {

// A lobby on a clock the test moves, at the server's other defaults.
struct Lobbyist {
  fs::path dir;
  std::unique_ptr<store::SqliteStore> store;
  boost::asio::io_context io;
  ManualClock clock;
  std::unique_ptr<Lobby> lobby;

  Lobbyist() {
    static int n = 0;
    dir = fs::temp_directory_path() /
          ("tortuga-feed-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(dir);
    store = std::make_unique<store::SqliteStore>((dir / "t.db").string());
    RoomSettings settings;
    settings.clock = &clock;
    lobby = std::make_unique<Lobby>(io, *store, settings, LobbyLimits{});
  }
  ~Lobbyist() {
    lobby->shutdown();
    run();
    store->flush();
    lobby.reset();
    store.reset();
    fs::remove_all(dir);
  }
  // Runs what is queued, however long the machine takes to get to it, and what the store
  // answers meanwhile.
  void run() {
    settle(io);
    run_until(
        io, [] { return false; }, std::chrono::milliseconds(20));
    settle(io);
  }
  void send(const std::shared_ptr<FakeClient>& c, const Json& message) {
    auto ready = std::make_shared<std::atomic<bool>>(false);
    lobby->handle(c, protocol::parse_command(message.dump()), [ready] { *ready = true; });
    REQUIRE(run_until(io, [&] { return ready->load(); }));
    run();
  }
  std::shared_ptr<FakeClient> player(const std::string& name) {
    auto c = std::make_shared<FakeClient>();
    send(c, {{"type", "hello"}, {"name", name}});
    REQUIRE(c->player() != 0);
    return c;
  }
  // Fires the clock's next timer and runs what it sets off. What arms a timer may still be on
  // its way (the feed arms its own on its strand, after a room posts a change to it): wait for
  // one.
  void tick() {
    REQUIRE(run_until(io, [&] { return clock.armed() > 0; }));
    REQUIRE(clock.fire_next());
    run();
  }
};

Json last(const FakeClient& c, const std::string& type) {
  auto all = c.of_type(type);
  return all.empty() ? Json() : all.back();
}

}  // namespace

TEST_CASE("bots filling a room's seats reach a lobby watcher as one change, private rooms never") {
  Lobbyist l;
  auto anne = l.player("Anne"), watcher = l.player("Wim");
  l.send(watcher, {{"type", "watch_lobby"}, {"id", "w"}});
  CHECK(last(*watcher, "rooms")["rooms"].empty());

  l.send(anne, {{"type", "create_room"}, {"game", "scalawag"}, {"private", true}});
  CHECK(l.clock.armed() == 0);  // nothing listed changed: nothing to send

  l.send(anne, {{"type", "create_room"}, {"game", "scalawag"}, {"options", {{"players", 6}}}});
  const std::int64_t room = last(*anne, "room")["room"]["id"];
  for (int bot = 0; bot < 5; ++bot)
    l.send(anne, {{"type", "add_bot"}, {"room", room}, {"bot", "random"}});
  CHECK(watcher->of_type("rooms_changed").empty());
  l.tick();
  const auto changes = watcher->of_type("rooms_changed");
  REQUIRE(changes.size() == 1);
  REQUIRE(changes[0]["rooms"].size() == 1);
  const Json listed = changes[0]["rooms"][0];
  CHECK(listed["id"] == room);
  CHECK(listed["host"] == anne->player());
  CHECK(listed["host_online"] == true);
  CHECK(std::all_of(listed["seats"].begin(), listed["seats"].end(),
                    [](const Json& s) { return !s["player"].is_null() || !s["bot"].is_null(); }));
  CHECK(listed["created_ms"].get<std::int64_t>() <= changes[0]["now_ms"].get<std::int64_t>());

  // The host goes: the list says so.
  l.lobby->disconnected(anne);
  l.run();
  l.tick();
  CHECK(last(*watcher, "rooms_changed")["rooms"][0]["host_online"] == false);
}

TEST_CASE("a room nobody is in closes by itself after the timeout, its match stored as aborted") {
  Lobbyist l;
  const std::int64_t timeout_ms = Limits{}.empty_room_timeout_s * 1000;
  auto anne = l.player("Anne"), ben = l.player("Ben"), watcher = l.player("Wim");
  l.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}});
  const std::int64_t room = last(*anne, "room")["room"]["id"];
  l.send(ben, {{"type", "join_room"}, {"room", room}});
  l.send(anne, {{"type", "start"}, {"room", room}});
  REQUIRE(run_until(l.io, [&] { return !anne->of_type("state").empty(); }));
  const std::int64_t match = last(*anne, "state")["match"];
  l.send(watcher, {{"type", "watch_lobby"}});

  l.lobby->disconnected(anne);
  l.lobby->disconnected(ben);
  l.run();
  const std::int64_t emptied = l.clock.now_ms();
  // The watcher hears that the host has gone, and the room waits for its players meanwhile.
  while (l.clock.now_ms() < emptied + timeout_ms) {
    CHECK(l.lobby->room_count() == 1);
    l.tick();
  }
  REQUIRE(run_until(l.io, [&] { return l.lobby->room_count() == 0; }));
  CHECK(l.clock.now_ms() == emptied + timeout_ms);
  l.store->flush();
  CHECK(l.store->match(match).value()->status == store::MatchStatus::aborted);
  l.tick();
  CHECK(last(*watcher, "rooms_changed")["gone"] == Json::array({room}));
}

TEST_CASE("a player coming back stops an empty room's countdown; leaving again starts it afresh") {
  Lobbyist l;
  // The room has not started: it waits the shorter time, its host having gone.
  const std::int64_t timeout_ms = Limits{}.empty_open_room_timeout_s * 1000;
  auto anne = l.player("Anne");
  const std::string token = last(*anne, "welcome")["token"];
  l.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}});
  const std::int64_t room = last(*anne, "room")["room"]["id"];
  CHECK(l.clock.armed() == 0);
  l.lobby->disconnected(anne);
  l.run();
  CHECK(l.clock.armed() == 1);
  CHECK(l.clock.next_due() == timeout_ms);

  auto again = std::make_shared<FakeClient>();
  l.send(again, {{"type", "hello"}, {"name", "Anne"}, {"token", token}});
  CHECK(last(*again, "room")["room"]["id"] == room);  // her seat, resumed
  CHECK(l.clock.armed() == 0);

  // A room that never started closes as well, with nothing to store.
  l.lobby->disconnected(again);
  l.run();
  CHECK(l.clock.next_due() == l.clock.now_ms() + timeout_ms);
  l.tick();
  CHECK(l.lobby->room_count() == 0);
  l.store->flush();
  CHECK(l.store->list_matches({}).value().empty());
  // Her seat went with it: a new hello resumes nothing.
  auto third = std::make_shared<FakeClient>();
  l.send(third, {{"type", "hello"}, {"name", "Anne"}, {"token", token}});
  CHECK(third->of_type("room").empty());
}

}  // namespace tortuga::testing
