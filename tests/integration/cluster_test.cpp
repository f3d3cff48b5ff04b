// Three nodes on one PostgreSQL database (docs/scaling.md), over real sockets: the lobby spans
// them, a client asking the wrong node is sent to the right one, a node killed mid-match has its
// matches taken over and finished elsewhere with nothing its clients saw lost, and a node paused
// long enough to be taken over can never write again.
#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <set>
#include <stdexcept>
#include <thread>

#include <doctest/doctest.h>

#include "tests/integration/admin_calls.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/support/postgres_cluster.hpp"

namespace tortuga::integration {
namespace {

// The nodes n1, n2, n3 of a cluster on a new database, each with its own folder (for its log)
// and the default lease.
struct Nodes {
  TempDir dir;
  std::string db = test::PostgresCluster::shared().new_database();
  std::vector<std::unique_ptr<ServerProcess>> node;

  // `extra`: flags every node is started with besides.
  explicit Nodes(int count = 3, std::vector<std::string> extra = {}) : extra(std::move(extra)) {
    for (int i = 1; i <= count; ++i) node.push_back(start(i));
  }
  std::unique_ptr<ServerProcess> start(int i) {
    const std::string id = "n" + std::to_string(i);
    const auto folder = dir / id;
    std::filesystem::create_directories(folder);
    std::vector<std::string> args = fast_play_config(folder);
    args.insert(args.end(), {"--node-id", id});
    args.insert(args.end(), extra.begin(), extra.end());
    return std::make_unique<ServerProcess>(db, folder, args);
  }
  std::vector<std::string> extra;
  std::uint16_t port(int i) const { return node[i - 1]->port(); }
  std::string url(int i) const { return "ws://127.0.0.1:" + std::to_string(port(i)) + "/ws"; }
  std::string sql(const std::string& query) const {
    return test::PostgresCluster::shared().run_sql(db, query);
  }
  // The database goes away for the nodes (its connections end, and new ones are refused) and
  // comes back, while the PostgreSQL server goes on serving the other tests' databases.
  void database_away() const {
    on_server("ALTER DATABASE " + database() + " ALLOW_CONNECTIONS false");
    on_server("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" +
              database() + "'");
  }
  void database_back() const {
    on_server("ALTER DATABASE " + database() + " ALLOW_CONNECTIONS true");
  }
  std::string database() const {  // its name, from its URL (postgresql:///NAME?host=...)
    const auto from = db.find(":///") + 4;
    return db.substr(from, db.find('?') - from);
  }
  void on_server(const std::string& query) const {
    auto& postgres = test::PostgresCluster::shared();
    postgres.run_sql(postgres.url("postgres"), query);
  }
};

std::uint16_t port_of(const std::string& url) {
  const auto colon = url.rfind(':');
  return static_cast<std::uint16_t>(std::stoi(url.substr(colon + 1)));
}

bool is_elsewhere(const Json& m) {
  return m.at("type") == "error" && m.at("code") == "elsewhere";
}

struct Player {
  std::string name;
  std::string token;
  std::int64_t id = 0;
};

Player player_of(const TestClient& c, const std::string& name) {
  return {name, c.token(), c.player()};
}

// Players, each against a smart bot on the node at `port`, their matches played `moves` random
// actions in: those still running, with their connections there.
struct BotTables {
  std::vector<Player> players;
  std::vector<Table> tables;
  std::vector<std::unique_ptr<TestClient>> clients;
};

BotTables bot_tables(std::uint16_t port, int count, int moves, std::mt19937_64& rng) {
  BotTables out;
  for (int i = 0; i < count; ++i) {
    const std::string name = "Player " + std::to_string(i);
    auto c = std::make_unique<TestClient>(port, name);
    c->hello(name);
    const Table table = open_bot_table(*c, kRaft, Json::object(), {"smart"});
    play_random(table.match, {c.get()}, {}, rng, moves);
    if (is_over(*c, table.match)) continue;
    out.players.push_back(player_of(*c, name));
    out.tables.push_back(table);
    out.clients.push_back(std::move(c));
  }
  return out;
}

// Reconnects `p` with its token, first to the node at `port`, and follows where the cluster sends
// it until a node gives it its seat in `match` back (the room, then the state): a node that has
// the match elsewhere names it; one whose owner is dead and not yet replaced names none, and is
// asked again shortly. Returns the client, on the node that serves the match.
std::unique_ptr<TestClient> resume_anywhere(std::uint16_t port, const Player& p, std::int64_t match,
                                            std::uint16_t* served_by = nullptr) {
  const std::uint16_t first_port = port;
  const auto deadline = std::chrono::steady_clock::now() + kWait;
  while (std::chrono::steady_clock::now() < deadline) {
    std::unique_ptr<TestClient> client;
    try {
      client = std::make_unique<TestClient>(port, p.name + " on " + std::to_string(port));
    } catch (const std::exception&) {
      // Sent to a node that has just died (its lease still runs): back to the first node.
      port = first_port;
      std::this_thread::sleep_for(Millis(100));
      continue;
    }
    CHECK(client->hello(p.name, p.token).at("player").at("id") == p.id);
    const Json first = client->wait_for(
        [&](const Json& m) {
          return (m.at("type") == "room" && m.at("room").at("match") == match) || is_elsewhere(m);
        },
        "its room, or where it is");
    if (first.at("type") == "room") {
      client->wait_for(
          [&](const Json& m) { return m.at("type") == "state" && m.at("match") == match; },
          "the state of match " + std::to_string(match));
      if (served_by) *served_by = port;
      return client;
    }
    CHECK(first.at("match") == match);
    if (first.at("url").is_string())
      port = port_of(first.at("url").get<std::string>());
    else
      std::this_thread::sleep_for(Millis(100));  // being taken over: ask again
  }
  throw std::runtime_error(p.name + " found no node serving match " + std::to_string(match));
}

// The rooms listed to `looker`, asked as often as a test waits: by one player, not a new one each
// time (one address makes at most 30 new players an hour).
Json rooms_listed(TestClient& looker) {
  return looker.request({{"type", "list_rooms"}}).at("rooms");
}

bool lists(const Json& rooms, std::int64_t id) {
  for (const Json& r : rooms)
    if (r.at("id") == id) return true;
  return false;
}

std::int64_t stored_actions(const Nodes& nodes, std::int64_t match) {
  return std::stoll(
      nodes.sql("SELECT count(*) FROM actions WHERE match_id = " + std::to_string(match)));
}

// The stored log of `match`, replayed by any node, begins with exactly `views` (by version).
void check_stored_views(std::uint16_t port, std::int64_t match,
                        const std::map<std::int64_t, Json>& views) {
  const HttpReply replay = http_get(port, "/api/matches/" + std::to_string(match) + "/replay");
  REQUIRE(replay.status == 200);
  const Json steps = Json::parse(replay.body).at("steps");
  for (const auto& [version, view] : views) {
    INFO("version " << version);
    REQUIRE(static_cast<std::size_t>(version) < steps.size());
    Json revealed = steps[static_cast<std::size_t>(version)].at("view");
    revealed.erase("legal_by_seat");
    CHECK(revealed == view);
  }
}

TEST_CASE("the lobby spans the nodes, and a client asking the wrong node is sent to the owner") {
  Nodes nodes;
  TestClient anne(nodes.port(1), "anne"), bill(nodes.port(2), "bill"), carl(nodes.port(3), "carl");
  anne.hello("Anne");
  bill.hello("Bill");
  carl.hello("Carl");
  const Json on_1 = anne.request({{"type", "create_room"}, {"game", kRaft}});
  const Json on_2 = bill.request({{"type", "create_room"}, {"game", kRaft}});
  const Json on_3 = carl.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}});
  const std::int64_t room_1 = on_1.at("room").at("id"), room_2 = on_2.at("room").at("id"),
                     room_3 = on_3.at("room").at("id");
  const std::string code = on_3.at("room").at("code");
  CHECK(room_1 != room_2);  // a room's id is the cluster's
  CHECK(room_2 != room_3);

  // Every node lists both public rooms (the others' as their owners last published them, within
  // a heartbeat), and none the private one.
  for (int i = 1; i <= 3; ++i) {
    INFO("node " << i);
    TestClient looker(nodes.port(i), "lobby on node " + std::to_string(i));
    looker.hello("Looker");
    Json rooms;
    eventually(
        [&] {
          rooms = rooms_listed(looker);
          return lists(rooms, room_1) && lists(rooms, room_2);
        },
        "both public rooms listed");
    CHECK_FALSE(lists(rooms, room_3));
  }

  // Dave asks node 2 for anne's room, and is sent to node 1.
  TestClient dave(nodes.port(2), "dave");
  dave.hello("Dave");
  const Json sent = dave.request({{"type", "join_room"}, {"room", room_1}});
  REQUIRE(is_elsewhere(sent));
  CHECK(sent.at("url") == nodes.url(1));
  CHECK(sent.at("room") == room_1);
  CHECK(sent.at("message").get<std::string>().rfind("moved", 0) == 0);
  TestClient dave_there(port_of(sent.at("url")), "dave on n1");
  dave_there.hello("Dave", dave.token());  // the same player on every node
  CHECK(dave_there.player() == dave.player());
  const Json joined = dave_there.request({{"type", "join_room"}, {"room", room_1}});
  REQUIRE(joined.at("type") == "room");
  CHECK(joined.at("you").at("seat") == 1);

  // A private room is found by its code from any node, and never by its id.
  const Json by_code = anne.request({{"type", "join_room"}, {"room", code}});
  REQUIRE(is_elsewhere(by_code));
  CHECK(by_code.at("url") == nodes.url(3));
  CHECK(anne.request({{"type", "watch_room"}, {"room", room_3}}).at("code") == "no_such_room");

  // The match on node 1: watching, acting and syncing through node 2 are sent there too.
  const Json started = anne.request({{"type", "start"}, {"room", room_1}});
  const std::int64_t match = started.at("room").at("match");
  anne.wait_version(match, 0);
  CHECK(is_elsewhere(dave.request({{"type", "watch_room"}, {"room", room_1}})));
  // A well-formed action of the game: the node that does not play the match cannot judge more.
  const Json act = dave.request(
      {{"type", "action"}, {"match", match}, {"action", {{"type", "switch_pair"}, {"pair", 0}}}});
  REQUIRE(is_elsewhere(act));
  CHECK(act.at("url") == nodes.url(1));
  CHECK(act.at("match") == match);
  CHECK(is_elsewhere(dave.request({{"type", "sync"}, {"match", match}})));

  // Anne, back on node 3 with her token, is told where her match goes on.
  TestClient anne_on_3(nodes.port(3), "anne on n3");
  anne_on_3.hello("Anne", anne.token());
  const Json resume = anne_on_3.wait_for(is_elsewhere, "where anne's match is");
  CHECK(resume.at("url") == nodes.url(1));
  CHECK(resume.at("room") == room_1);
  CHECK(resume.at("match") == match);
  CHECK(resume.find("re") == resume.end());
}

TEST_CASE("a lobby watched on one node follows the public rooms of every node") {
  Nodes nodes(2);
  TestClient anne(nodes.port(1), "anne"), wendy(nodes.port(2), "wendy");
  anne.hello("Anne");
  wendy.hello("Wendy");
  REQUIRE(wendy.request({{"type", "watch_lobby"}}).at("type") == "rooms");
  std::set<std::int64_t> ever_listed;
  // The next rooms_changed to Wendy that `holds`, every room of every change on the way noted.
  auto change = [&](const std::function<bool(const Json&)>& holds, const std::string& what) {
    return wendy.wait_for(
        [&](const Json& m) {
          if (m.at("type") != "rooms_changed") return false;
          for (const Json& r : m.at("rooms")) ever_listed.insert(r.at("id").get<std::int64_t>());
          return holds(m);
        },
        what);
  };
  const Json hidden = anne.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}});
  const Json made = anne.request({{"type", "create_room"}, {"game", kRaft}});
  const std::int64_t room = made.at("room").at("id");

  // Within a beat of node 2's (a third of the lease), node 1's public room reaches its watcher.
  const Json came = change(
      [&](const Json& m) {
        for (const Json& r : m.at("rooms"))
          if (r.at("id") == room) return true;
        return false;
      },
      "node 1's room, to node 2's watcher");
  for (const Json& r : came.at("rooms"))
    if (r.at("id") == room) {
      CHECK(r.at("host") == anne.player());
      CHECK(r.at("host_online") == true);
      CHECK(r.at("status") == "open");
    }

  // Closed on node 1, it leaves node 2's lobby too.
  REQUIRE(anne.request({{"type", "close_room"}, {"room", room}}).at("type") == "left");
  change(
      [&](const Json& m) {
        for (const Json& id : m.at("gone"))
          if (id == room) return true;
        return false;
      },
      "node 1's closed room gone from node 2's lobby");
  CHECK_FALSE(ever_listed.count(hidden.at("room").at("id").get<std::int64_t>()));
}

TEST_CASE("a room closed while the database is away leaves every lobby once it is back") {
  Nodes nodes(2);
  TestClient anne(nodes.port(1), "anne");
  anne.hello("Anne");
  const std::int64_t room =
      anne.request({{"type", "create_room"}, {"game", kRaft}}).at("room").at("id");
  TestClient looker(nodes.port(2), "lobby on node 2");
  looker.hello("Looker");
  eventually([&] { return lists(rooms_listed(looker), room); }, "the room listed on node 2");

  nodes.database_away();
  REQUIRE(anne.request({{"type", "close_room"}, {"room", room}}).at("type") == "left");
  eventually([&] { return nodes.node[0]->log().find("its row stays") != std::string::npos; },
             "node 1 failing to forget the room's row");
  nodes.database_back();
  eventually(
      [&] {
        return nodes.sql("SELECT count(*) FROM rooms WHERE id = " + std::to_string(room)) == "0";
      },
      "the room's row gone");
  eventually([&] { return !lists(rooms_listed(looker), room); },
             "the room gone from node 2's lobby");
}

TEST_CASE("a node killed mid-match: another takes its matches over, and they finish there") {
  Nodes nodes;
  auto rng = seeded_rng();
  Table table;
  std::vector<Player> players;
  Player watcher;
  std::map<std::int64_t, Json> seen_views;  // as the clients saw them before the kill
  std::int64_t seen = 0;
  Table against_bot;  // a second match, against a bot, whose moves the new owner must make
  Player dora;
  {
    TestClient anne(nodes.port(1), "anne"), bill(nodes.port(1), "bill"),
        carl(nodes.port(1), "carl"), dora_there(nodes.port(1), "dora");
    for (TestClient* c : {&anne, &bill, &carl}) c->record_history();
    anne.hello("Anne");
    bill.hello("Bill");
    carl.hello("Carl");
    dora_there.hello("Dora");
    against_bot = open_bot_table(dora_there, kRaft, Json::object(), {"smart"});
    play_random(against_bot.match, {&dora_there}, {}, rng, 4);
    dora = player_of(dora_there, "Dora");
    for (int attempt = 0; attempt < 50; ++attempt) {
      table = open_table(anne, bill, {&carl});
      if (play_random(table.match, {&anne, &bill}, {&carl}, rng, 9) == 9 &&
          !is_over(anne, table.match))
        break;
    }
    REQUIRE_FALSE(is_over(anne, table.match));
    players = {player_of(anne, "Anne"), player_of(bill, "Bill")};
    watcher = player_of(carl, "Carl");

    // One more action is on its way when the node dies: it may or may not have been stored.
    TestClient* actor = anne.match(table.match)->view.at("legal").empty() ? &bill : &anne;
    const Json& legal = actor->match(table.match)->view.at("legal");
    actor->send(
        {{"type", "action"}, {"match", table.match}, {"action", legal[rng() % legal.size()]}});
    CHECK(nodes.node[0]->stop(SIGKILL) == 128 + SIGKILL);
    dora_there.wait_until([&] { return dora_there.closed(); }, "the connection to close");
    for (TestClient* c : {&anne, &bill, &carl}) {
      c->wait_until([&] { return c->closed(); }, "the connection to close");
      const MatchView& m = *c->match(table.match);
      seen = std::max(seen, m.version);
      for (const auto& [version, view] : m.history) seen_views[version] = as_public(view);
    }
  }
  const auto killed = std::chrono::steady_clock::now();

  // The players come back to node 2, which sends them where the match went once it is taken.
  std::uint16_t served_by = 0;
  auto anne = resume_anywhere(nodes.port(2), players[0], table.match, &served_by);
  const auto resumed_after = std::chrono::steady_clock::now() - killed;
  MESSAGE("match resumed on another node "
          << std::chrono::duration_cast<std::chrono::milliseconds>(resumed_after).count()
          << " ms after the kill (lease 3000 ms)");
  CHECK(served_by != nodes.port(1));
  auto bill = resume_anywhere(nodes.port(3), players[1], table.match);
  // The spectator watches again, through any node.
  TestClient carl_back(nodes.port(2), "carl (back)");
  carl_back.hello("Carl", watcher.token);
  Json watched = carl_back.request({{"type", "watch_room"}, {"room", table.room}});
  std::unique_ptr<TestClient> carl;
  if (is_elsewhere(watched)) {
    carl = std::make_unique<TestClient>(port_of(watched.at("url")), "carl (moved)");
    carl->hello("Carl", watcher.token);
    watched = carl->request({{"type", "watch_room"}, {"room", table.room}});
  }
  REQUIRE(watched.at("type") == "room");
  TestClient& spectator = carl ? *carl : carl_back;
  spectator.wait_version(table.match, 0);

  const std::int64_t resumed = anne->match(table.match)->version;
  CHECK(resumed >= seen);  // every action a client saw acknowledged was stored
  CHECK(resumed <= seen + 1);
  CHECK(bill->match(table.match)->version == resumed);
  CHECK(stored_actions(nodes, table.match) == resumed);
  CHECK(nodes.sql("SELECT epoch FROM matches WHERE id = " + std::to_string(table.match)) == "2");

  const int rest = play_random(table.match, {anne.get(), bill.get()}, {&spectator}, rng);
  REQUIRE(is_over(*anne, table.match));
  CHECK(anne->errors().empty());
  CHECK(bill->errors().empty());
  eventually(
      [&] {
        return nodes.sql("SELECT status FROM matches WHERE id = " + std::to_string(table.match)) ==
               "finished";
      },
      "the match stored as finished");
  CHECK(stored_actions(nodes, table.match) == resumed + rest);
  check_stored_views(nodes.port(3), table.match, seen_views);

  // The match against the bot was taken over too, and its bot plays on where it now lives.
  if (!nodes.sql("SELECT status FROM matches WHERE id = " + std::to_string(against_bot.match))
           .starts_with("running"))
    return;  // it ended before the kill
  auto dora_back = resume_anywhere(nodes.port(3), dora, against_bot.match);
  play_random(against_bot.match, {dora_back.get()}, {}, rng);
  REQUIRE(is_over(*dora_back, against_bot.match));
  CHECK(dora_back->errors().empty());
}

TEST_CASE("while a killed node's lease runs, no client is sent to it") {
  Nodes nodes(2, {"--lease-ms", "10000"});  // a long lease: the window this test looks into
  TestClient anne(nodes.port(1), "anne"), bill(nodes.port(1), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const Table table = open_table(anne, bill);
  const std::string backend = nodes.sql("SELECT backend FROM nodes WHERE id = 'n1'");
  nodes.node[0]->stop(SIGKILL);
  // The database ends the server process of the node's connection once it sees it closed.
  eventually(
      [&] {
        return nodes.sql("SELECT count(*) FROM pg_stat_activity WHERE pid = " + backend) == "0";
      },
      "node 1's connection to end");

  // Asked for the room, the match, or (after hello) the player's seats, node 2 names no node
  // until one has taken the match over: not the dead one.
  TestClient dave(nodes.port(2), "dave");
  dave.hello("Dave");
  TestClient anne_back(nodes.port(2), "anne (back)");
  anne_back.hello("Anne", anne.token());
  const std::vector<Json> answers = {dave.request({{"type", "join_room"}, {"room", table.room}}),
                                     dave.request({{"type", "sync"}, {"match", table.match}}),
                                     anne_back.wait_for(is_elsewhere, "where anne's match is")};
  CHECK(nodes.sql("SELECT lease_until > clock_timestamp() FROM nodes WHERE id = 'n1'") == "t");
  for (const Json& answer : answers) {
    INFO(answer.dump());
    REQUIRE(is_elsewhere(answer));
    CHECK(answer.at("url").is_null());
    CHECK(answer.at("match") == table.match);
  }
}

// The rooms a node's admin API lists as its own.
std::set<std::int64_t> own_rooms(std::uint16_t port) {
  const Json listed = admin_json(port, "GET", "rooms");
  std::set<std::int64_t> rooms;
  for (const Json& room : listed.at("rooms")) rooms.insert(room.at("id").get<std::int64_t>());
  return rooms;
}

TEST_CASE("two nodes taking a dead node's matches over at once: each match runs on one of them") {
  TempDir keys;
  Nodes nodes(3, admin_flags(keys.path()));
  auto rng = seeded_rng();
  BotTables on_1 = bot_tables(nodes.port(1), 8, 2, rng);
  const std::vector<Player>& players = on_1.players;
  const std::vector<Table>& tables = on_1.tables;
  nodes.node[0]->stop(SIGKILL);
  REQUIRE_FALSE(tables.empty());

  // Clients ask nodes 2 and 3 for the matches without pause, each asking nudging its node to
  // claim at once: once the dead node's lease runs out, both claim, at the same moments.
  std::string failed;
  auto ask = [&](int node) {
    try {
      TestClient asker(nodes.port(node), "asker on node " + std::to_string(node));
      asker.hello("Asker " + std::to_string(node));
      std::set<std::int64_t> placed;
      while (placed.size() < tables.size())
        for (const Table& t : tables) {
          if (placed.count(t.match)) continue;
          const Json answer = asker.request({{"type", "sync"}, {"match", t.match}});
          if (!is_elsewhere(answer) || answer.at("url").is_string()) placed.insert(t.match);
        }
    } catch (const std::exception& e) {
      failed = e.what();
    }
  };
  std::thread asking_2(ask, 2), asking_3(ask, 3);
  asking_2.join();
  asking_3.join();
  REQUIRE(failed == "");

  // Each match was taken over once, by one node (its epoch bumped once), and runs there alone:
  // its player plays it on, against its bot.
  std::set<std::int64_t> on_2, on_3;
  eventually(
      [&] {
        on_2 = own_rooms(nodes.port(2));
        on_3 = own_rooms(nodes.port(3));
        for (const Table& t : tables)
          if (!on_2.count(t.room) && !on_3.count(t.room)) return false;
        return true;
      },
      "every match rebuilt on the node that took it");
  std::set<std::string> owners;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const std::string room = std::to_string(tables[i].room);
    INFO("room " << room);
    CHECK(nodes.sql("SELECT epoch FROM rooms WHERE id = " + room) == "2");
    CHECK(nodes.sql("SELECT epoch FROM matches WHERE id = " + std::to_string(tables[i].match)) ==
          "2");
    const std::string owner = nodes.sql("SELECT node FROM rooms WHERE id = " + room);
    owners.insert(owner);
    CHECK(on_2.count(tables[i].room) == (owner == "n2" ? 1 : 0));
    CHECK(on_3.count(tables[i].room) == (owner == "n3" ? 1 : 0));
    std::uint16_t served_by = 0;
    auto back = resume_anywhere(nodes.port(2), players[i], tables[i].match, &served_by);
    CHECK(served_by == nodes.port(owner == "n2" ? 2 : 3));
    play_random(tables[i].match, {back.get()}, {}, rng, 4);
    CHECK(back->errors().empty());
  }
  MESSAGE(tables.size() << " matches taken over by " << owners.size() << " nodes");
}

TEST_CASE("a node paused until it is taken over can never write again; its clients move on") {
  Nodes nodes;
  auto rng = seeded_rng();
  TestClient anne(nodes.port(1), "anne"), bill(nodes.port(1), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  Table table;
  for (int attempt = 0; attempt < 50; ++attempt) {
    table = open_table(anne, bill);
    if (play_random(table.match, {&anne, &bill}, {}, rng, 6) == 6 && !is_over(anne, table.match))
      break;
  }
  REQUIRE_FALSE(is_over(anne, table.match));
  const std::int64_t before = anne.match(table.match)->version;
  const std::string room = std::to_string(table.room);

  nodes.node[0]->signal(SIGSTOP);
  eventually([&] { return nodes.sql("SELECT node FROM rooms WHERE id = " + room) != "n1"; },
             "another node to take the room over");
  const std::string owner = nodes.sql("SELECT node FROM rooms WHERE id = " + room);
  const std::string owner_url = nodes.url(owner == "n2" ? 2 : 3);

  // Continued, node 1 still holds the match in memory, and the player whose turn it is acts there
  // at once: the store refuses the append (its epoch is stale), and the players are sent on.
  nodes.node[0]->signal(SIGCONT);
  TestClient* actor = anne.match(table.match)->view.at("legal").empty() ? &bill : &anne;
  const Json& legal = actor->match(table.match)->view.at("legal");
  const Json answer = actor->request(
      {{"type", "action"}, {"match", table.match}, {"action", legal[rng() % legal.size()]}});
  REQUIRE(is_elsewhere(answer));
  CHECK(answer.at("url") == owner_url);
  TestClient* other = actor == &anne ? &bill : &anne;
  const Json told = other->wait_for(is_elsewhere, "the other player told where the room went");
  CHECK(told.at("url") == owner_url);
  CHECK(told.at("room") == table.room);
  CHECK(stored_actions(nodes, table.match) == before);
  CHECK(anne.match(table.match)->version == before);  // nothing unstored was shown

  // They go on on the new owner, to the end.
  auto anne_there = resume_anywhere(port_of(owner_url), player_of(anne, "Anne"), table.match);
  auto bill_there = resume_anywhere(port_of(owner_url), player_of(bill, "Bill"), table.match);
  CHECK(anne_there->match(table.match)->version == before);
  const int rest = play_random(table.match, {anne_there.get(), bill_there.get()}, {}, rng);
  REQUIRE(is_over(*anne_there, table.match));
  CHECK(stored_actions(nodes, table.match) == before + rest);
  // Node 1 has let the room go: it is not in its lobby, nor anything of it in its log.
  CHECK(nodes.node[0]->log().find("is another node's now") != std::string::npos);
}

TEST_CASE("SIGTERM on a node hands its matches over at once; the players finish elsewhere") {
  Nodes nodes(2);
  auto rng = seeded_rng();
  Table table;
  std::vector<Player> players;
  std::int64_t before = 0;
  std::chrono::steady_clock::time_point stopped;
  std::int64_t open_room = 0;  // Carl's room, not started: it survives the stop too
  Player carl;
  {
    TestClient anne(nodes.port(1), "anne"), bill(nodes.port(1), "bill"),
        carl_there(nodes.port(1), "carl");
    anne.hello("Anne");
    bill.hello("Bill");
    carl_there.hello("Carl");
    open_room = carl_there.request({{"type", "create_room"}, {"game", kRaft}})
                    .at("room")
                    .at("id")
                    .get<std::int64_t>();
    REQUIRE(carl_there.request({{"type", "add_bot"}, {"room", open_room}, {"bot", "smart"}})
                .at("type") == "room");
    carl = player_of(carl_there, "Carl");
    for (int attempt = 0; attempt < 50; ++attempt) {
      table = open_table(anne, bill);
      if (play_random(table.match, {&anne, &bill}, {}, rng, 6) == 6 && !is_over(anne, table.match))
        break;
    }
    REQUIRE_FALSE(is_over(anne, table.match));
    before = anne.match(table.match)->version;
    players = {player_of(anne, "Anne"), player_of(bill, "Bill")};
    nodes.node[0]->signal(SIGTERM);
    stopped = std::chrono::steady_clock::now();
    for (TestClient* c : {&anne, &bill, &carl_there})
      c->wait_until([&] { return c->closed(); }, "the connection to close");
    CHECK(nodes.node[0]->wait() == 0);
  }
  CHECK(nodes.node[0]->log().find("lease released") != std::string::npos);
  auto anne = resume_anywhere(nodes.port(2), players[0], table.match);
  MESSAGE("match resumed on the other node "
          << std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::steady_clock::now() - stopped)
                 .count()
          << " ms after SIGTERM");
  auto bill = resume_anywhere(nodes.port(2), players[1], table.match);
  CHECK(anne->match(table.match)->version == before);
  const int rest = play_random(table.match, {anne.get(), bill.get()}, {}, rng);
  REQUIRE(is_over(*anne, table.match));
  CHECK(stored_actions(nodes, table.match) == before + rest);

  // Carl's open room was handed over with its seats: back, he finds it, and starts it.
  Json room;
  for (int attempt = 0; attempt < 50 && room.is_null(); ++attempt) {
    TestClient carl_back(nodes.port(2), "carl (back)");
    carl_back.hello("Carl", carl.token);
    Json first;
    try {
      first = carl_back.wait_for(
          [&](const Json& m) {
            return (m.at("type") == "room" && m.at("room").at("id") == open_room) ||
                   is_elsewhere(m);
          },
          "carl's room, or where it is");
    } catch (const std::exception& e) {
      FAIL(std::string(e.what()) << "\nrooms:\n"
                                 << nodes.sql(
                                        "SELECT id || ' ' || node || ' ' || epoch || ' ' || "
                                        "coalesce(match_id, 0) || ' ' || coalesce(open_state, '-') "
                                        "FROM rooms")
                                 << "\nnode 1:\n"
                                 << nodes.node[0]->log() << "\nnode 2:\n"
                                 << nodes.node[1]->log());
    }
    if (first.at("type") == "room") {
      room = first;
      CHECK(first.at("you").at("seat") == 0);
      CHECK(first.at("room").at("status") == "open");
      CHECK(first.at("room").at("host") == carl.id);
      CHECK(first.at("room").at("seats").at(1).at("bot") == "smart");
      const Json started = carl_back.request({{"type", "start"}, {"room", open_room}});
      CHECK(started.at("room").at("status") == "playing");
    } else {
      std::this_thread::sleep_for(Millis(100));
    }
  }
  CHECK_FALSE(room.is_null());
}

// `tortuga serve` on `db` as a node alone (no node id) or as `node_id`, expected to be refused at
// its start: its exit code, and what it said is in `said`.
int refused_start(const std::string& db, const std::filesystem::path& dir,
                  const std::string& node_id, std::string& said) {
  std::vector<std::string> args = {"serve", "--db", db, "--port", "0"};
  if (!node_id.empty()) args.insert(args.end(), {"--node-id", node_id});
  const auto log = dir / ("refused-" + (node_id.empty() ? std::string("alone") : node_id) + ".log");
  const int code = run_tortuga(args, log);
  std::ifstream in(log);
  said.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return code;
}

TEST_CASE(
    "on one PostgreSQL a node alone runs only by itself: never beside another, nor a cluster") {
  TempDir dir;
  const std::string db = test::PostgresCluster::shared().new_database();
  std::filesystem::create_directories(dir / "alone");
  auto alone = std::make_unique<ServerProcess>(db, dir / "alone", fast_play_config(dir / "alone"));
  std::int64_t match = 0;
  TestClient anne(alone->port(), "anne"), bill(alone->port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  match = open_table(anne, bill).match;

  // A second node alone would resume and play the same matches: it is refused, and says why.
  std::string said;
  CHECK(refused_start(db, dir.path(), "", said) == 1);
  CHECK(said.find("another node runs alone on this database") != std::string::npos);
  // So is a cluster's node, which would take the matches of a node it cannot see.
  CHECK(refused_start(db, dir.path(), "n1", said) == 1);
  CHECK(said.find("a node runs alone on this database") != std::string::npos);
  CHECK(anne.request({{"type", "sync"}, {"match", match}}).at("type") == "state");  // unharmed

  // Killed, the node alone lets the database go with its connection: a cluster's node starts,
  // and takes its match over; and now a node alone is refused beside it.
  alone->stop(SIGKILL);
  std::filesystem::create_directories(dir / "n1");
  std::vector<std::string> args = fast_play_config(dir / "n1");
  args.insert(args.end(), {"--node-id", "n1"});
  ServerProcess n1(db, dir / "n1", args);
  CHECK(n1.log().find("1 matches resumed") != std::string::npos);
  CHECK(refused_start(db, dir.path(), "", said) == 1);
  CHECK(said.find("the nodes of a cluster run on this database (n1)") != std::string::npos);
}

// The node taking a stopped node's matches over rebuilds them one after another: players who
// come back meanwhile, their match claimed but not yet rebuilt, are given it the moment it is.
TEST_CASE("players returning together to the node taking their matches over all resume there") {
  Nodes nodes(2);
  auto rng = seeded_rng();
  BotTables on_1 = bot_tables(nodes.port(1), 16, 4, rng);
  const std::vector<Player>& players = on_1.players;
  nodes.node[0]->signal(SIGTERM);
  for (auto& c : on_1.clients)
    c->wait_until([&] { return c->closed(); }, "the connection to close");
  CHECK(nodes.node[0]->wait() == 0);
  const auto stopped = std::chrono::steady_clock::now();

  // Every player at once, as clients do when their node goes away.
  std::vector<std::string> failures(players.size());
  std::vector<std::chrono::steady_clock::duration> took(players.size());
  std::vector<std::thread> returning;
  for (std::size_t i = 0; i < players.size(); ++i)
    returning.emplace_back([&, i] {
      try {
        auto back = resume_anywhere(nodes.port(2), players[i], on_1.tables[i].match);
        took[i] = std::chrono::steady_clock::now() - stopped;
      } catch (const std::exception& e) {
        failures[i] = e.what();
      }
    });
  for (auto& t : returning) t.join();
  for (std::size_t i = 0; i < players.size(); ++i) {
    INFO(players[i].name << ", match " << on_1.tables[i].match);
    CHECK(failures[i] == "");
  }
  MESSAGE(players.size() << " players resumed on the other node within "
                         << std::chrono::duration_cast<std::chrono::milliseconds>(
                                *std::max_element(took.begin(), took.end()))
                                .count()
                         << " ms of the SIGTERM");
}

TEST_CASE("the admin API lists every node's rooms, and sends a call about another's there") {
  TempDir keys;
  Nodes nodes(2, admin_flags(keys.path()));
  TestClient anne(nodes.port(1), "anne"), bill(nodes.port(2), "bill"), carl(nodes.port(2), "carl");
  anne.hello("Anne");
  bill.hello("Bill");
  carl.hello("Carl");
  const std::int64_t here = anne.request({{"type", "create_room"}, {"game", kRaft}})
                                .at("room")
                                .at("id")
                                .get<std::int64_t>();
  const Json made =
      bill.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}}).at("room");
  const std::int64_t there = made.at("id");
  REQUIRE(carl.request({{"type", "join_room"}, {"room", made.at("code")}}).at("type") == "room");
  const std::string admin_2 = "http://127.0.0.1:" + std::to_string(nodes.port(2)) + "/api/admin/";

  // Node 1 lists its own room whole, and node 2's private room with its node and where to act.
  const Json listed = admin_json(nodes.port(1), "GET", "rooms");
  CHECK(listed.at("node") == "n1");
  REQUIRE(listed.at("rooms").size() == 1);
  CHECK(listed.at("rooms")[0].at("id") == here);
  CHECK(listed.at("rooms")[0].at("node") == "n1");
  REQUIRE(listed.at("elsewhere").size() == 1);
  const Json& other = listed.at("elsewhere")[0];
  CHECK(other.at("id") == there);
  CHECK(other.at("node") == "n2");
  CHECK(other.at("url") == nodes.url(2));
  CHECK(other.at("admin_url") == admin_2 + "rooms/" + std::to_string(there));
  CHECK(other.at("private") == true);
  CHECK(other.at("match").is_null());

  // A removal or a close of node 2's room, asked of node 1, is answered with the call to make.
  const std::string player = std::to_string(carl.player());
  const HttpReply removal =
      admin_call(nodes.port(1), "POST", "rooms/" + std::to_string(there) + "/remove",
                 R"({"player": )" + player + R"(, "seat": "open"})");
  CHECK(removal.status == 421);
  const Json sent = Json::parse(removal.body);
  CHECK(sent.at("code") == "elsewhere");
  CHECK(sent.at("node") == "n2");
  CHECK(sent.at("url") == nodes.url(2));
  CHECK(sent.at("admin_url") == admin_2 + "rooms/" + std::to_string(there) + "/remove");
  const HttpReply close =
      admin_call(nodes.port(1), "POST", "rooms/" + std::to_string(there) + "/close");
  CHECK(close.status == 421);
  CHECK(Json::parse(close.body).at("admin_url") ==
        admin_2 + "rooms/" + std::to_string(there) + "/close");
  // Made there, the call does it.
  CHECK(admin_json(nodes.port(2), "POST", "rooms/" + std::to_string(there) + "/close").at("room") ==
        there);
  CHECK(bill.wait_for_type("room_closed").at("room") == there);
  CHECK(admin_call(nodes.port(1), "POST", "rooms/987654/close").status == 404);

  // A notice reaches this node's connections, and names the other nodes to send it to.
  const Json notice = admin_json(nodes.port(1), "POST", "notice", R"({"text": "Closing at ten."})");
  CHECK(notice.at("node") == "n1");
  CHECK(notice.at("connections") == 1);
  REQUIRE(notice.at("others").size() == 1);
  CHECK(notice.at("others")[0].at("node") == "n2");
  CHECK(notice.at("others")[0].at("admin_url") == admin_2 + "notice");
  CHECK(anne.wait_for_type("notice").at("text") == "Closing at ten.");
}

TEST_CASE("a cluster needs PostgreSQL") {
  TempDir dir;
  CHECK(run_tortuga({"serve", "--db", (dir / "t.db").string(), "--node-id", "n1"},
                    dir / "out.log") == 2);
}

}  // namespace
}  // namespace tortuga::integration
