#include "persistence/sqlite/schema.hpp"

#include <iterator>
#include <string>

#include "persistence/sqlite/sqlite_store.hpp"

namespace tortuga::store::sqlite {
namespace {

// Schema migrations: kMigrations[v] takes a database from user_version v to v + 1. Append only:
// a database written by an older build is brought up to date on open.
constexpr const char* kMigrations[] = {
    R"sql(
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_ms INTEGER NOT NULL
);
CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  seed INTEGER NOT NULL,  -- the uint64 seed's bits as a signed 64-bit integer
  script TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'aborted')),
  result TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  ended_ms INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE seats (
  match_id INTEGER NOT NULL REFERENCES matches (id),
  seat INTEGER NOT NULL,
  player_id INTEGER REFERENCES players (id),
  name TEXT NOT NULL,
  bot TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE TABLE actions (
  match_id INTEGER NOT NULL REFERENCES matches (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  seat INTEGER NOT NULL,
  action TEXT NOT NULL,
  time_ms INTEGER NOT NULL,
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE INDEX matches_by_game ON matches (game, id);
CREATE INDEX matches_by_status ON matches (status, id);
CREATE INDEX seats_by_player ON seats (player_id, match_id);
)sql",
    // Actions kept in the order they were stored, found by an index: a busy server's batch
    // appends to as many matches' logs as it holds actions, and with the log ordered by match
    // each append changed a page of its own, which the commit then wrote whole and synced. In
    // arrival order the batch's rows share the table's last pages, and only the much smaller
    // index entries stay spread out.
    R"sql(
CREATE TABLE actions_by_arrival (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  seat INTEGER NOT NULL,
  action TEXT NOT NULL,
  time_ms INTEGER NOT NULL
);
INSERT INTO actions_by_arrival (match_id, seq, seat, action, time_ms)
  SELECT match_id, seq, seat, action, time_ms FROM actions ORDER BY match_id, seq;
DROP TABLE actions;
ALTER TABLE actions_by_arrival RENAME TO actions;
CREATE UNIQUE INDEX actions_by_match ON actions (match_id, seq);
)sql",
    // Each match's log chained through its actions, with its end in `logs`, instead of an index:
    // the index's entries for the matches in play lay spread over as many pages as a batch held
    // actions, each written whole to the WAL, synced and checkpointed, about one page per action.
    // A batch now changes the table's last pages and the few pages holding the logs of the
    // matches in play (their ids are recent, so their rows sit together). The triggers keep every
    // log gapless from seq 1 and closed once its match has ended, whoever inserts.
    R"sql(
ALTER TABLE actions ADD COLUMN prev INTEGER;
UPDATE actions SET prev = (SELECT p.id FROM actions p
                           WHERE p.match_id = actions.match_id AND p.seq = actions.seq - 1);
CREATE TABLE logs (
  match_id INTEGER PRIMARY KEY REFERENCES matches (id),
  last_action INTEGER NOT NULL,
  actions INTEGER NOT NULL
);
INSERT INTO logs (match_id, last_action, actions)
  SELECT match_id, id, seq FROM actions a
  WHERE seq = (SELECT MAX(b.seq) FROM actions b WHERE b.match_id = a.match_id);
DROP INDEX actions_by_match;
CREATE TRIGGER actions_in_order BEFORE INSERT ON actions
WHEN NEW.seq IS NOT COALESCE((SELECT actions FROM logs WHERE match_id = NEW.match_id), 0) + 1
  OR NEW.prev IS NOT (SELECT last_action FROM logs WHERE match_id = NEW.match_id)
  OR (SELECT status FROM matches WHERE id = NEW.match_id) IS NOT 'running'
BEGIN
  SELECT RAISE(ABORT, 'an action out of its log''s order');
END;
CREATE TRIGGER actions_extend_log AFTER INSERT ON actions
BEGIN
  INSERT INTO logs (match_id, last_action, actions) VALUES (NEW.match_id, NEW.id, NEW.seq)
    ON CONFLICT (match_id) DO UPDATE SET last_action = excluded.last_action,
                                         actions = excluded.actions;
END;
)sql",
    // What operators did through the admin API, for review: who, when, what.
    R"sql(
CREATE TABLE admin_actions (
  id INTEGER PRIMARY KEY,
  time_ms INTEGER NOT NULL,
  who TEXT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL
);
)sql",
    // What was said in a room while its match ran, for the match's history. Read by match only,
    // hence the index; a line is never changed once written.
    R"sql(
CREATE TABLE chat (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches (id),
  step INTEGER NOT NULL CHECK (step >= 0),
  seat INTEGER,
  player_id INTEGER REFERENCES players (id),
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  time_ms INTEGER NOT NULL
);
CREATE INDEX chat_by_match ON chat (match_id, id);
)sql",
    // A private room's code with its match: a match resumed after a restart stays private.
    R"sql(
ALTER TABLE matches ADD COLUMN private_code TEXT NOT NULL DEFAULT '';
)sql",
    // Whether a private match's history becomes everyone's once it is over, as its room said.
    R"sql(
ALTER TABLE matches ADD COLUMN public_when_over INTEGER NOT NULL DEFAULT 0;
)sql",
};
static_assert(std::size(kMigrations) == SqliteStore::kSchemaVersion);

}  // namespace

void migrate(Connection& db) {
  constexpr int kSchemaVersion = SqliteStore::kSchemaVersion;
  db.exec("BEGIN IMMEDIATE");
  int version = 0;
  {
    auto q = db.query("PRAGMA user_version");
    if (q.step()) version = static_cast<int>(q.int64(0));
  }
  if (version > kSchemaVersion) {
    db.rollback_if_open();
    throw SqlError("schema version " + std::to_string(version) + " is newer than this build's " +
                   std::to_string(kSchemaVersion));
  }
  try {
    for (int v = version; v < kSchemaVersion; ++v) db.exec(kMigrations[v]);
    db.exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
    db.exec("COMMIT");
  } catch (...) {
    db.rollback_if_open();
    throw;
  }
}

}  // namespace tortuga::store::sqlite
