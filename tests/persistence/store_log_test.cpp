// How the store keeps a match's action log, and how it brings the logs of older files up to date.
// Schema 3: each action links to the one before it, `logs` holds each log's end, and triggers
// keep every log gapless and closed once its match ends, whoever writes to the file.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <string>
#include <vector>

#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::action;
using tortuga::store::test::await;
using tortuga::store::test::sample_match;
using tortuga::store::test::TempDir;

namespace {

// Runs SQL on the file directly, as another program (or a person with the sqlite3 shell) would;
// returns SQLite's error message, empty on success.
std::string run_sql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  std::string message;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK)
    message = error ? error : "?";
  sqlite3_free(error);
  sqlite3_close(db);
  return message;
}

// The tables of schemas 1 and 2 besides the log, as those builds wrote them.
const std::string kTablesBesideTheLog = R"sql(
CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE, created_ms INTEGER NOT NULL);
CREATE TABLE matches (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
  seed INTEGER NOT NULL, script TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'aborted')),
  result TEXT NOT NULL, created_ms INTEGER NOT NULL, ended_ms INTEGER NOT NULL DEFAULT 0);
CREATE TABLE seats (match_id INTEGER NOT NULL REFERENCES matches (id), seat INTEGER NOT NULL,
  player_id INTEGER REFERENCES players (id), name TEXT NOT NULL, bot TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (match_id, seat)) WITHOUT ROWID;
CREATE INDEX matches_by_game ON matches (game, id);
CREATE INDEX matches_by_status ON matches (status, id);
CREATE INDEX seats_by_player ON seats (player_id, match_id);
)sql";

std::vector<std::string> texts(const std::vector<Action>& log) {
  std::vector<std::string> out;
  for (const auto& a : log) out.push_back(a.action_json);
  return out;
}

}  // namespace

TEST_CASE("a database of schema 1 is brought up to date with its action logs whole") {
  // Schema 1 kept the action log ordered by (match, seq).
  TempDir dir;
  const std::string path = dir.file("store.db");
  REQUIRE(run_sql(path, kTablesBesideTheLog + R"sql(
CREATE TABLE actions (match_id INTEGER NOT NULL REFERENCES matches (id),
  seq INTEGER NOT NULL CHECK (seq >= 1), seat INTEGER NOT NULL, action TEXT NOT NULL,
  time_ms INTEGER NOT NULL, PRIMARY KEY (match_id, seq)) WITHOUT ROWID;
INSERT INTO matches VALUES (1, 'g', '{}', 7, '[]', 'running', 'null', 5, 0);
INSERT INTO matches VALUES (2, 'g', '{}', 8, '[]', 'running', 'null', 6, 0);
INSERT INTO actions VALUES (2, 1, 0, 'b1', 11), (1, 2, 1, 'a2', 12), (1, 1, 0, 'a1', 13);
PRAGMA user_version = 1;
)sql")
              .empty());

  SqliteStore store(path);
  const auto log = store.actions(1).value();
  REQUIRE(log.size() == 2);
  CHECK(log[0].action_json == "a1");
  CHECK(log[0].time_ms == 13);
  CHECK(log[1].action_json == "a2");
  CHECK(log[1].seat == 1);
  CHECK(store.match(2).value()->action_count == 1);
  auto again = await([&](Done d) { store.append_action(action(1, 2), d); });
  CHECK_FALSE(again.ok);
  CHECK(again.error.find("already stored") != std::string::npos);
  CHECK(await([&](Done d) { store.append_action(action(1, 3), d); }).ok);
  CHECK(store.actions(1).value().size() == 3);
}

TEST_CASE("a database of schema 2 is brought to schema 3 with its action logs whole") {
  // Schema 2: the log in arrival order, found through a unique index on (match, seq). Written
  // here as schema 2 wrote it: two matches whose actions arrived interleaved.
  TempDir dir;
  const std::string path = dir.file("store.db");
  REQUIRE(run_sql(path, kTablesBesideTheLog + R"sql(
CREATE TABLE actions (id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches (id), seq INTEGER NOT NULL CHECK (seq >= 1),
  seat INTEGER NOT NULL, action TEXT NOT NULL, time_ms INTEGER NOT NULL);
CREATE UNIQUE INDEX actions_by_match ON actions (match_id, seq);
INSERT INTO matches VALUES (1, 'g', '{}', 7, '[]', 'finished', '{"w":0}', 5, 9);
INSERT INTO matches VALUES (2, 'g', '{}', 8, '[]', 'running', 'null', 6, 0);
INSERT INTO matches VALUES (3, 'g', '{}', 9, '[]', 'running', 'null', 7, 0);
INSERT INTO actions (match_id, seq, seat, action, time_ms) VALUES
  (1, 1, 0, 'a1', 11), (2, 1, 0, 'b1', 12), (1, 2, 1, 'a2', 13), (2, 2, 1, 'b2', 14),
  (1, 3, 0, 'a3', 15);
PRAGMA user_version = 2;
)sql")
              .empty());

  SqliteStore store(path);
  const auto finished = store.actions(1).value();
  CHECK(texts(finished) == std::vector<std::string>{"a1", "a2", "a3"});
  CHECK(finished[1].seat == 1);
  CHECK(finished[1].time_ms == 13);
  CHECK(texts(store.actions(2).value()) == std::vector<std::string>{"b1", "b2"});
  CHECK(store.actions(3).value().empty());
  CHECK(store.match(1).value()->action_count == 3);
  CHECK(store.match(2).value()->action_count == 2);
  CHECK(store.match(3).value()->action_count == 0);

  // The running logs go on from where they were; the ended one stays closed.
  auto again = await([&](Done d) { store.append_action(action(2, 2), d); });
  CHECK_FALSE(again.ok);
  CHECK(again.error.find("already stored") != std::string::npos);
  CHECK(await([&](Done d) { store.append_action(action(2, 3), d); }).ok);
  CHECK(await([&](Done d) { store.append_action(action(3, 1), d); }).ok);
  auto late = await([&](Done d) { store.append_action(action(1, 4), d); });
  CHECK_FALSE(late.ok);
  CHECK(late.error.find("the match has ended") != std::string::npos);
  CHECK(store.actions(2).value().size() == 3);
  CHECK(store.actions(3).value().size() == 1);
  CHECK(store.actions(1).value().size() == 3);
}

STORE_TEST("an action for a match that has ended is refused, and the log stays as it was") {
  Backend db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->append_action(action(id, 1), d); }).ok);
  CHECK(await([&](Done d) { store->finish_match(id, MatchStatus::aborted, "null", 7, d); }).ok);
  auto late = await([&](Done d) { store->append_action(action(id, 2), d); });
  CHECK_FALSE(late.ok);
  CHECK(late.error.find("the match has ended (aborted)") != std::string::npos);
  CHECK(store->actions(id).value().size() == 1);
  CHECK(store->match(id).value()->action_count == 1);
}

TEST_CASE("the file itself refuses an action out of its log's order, whoever inserts it") {
  TempDir dir;
  const std::string path = dir.file("store.db");
  std::int64_t id = 0;
  {
    SqliteStore store(path);
    id = store.create_match(sample_match()).value();
    for (int seq = 1; seq <= 2; ++seq)
      CHECK(await([&](Done d) { store.append_action(action(id, seq), d); }).ok);
  }
  const std::string match = std::to_string(id);
  auto insert = [&](const std::string& seq, const std::string& prev) {
    const std::string sql =
        "INSERT INTO actions (match_id, seq, seat, action, time_ms, prev) "
        "VALUES (" +
        match + ", " + seq + ", 0, 'x', 1, " + prev + ")";
    return run_sql(path, sql);
  };
  const std::string last = "(SELECT MAX(id) FROM actions)";
  CHECK(insert("2", last).find("out of its log's order") != std::string::npos);    // a duplicate
  CHECK(insert("4", last).find("out of its log's order") != std::string::npos);    // a gap
  CHECK(insert("3", "NULL").find("out of its log's order") != std::string::npos);  // unlinked
  CHECK(insert("3", last).empty());  // the next one, linked to the last
  SqliteStore store(path);
  CHECK(store.actions(id).value().size() == 3);
  CHECK(store.match(id).value()->action_count == 3);
}

TEST_CASE("a log whose links were broken by hand is still read whole, in order") {
  TempDir dir;
  const std::string path = dir.file("store.db");
  std::int64_t id = 0, other = 0;
  {
    SqliteStore store(path);
    id = store.create_match(sample_match()).value();
    other = store.create_match(sample_match()).value();
    for (int seq = 1; seq <= 4; ++seq) {
      CHECK(await([&](Done d) { store.append_action(action(id, seq, 0), d); }).ok);
      CHECK(await([&](Done d) { store.append_action(action(other, seq, 1), d); }).ok);
    }
  }
  // The third action now points at the other match's first, and the second's link is gone.
  const std::string sql =
      "UPDATE actions SET prev = (SELECT MIN(id) FROM actions WHERE match_id = " +
      std::to_string(other) + ") WHERE match_id = " + std::to_string(id) +
      " AND seq = 3; UPDATE actions SET prev = NULL WHERE match_id = " + std::to_string(other) +
      " AND seq = 2";
  REQUIRE(run_sql(path, sql).empty());
  SqliteStore store(path);
  for (std::int64_t m : {id, other}) {
    const auto log = store.actions(m).value();
    REQUIRE(log.size() == 4);
    for (std::size_t i = 0; i < log.size(); ++i) {
      CHECK(log[i].seq == static_cast<std::int64_t>(i) + 1);
      CHECK(log[i].seat == (m == id ? 0 : 1));  // none of the other match's actions
    }
  }
}
