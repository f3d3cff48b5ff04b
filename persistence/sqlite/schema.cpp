// The SQLite backend's tables and how a database file gets to them: each schema version's
// migration, applied on open to a file written by an older build (or to a new, empty one), so that
// every file the store opens holds the tables the queries expect. The version is the file's
// PRAGMA user_version.
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>

#include "persistence/sqlite/sqlite_store.hpp"
#include "persistence/sqlite/statements.hpp"
#include "persistence/store/migrate.hpp"
#include "persistence/store/tables.hpp"

namespace tortuga::store::sqlite {
namespace {

// How SQLite says the words the tables leave to the dialect (store/tables.hpp).
constexpr Dialect kSqlite{"CREATE TABLE", "CREATE INDEX", "INTEGER PRIMARY KEY",
                          "INTEGER",      "TEXT",         " WITHOUT ROWID",
                          "REAL"};

// Schema migrations: kMigrations[v] takes a database from user_version v to v + 1. Append only:
// a database written by an older build is brought up to date on open.
const std::string kMigrations[] = {
    in_dialect({tables::kPlayers, tables::kMatches, tables::kSeats, tables::kActions,
                tables::kHistoryIndexes},
               kSqlite),
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
    // What operators did through the admin API.
    in_dialect({tables::kAdminActions}, kSqlite),
    // What was said in a room while its match ran.
    in_dialect({tables::kChat}, kSqlite),
    // A private room's code with its match: a match resumed after a restart stays private.
    R"sql(
ALTER TABLE matches ADD COLUMN private_code TEXT NOT NULL DEFAULT '';
)sql",
    // Whether a private match's history becomes everyone's once it is over, as its room said.
    R"sql(
ALTER TABLE matches ADD COLUMN public_when_over INTEGER NOT NULL DEFAULT 0;
)sql",
    // Ratings: rated matches, who left a seat, the ratings and their history.
    in_dialect({tables::kRatings}, kSqlite),
    // Accounts, and every token a session of its own.
    in_dialect({tables::kAccounts, tables::kFirstSessions}, kSqlite),
    // Correspondence play: paces, seats' clocks and their deadlines, vacations.
    in_dialect({tables::kCorrespondence}, kSqlite),
    // Calling players back: settings, links' tokens, the outbox, digests.
    in_dialect({tables::kNotifications}, kSqlite),
    // "My matches": the seats each match awaits and the rules' deadline for them, kept with every
    // action, so that a player's running matches are read without their rooms.
    R"sql(
ALTER TABLE matches ADD COLUMN awaiting TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN awaiting_due_ms INTEGER NOT NULL DEFAULT 0;
)sql",
};
static_assert(std::size(kMigrations) == SqliteStore::kSchemaVersion);

}  // namespace

void migrate(Connection& db) {
  migrate_schema(db, kMigrations);
}

void begin_migration(Connection& db) {
  db.exec("BEGIN IMMEDIATE");
}

int select_schema_version(Connection& db) {
  // The version lives in the file's header: reading it reaches the file.
  auto q = db.query("PRAGMA user_version");
  return q.step() ? static_cast<int>(q.int64(0)) : 0;
}

void set_schema_version(Connection& db, int version) {
  db.exec(("PRAGMA user_version = " + std::to_string(version)).c_str());
}

void rewrite_schema_version(Connection& db) {
  // Setting the version writes the header page even when the number stays the same. The file's
  // version is this build's: the store opens no other.
  set_schema_version(db, SqliteStore::kSchemaVersion);
}

}  // namespace tortuga::store::sqlite
