// The cluster's shared state on PostgreSQL: leases, rooms owned at an epoch, takeovers, and the
// fencing that keeps a node whose rooms were taken from ever appending again.
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <latch>
#include <map>
#include <set>
#include <thread>

#include "persistence/postgres/connection.hpp"
#include "persistence/postgres/pg_cluster.hpp"
#include "persistence/postgres/pg_store.hpp"
#include "persistence/store/log_refusal.hpp"
#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::action;
using tortuga::store::test::await;
using tortuga::store::test::DatabaseServerStopped;
using tortuga::store::test::OnPostgres;
using tortuga::store::test::refused;
using tortuga::store::test::sample_match;

namespace {

// A node of the cluster on `db`, with a short lease so that the tests can let it run out.
std::unique_ptr<PgCluster> node(const OnPostgres& db, const std::string& id, int lease_ms = 1000) {
  auto n = std::make_unique<PgCluster>(db.url, NodeSettings{id, "ws://" + id + "/ws", lease_ms});
  n->renew();
  return n;
}

// A running match in a new room of `owner`, stored at the room's first epoch.
std::pair<std::int64_t, std::int64_t> room_with_match(PgStore& store, PgCluster& owner) {
  const std::int64_t room = *owner.new_room("", false);
  Match m = sample_match();
  m.room = room;
  m.epoch = 1;
  return {room, store.create_match(m).value()};
}

Action at_epoch(Action a, std::int64_t epoch) {
  a.epoch = epoch;
  return a;
}

// The listings of every room, as published, in the order of their ids.
std::string listings_stored(const OnPostgres& db) {
  return tortuga::test::PostgresCluster::shared().run_sql(db.url,
                                                          "SELECT listing FROM rooms ORDER BY id");
}

void let_lease_run_out() {
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
}

}  // namespace

TEST_CASE("a node whose lease ran out loses its matches, and can never append to them again") {
  OnPostgres db;
  auto store = db.open();
  auto a = node(db, "a");
  auto b = node(db, "b", 60000);
  const auto [room, match] = room_with_match(*store, *a);
  CHECK(await([&](Done d) { store->append_action(at_epoch(action(match, 1), 1), d); }).ok);
  a->renew();
  CHECK(b->claim(false).empty());  // a's lease is alive

  let_lease_run_out();
  const auto claimed = b->claim(false);
  REQUIRE(claimed.size() == 1);
  CHECK(claimed[0].room == room);
  CHECK(claimed[0].match == match);
  CHECK(claimed[0].epoch == 2);
  CHECK(claimed[0].from == "a");
  CHECK(b->claim(false).empty());  // taken once

  // a comes back (it was paused): its lease is renewed, but the room is b's now.
  a->renew();
  CHECK(a->lost({room}) == std::vector<std::int64_t>{room});
  CHECK(b->lost({room}).empty());
  const auto fenced =
      await([&](Done d) { store->append_action(at_epoch(action(match, 2), 1), d); });
  CHECK_FALSE(fenced.ok);
  CHECK(fenced.error.find(kTakenOver) != std::string::npos);
  CHECK(fenced.kind == Failure::Kind::refused);
  CHECK(await([&](Done d) { store->append_action(at_epoch(action(match, 2), 2), d); }).ok);
  CHECK(store->actions(match).value().size() == 2);
  // Nor can a start a new match in the room.
  Match next = sample_match();
  next.room = room;
  next.epoch = 1;
  CHECK(refused(store->create_match(next)));
  // a's closing of the room leaves b's row alone.
  a->forget_room(room);
  CHECK(b->match_place(match)->node == "b");
}

TEST_CASE("nodes claiming at once take each room once") {
  OnPostgres db;
  auto store = db.open();
  auto dead = node(db, "dead");
  std::set<std::int64_t> rooms;
  for (int i = 0; i < 20; ++i) rooms.insert(room_with_match(*store, *dead).first);
  let_lease_run_out();
  std::vector<std::unique_ptr<PgCluster>> live;
  for (int i = 0; i < 3; ++i) live.push_back(node(db, "live-" + std::to_string(i), 60000));
  std::vector<std::future<std::vector<ClaimedRoom>>> claims;
  for (auto& n : live)
    claims.push_back(std::async(std::launch::async, [&n] { return n->claim(false); }));
  std::multiset<std::int64_t> taken;
  for (auto& c : claims)
    for (const ClaimedRoom& r : c.get()) taken.insert(r.room);
  CHECK(taken == std::multiset<std::int64_t>(rooms.begin(), rooms.end()));
}

// The claims race only where one node commits its takeover between another's read of the rooms
// and its lock on them: a window of a statement. Round after round, the rooms of a dead node
// (running matches, made in one statement) are claimed by three nodes, each setting off a little
// after the one before, by a lag that sweeps, round after round, from nothing to as long as a
// claim takes on this machine: in some rounds a node reads the rooms just before another commits.
TEST_CASE("nodes claiming at once, round after round, take each room once") {
  OnPostgres db;
  auto store = db.open();
  std::vector<std::unique_ptr<PgCluster>> live;
  for (int i = 0; i < 3; ++i) live.push_back(node(db, "live-" + std::to_string(i), 60000));
  node(db, "dead")->release();
  postgres::Connection sql(db.url);
  constexpr int kRounds = 300;
  constexpr int kRooms = 6;
  constexpr int kSteps = 16;
  int rounds_taken_twice = 0;
  std::string first_failure;
  std::chrono::steady_clock::duration claim_takes{};
  for (int round = 0; round < kRounds; ++round) {
    const postgres::Result made = sql.query(
        "WITH m AS (INSERT INTO matches (game, options, seed, script, status, result, created_ms, "
        "epoch) SELECT 'scalawag', '{}', 1, '[]', 'running', 'null', 0, 1 FROM "
        "generate_series(1, $1::integer) RETURNING id) "
        "INSERT INTO rooms (node, epoch, match_id) SELECT 'dead', 1, id FROM m RETURNING id",
        kRooms);
    std::multiset<std::int64_t> rooms;
    for (int i = 0; i < made.rows(); ++i) rooms.insert(made.int64(i, 0));
    const auto lag = claim_takes * (round % kSteps) / kSteps;
    std::latch set_off(static_cast<std::ptrdiff_t>(live.size()));
    std::vector<std::future<std::vector<ClaimedRoom>>> claims;
    for (std::size_t i = 0; i < live.size(); ++i)
      claims.push_back(std::async(std::launch::async, [&, i] {
        set_off.arrive_and_wait();
        std::this_thread::sleep_for(lag * static_cast<int>(i));
        const auto began = std::chrono::steady_clock::now();
        auto claimed = live[i]->claim(false);
        if (i == 0) claim_takes = std::chrono::steady_clock::now() - began;
        return claimed;
      }));
    std::multiset<std::int64_t> taken;
    bool one_epoch = true;
    for (auto& c : claims)
      for (const ClaimedRoom& r : c.get()) {
        taken.insert(r.room);
        one_epoch = one_epoch && r.epoch == 2;
      }
    if ((taken != rooms || !one_epoch) && rounds_taken_twice++ == 0)
      first_failure = "round " + std::to_string(round) + ": " + std::to_string(taken.size()) +
                      " claims of " + std::to_string(rooms.size()) + " rooms";
  }
  INFO(first_failure);
  CHECK(rounds_taken_twice == 0);
}

// A node's store names a new match in its room's row (UPDATE rooms SET match_id), in the
// transaction of a batch of writes that may hold other rooms' rows until it commits; its
// heartbeat, meanwhile, publishes the rooms' listings. Whatever order each takes the rows in,
// neither may wait for the other while holding a row the other waits for.
TEST_CASE("publishing listings never deadlocks with new matches stored in the rooms") {
  OnPostgres db;
  auto store = db.open();
  auto a = node(db, "a", 60000);
  const std::int64_t first = *a->new_room("", false), second = *a->new_room("", false);
  const std::int64_t one = store->create_match(sample_match()).value(),
                     two = store->create_match(sample_match()).value();
  postgres::Connection batch(db.url), look(db.url);
  batch.exec("BEGIN");
  batch.query("UPDATE rooms SET match_id = $1 WHERE id = $2", two, second);
  auto published = std::async(std::launch::async, [&] {
    a->publish({{first, R"({"id":1})"}, {second, R"({"id":2})"}});
  });
  // The heartbeat waits for the batch's row.
  for (int i = 0; i < 1000 && look.query("SELECT 1 FROM pg_stat_activity WHERE datname = "
                                         "current_database() AND wait_event_type = 'Lock'")
                                      .rows() == 0;
       ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::string failed;
  try {
    batch.query("UPDATE rooms SET match_id = $1 WHERE id = $2", one, first);
    batch.exec("COMMIT");
  } catch (const postgres::PgError& e) {
    failed = e.what();
  }
  CHECK(failed == "");
  try {
    published.get();
  } catch (const std::exception& e) {
    failed = e.what();
  }
  CHECK(failed == "");
  CHECK(listings_stored(db) == "{\"id\":1}\n{\"id\":2}");
}

TEST_CASE("a released lease lets another node claim at once; open rooms of dead nodes go") {
  OnPostgres db;
  auto store = db.open();
  auto a = node(db, "a", 60000);
  auto b = node(db, "b", 60000);
  const auto [room, match] = room_with_match(*store, *a);
  const std::int64_t open = *a->new_room("", false);
  a->release();
  const auto claimed = b->claim(false);
  REQUIRE(claimed.size() == 1);
  CHECK(claimed[0].room == room);
  CHECK_FALSE(b->room_place(open));
}

TEST_CASE("at its start a node takes back its own rooms and adopts matches stored alone") {
  OnPostgres db;
  auto store = db.open();
  const std::int64_t alone = store->create_match(sample_match()).value();
  std::int64_t room = 0, match = 0;
  {
    auto a = node(db, "a", 60000);
    std::tie(room, match) = room_with_match(*store, *a);
  }
  auto again = node(db, "a", 60000);
  const auto claimed = again->claim(true);
  REQUIRE(claimed.size() == 2);
  CHECK(claimed[0].room == room);
  CHECK(claimed[0].epoch == 2);
  CHECK(claimed[1].match == alone);
  CHECK(claimed[1].epoch == 1);
  CHECK(store->match(alone).value()->epoch == 1);
  CHECK(await([&](Done d) { store->append_action(at_epoch(action(alone, 1), 1), d); }).ok);
}

TEST_CASE("any node finds where a room, a code, a match or a player's seats live") {
  OnPostgres db;
  auto store = db.open();
  auto a = node(db, "a", 60000);
  auto b = node(db, "b", 60000);
  const Player anne = store->create_player("Anne", hash_token("anne")).value();
  const std::int64_t room = *a->new_room("", false);
  Match m = sample_match();
  m.room = room;
  m.epoch = 1;
  m.seats[0].player_id = anne.id;
  const std::int64_t match = store->create_match(m).value();
  const std::int64_t secret = *a->new_room("CODE42", true);
  CHECK_FALSE(a->new_room("CODE42", true));  // codes are unique in the cluster

  const auto place = b->room_place(room);
  REQUIRE(place);
  CHECK(place->node == "a");
  CHECK(place->url == "ws://a/ws");
  CHECK(place->match == match);
  CHECK(b->match_place(match)->room == room);
  CHECK_FALSE(b->room_place(secret));  // a private room is found by its code only
  CHECK(b->code_place("CODE42")->room == secret);
  const auto seats = b->seats(anne.id);
  REQUIRE(seats.size() == 1);
  CHECK(seats[0].room == room);
  CHECK(seats[0].node == "a");
  CHECK(a->seats(anne.id).size() == 1);

  a->publish({{room, R"({"id":1})"}, {secret, R"({"id":2})"}});
  CHECK(b->listings_elsewhere() == std::vector<std::string>{R"({"id":1})"});
  CHECK(a->listings_elsewhere().empty());
  a->release();
  CHECK(b->listings_elsewhere().empty());   // a dead node's rooms are not listed
  CHECK(b->room_place(room)->url.empty());  // and its rooms wait for a new owner
}

TEST_CASE("while its lease runs, a node that is late or dead is named to no client") {
  OnPostgres db;
  auto store = db.open();
  auto& postgres = tortuga::test::PostgresCluster::shared();
  auto a = node(db, "a", 60000);
  auto b = node(db, "b", 60000);
  const auto [room, match] = room_with_match(*store, *a);
  CHECK(b->room_place(room)->url == "ws://a/ws");

  // Paused: its heartbeat is two beats late (as if 40 s had passed).
  postgres.run_sql(db.url,
                   "UPDATE nodes SET fresh_until = clock_timestamp() - interval '1 millisecond' "
                   "WHERE id = 'a'");
  CHECK(b->room_place(room)->url.empty());
  CHECK(b->match_place(match)->url.empty());
  CHECK(b->claim(false).empty());  // its lease runs still
  a->renew();
  CHECK(b->room_place(room)->url == "ws://a/ws");

  // Dead: its connections closed as its process ended (the database ends their server processes
  // a moment later).
  const std::string backend = postgres.run_sql(db.url, "SELECT backend FROM nodes WHERE id = 'a'");
  a.reset();
  for (int i = 0; i < 1000 && postgres.run_sql(db.url,
                                               "SELECT count(*) FROM pg_stat_activity "
                                               "WHERE pid = " +
                                                   backend) != "0";
       ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(b->room_place(room)->url.empty());
  CHECK(b->claim(false).empty());  // its lease runs still
}

TEST_CASE("an open room a node leaves as it stops is claimed with its state, and found by seat") {
  OnPostgres db;
  auto store = db.open();
  auto a = node(db, "a", 60000);
  auto b = node(db, "b", 60000);
  auto c = node(db, "c", 60000);
  const std::int64_t open = *a->new_room("", false);
  const std::int64_t dropped = *a->new_room("", false);  // no state kept: it goes
  const std::string state = R"({"id":1,"seats":[{"player":{"id":7,"name":"Anne"},"bot":null}]})";
  a->keep_open({{open, state}});
  CHECK(b->seats(7).size() == 1);
  a->release();
  CHECK(b->seats(7).at(0).url.empty());  // waiting for a node to take it

  const auto claimed = b->claim(false);
  REQUIRE(claimed.size() == 1);
  CHECK(claimed[0].room == open);
  CHECK(claimed[0].match == 0);
  CHECK(claimed[0].open_state == state);
  CHECK(claimed[0].epoch == 2);
  CHECK_FALSE(b->owner(dropped));
  // Another node sends Anne to the room's new owner.
  const auto seats = c->seats(7);
  REQUIRE(seats.size() == 1);
  CHECK(seats[0].room == open);
  CHECK(seats[0].node == "b");
  CHECK(seats[0].url == "ws://b/ws");
}

TEST_CASE("a connection a database restart left broken is opened again before its next use") {
  OnPostgres db;
  auto store = db.open();  // the schema
  auto n1 = node(db, "n1", 60000);
  REQUIRE(n1->new_room("", false));
  DatabaseServerStopped stopped;
  // While it is away a lookup is a failure, not "no such room".
  CHECK_THROWS_AS(n1->room_place(1), Unavailable);
  stopped.start();
  // The connection for rooms closed with the server, unused since; before, its first use after
  // the restart failed.
  CHECK(n1->new_room("", false));
  CHECK(n1->owner(1));
  CHECK(n1->room_place(1));
}
