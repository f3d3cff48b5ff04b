#include "persistence/sqlite_store.hpp"

#include <pthread.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <filesystem>
#include <future>
#include <iterator>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <utility>

namespace tortuga::store {
namespace {

// A failed SQLite call. Inside the store only: after construction it becomes a Done(false, ...),
// an id of 0 or an empty read, never an exception that leaves the store.
struct SqlError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

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
};
static_assert(std::size(kMigrations) == SqliteStore::kSchemaVersion);

class Connection;

// One use of a cached prepared statement: binds, steps, reads columns, and resets the statement
// when it goes out of scope so that the cache can hand it out again.
class Query {
 public:
  Query(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  ~Query() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  Query& bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(stmt_, i, v)); }
  Query& bind(int i, const std::string& v) {
    return check(sqlite3_bind_text64(stmt_, i, v.data(), v.size(), SQLITE_STATIC, SQLITE_UTF8));
  }
  Query& bind(int i, const std::optional<std::int64_t>& v) {
    return v ? bind(i, *v) : check(sqlite3_bind_null(stmt_, i));
  }

  // True while there is a row to read.
  bool step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw SqlError(sqlite3_errmsg(db_));
  }
  void run() {
    while (step()) {
    }
  }

  bool null(int col) { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::int64_t int64(int col) { return sqlite3_column_int64(stmt_, col); }
  std::string text(int col) {
    auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    if (!p) return {};
    return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)));
  }

 private:
  Query& check(int rc) {
    if (rc != SQLITE_OK) throw SqlError(sqlite3_errmsg(db_));
    return *this;
  }

  sqlite3* db_;
  sqlite3_stmt* stmt_;
};

// A database connection and its prepared statements, used by one thread at a time.
class Connection {
 public:
  Connection(const std::string& path, int flags, int busy_timeout_ms) {
    int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
      std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
      sqlite3_close(db_);
      throw SqlError(message);
    }
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, busy_timeout_ms);
  }
  ~Connection() {
    for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
    for (auto& [sql, stmt] : literals_) sqlite3_finalize(stmt);
    sqlite3_close(db_);
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  sqlite3* db() const { return db_; }
  bool in_transaction() const { return !sqlite3_get_autocommit(db_); }
  std::int64_t changes() const { return sqlite3_changes64(db_); }
  std::int64_t last_id() const { return sqlite3_last_insert_rowid(db_); }

  Query query(const std::string& sql) {
    auto it = cache_.find(sql);
    if (it == cache_.end()) it = cache_.emplace(sql, prepare(sql.c_str(), sql.size())).first;
    return Query(db_, it->second);
  }
  // A string literal's statement is found by the literal's address, without building or hashing
  // its text: the writer runs a few statements per action, and that was a good part of each.
  template <std::size_t N>
  Query query(const char (&sql)[N]) {
    auto it = literals_.find(sql);
    if (it == literals_.end()) it = literals_.emplace(sql, prepare(sql, N - 1)).first;
    return Query(db_, it->second);
  }
  void run(const std::string& sql) { query(sql).run(); }
  template <std::size_t N>
  void run(const char (&sql)[N]) {
    query(sql).run();
  }

  // For statements run once (schema, pragmas); may hold several statements.
  void exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
      std::string message = error ? error : sqlite3_errmsg(db_);
      sqlite3_free(error);
      throw SqlError(message);
    }
  }

  void rollback_if_open() noexcept {
    if (in_transaction()) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }

 private:
  sqlite3_stmt* prepare(const char* sql, std::size_t size) {
    sqlite3_stmt* stmt = nullptr;
    int rc = sqlite3_prepare_v3(db_, sql, static_cast<int>(size), SQLITE_PREPARE_PERSISTENT, &stmt,
                                nullptr);
    if (rc != SQLITE_OK) throw SqlError(sqlite3_errmsg(db_));
    return stmt;
  }

  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
  std::unordered_map<const char*, sqlite3_stmt*> literals_;
};

// Done callbacks must not throw: an exception escaping one would leave its batch half answered.
void answer(const Done& done, bool ok, const std::string& error) noexcept {
  if (done) done(ok, error);
}

// Each log is gapless from seq 1, so its length is its last seq, which `logs` keeps.
const std::string kMatchColumns =
    "SELECT m.id, m.game, m.options, m.seed, m.script, m.status, m.result, m.created_ms, "
    "m.ended_ms, COALESCE((SELECT l.actions FROM logs l WHERE l.match_id = m.id), 0) "
    "FROM matches m";

Match match_from_row(Query& q) {
  Match m;
  m.id = q.int64(0);
  m.game = q.text(1);
  m.options_json = q.text(2);
  m.seed = static_cast<std::uint64_t>(q.int64(3));
  m.script_json = q.text(4);
  m.status = q.text(5);
  m.result_json = q.text(6);
  m.created_ms = q.int64(7);
  m.ended_ms = q.int64(8);
  m.action_count = q.int64(9);
  return m;
}

void read_seats(Connection& c, Match& m) {
  auto q =
      c.query("SELECT seat, player_id, name, bot FROM seats WHERE match_id = ?1 ORDER BY seat");
  q.bind(1, m.id);
  while (q.step()) {
    Seat s;
    s.seat = static_cast<int>(q.int64(0));
    if (!q.null(1)) s.player_id = q.int64(1);
    s.name = q.text(2);
    s.bot = q.text(3);
    m.seats.push_back(std::move(s));
  }
}

std::vector<Match> read_matches(Connection& c, Query& q) {
  std::vector<Match> out;
  while (q.step()) out.push_back(match_from_row(q));
  for (auto& m : out) read_seats(c, m);
  return out;
}

std::optional<Player> read_player(Query& q) {
  if (!q.step()) return std::nullopt;
  return Player{q.int64(0), q.text(1), q.text(2), q.int64(3)};
}

// Reads a match's log from its last action back along `prev`, into `out` in seq order. False if
// the chain does not hold: a link to another match's action, a seq out of step, a missing link.
bool read_log_chain(Connection& db, std::int64_t match, std::vector<Action>& out) {
  std::optional<std::int64_t> at;
  std::int64_t count = 0;
  {
    auto q = db.query("SELECT last_action, actions FROM logs WHERE match_id = ?1");
    q.bind(1, match);
    if (!q.step()) return true;  // no actions yet
    at = q.int64(0);
    count = q.int64(1);
  }
  out.resize(static_cast<std::size_t>(std::max<std::int64_t>(count, 0)));
  for (std::int64_t seq = count; seq >= 1; --seq) {
    if (!at) return false;
    auto q =
        db.query("SELECT match_id, seq, seat, action, time_ms, prev FROM actions WHERE id = ?1");
    q.bind(1, *at);
    if (!q.step() || q.int64(0) != match || q.int64(1) != seq) return false;
    out[static_cast<std::size_t>(seq - 1)] = {match, seq, static_cast<int>(q.int64(2)), q.text(3),
                                              q.int64(4)};
    at = q.null(5) ? std::nullopt : std::optional<std::int64_t>(q.int64(5));
  }
  return !at;
}

std::string describe(std::int64_t match, std::int64_t seq) {
  return "action (match " + std::to_string(match) + ", seq " + std::to_string(seq) + ")";
}

}  // namespace

struct SqliteStore::Impl {
  // A queued write: `apply` runs inside the batch's transaction (under its own savepoint when it
  // may change more than one thing), and throws to fail this write alone.
  struct Write {
    Write(std::function<void(Connection&)> apply, Done done, bool one_statement = false)
        : apply(std::move(apply)), done(std::move(done)), one_statement(one_statement) {}
    // An appended action is checked and stored by the writer itself (see append()).
    Write(Action action, Done done)
        : done(std::move(done)), one_statement(true), action(std::move(action)) {}

    std::function<void(Connection&)> apply;  // empty for an appended action
    Done done;
    // Changes the database with one statement at most: a failure leaves nothing behind (SQLite
    // undoes a failed statement), so the write needs no savepoint of its own.
    bool one_statement = false;
    Action action;  // the appended action, when `apply` is empty
  };

  std::string path;
  Options options;
  std::unique_ptr<Connection> writer_db;  // the writer thread's, once it has started

  mutable std::mutex mu;  // guards everything below it
  std::condition_variable queued_cv;
  std::condition_variable answered_cv;
  std::deque<Write> queue;
  std::uint64_t queued = 0;    // writes ever queued
  std::uint64_t answered = 0;  // writes committed (or failed) with their Done run; FIFO
  bool stopping = false;
  bool writer_idle = false;  // the writer waits for a first write: only then is it woken
  WriterStats stats;
  std::vector<std::unique_ptr<Connection>> idle_readers;

  std::thread writer;  // last: started once everything above exists

  std::unique_ptr<Connection> open_reader() {
    auto c = std::make_unique<Connection>(path, SQLITE_OPEN_READWRITE, options.busy_timeout_ms);
    c->exec("PRAGMA query_only = ON");
    return c;
  }

  // Runs `read` on a pooled read connection inside one read transaction. Never throws: a failed
  // read gives `fallback`.
  template <class R, class F>
  R read(R fallback, F&& read_fn) {
    std::unique_ptr<Connection> c;
    {
      std::lock_guard lock(mu);
      if (!idle_readers.empty()) {
        c = std::move(idle_readers.back());
        idle_readers.pop_back();
      }
    }
    R result = std::move(fallback);
    try {
      if (!c) c = open_reader();
      c->run("BEGIN");
      result = read_fn(*c);
      c->run("COMMIT");
    } catch (const std::exception&) {
      if (c) c->rollback_if_open();
    }
    if (c) {
      std::lock_guard lock(mu);
      idle_readers.push_back(std::move(c));
    }
    return result;
  }

  void enqueue(Write w) {
    bool wake = false;
    {
      std::lock_guard lock(mu);
      queue.push_back(std::move(w));
      ++queued;
      wake = writer_idle;
    }
    // A busy writer takes this write with its next batch: waking it costs a system call each.
    if (wake) queued_cv.notify_one();
  }

  void refuse_on_writer_thread(const char* what) const {
    // Waiting for the writer on the writer thread would wait forever.
    if (std::this_thread::get_id() == writer.get_id())
      throw std::logic_error(std::string("SqliteStore::") + what +
                             " called from a Done callback, on the writer thread");
  }

  // Queues a write and waits until it has committed; false if it failed.
  bool write_and_wait(const char* what, std::function<void(Connection&)> apply) {
    refuse_on_writer_thread(what);
    auto outcome = std::make_shared<std::promise<bool>>();
    auto future = outcome->get_future();
    enqueue({std::move(apply), [outcome](bool ok, const std::string&) { outcome->set_value(ok); }});
    return future.get();
  }

  void writer_loop() {
    std::vector<Write> batch;
    const auto delay = std::chrono::microseconds(options.commit_delay_us);
    std::size_t last_size = 0;  // writes in the last transaction
    for (;;) {
      {
        std::unique_lock lock(mu);
        writer_idle = true;
        queued_cv.wait(lock, [&] { return !queue.empty() || stopping; });
        writer_idle = false;
        if (queue.empty()) return;  // stopping, and every write answered
        if (delay.count() > 0 && last_size > 1) {
          // Others are committing too (the last batch held several writes): let more join.
          // Writes queued meanwhile do not wake the writer (it is not idle); stopping does.
          queued_cv.wait_for(lock, delay, [&] { return stopping; });
        }
        auto n = std::min(queue.size(), static_cast<std::size_t>(std::max(1, options.max_batch)));
        batch.assign(std::make_move_iterator(queue.begin()),
                     std::make_move_iterator(queue.begin() + static_cast<std::ptrdiff_t>(n)));
        queue.erase(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(n));
      }
      std::uint64_t failed = commit(batch);
      const std::size_t size = last_size = batch.size();
      // The writes, and whatever their Done callbacks hold, are released before flush() can
      // return: a caller tearing down after flush() must not meet them later on this thread.
      batch.clear();
      {
        std::lock_guard lock(mu);
        answered += size;
        stats.writes += size;
        stats.failed_writes += failed;
        stats.transactions += 1;
        stats.largest_batch = std::max<std::uint64_t>(stats.largest_batch, size);
      }
      answered_cv.notify_all();
    }
  }

  // Appends an action if it is the next of its match's log, and the match is still running;
  // throws otherwise. One statement (its triggers are part of it): a failure leaves nothing.
  void append(Connection& db, const Action& a) {
    try {
      db.query(
            "INSERT INTO actions (match_id, seq, seat, action, time_ms, prev) VALUES (?1, ?2, ?3, "
            "?4, ?5, (SELECT last_action FROM logs WHERE match_id = ?1))")
          .bind(1, a.match)
          .bind(2, a.seq)
          .bind(3, std::int64_t{a.seat})
          .bind(4, a.action_json)
          .bind(5, a.time_ms)
          .run();
    } catch (const SqlError& e) {
      if (!db.in_transaction()) throw;  // not a refusal: the transaction itself is lost
      throw SqlError("append_action: " + describe(a.match, a.seq) + " " + refusal(db, a));
    }
  }

  // Why the log refused an action, in words a caller can act on.
  static std::string refusal(Connection& db, const Action& a) {
    if (a.seq < 1) return "refused: seq starts at 1";
    {
      auto q = db.query("SELECT status FROM matches WHERE id = ?1");
      q.bind(1, a.match);
      if (!q.step()) return "refused: no such match";
      if (q.text(0) != "running") return "refused: the match has ended (" + q.text(0) + ")";
    }
    std::int64_t last = 0;
    {
      auto q = db.query("SELECT actions FROM logs WHERE match_id = ?1");
      q.bind(1, a.match);
      if (q.step()) last = q.int64(0);
    }
    if (a.seq <= last) return "refused: already stored";
    if (a.seq != last + 1)
      return "refused: would leave a gap, the next seq is " + std::to_string(last + 1);
    return "refused by the database";
  }

  // One transaction for the whole batch, a savepoint around each write of several statements;
  // then every Done, in order.
  // Returns how many writes failed.
  std::uint64_t commit(std::vector<Write>& batch) {
    Connection& db = *writer_db;
    std::vector<std::string> errors(batch.size());
    std::vector<char> ok(batch.size(), 0);
    auto fail_all = [&](const std::string& why) {
      for (std::size_t i = 0; i < batch.size(); ++i) {
        if (errors[i].empty()) errors[i] = why;
        ok[i] = 0;
      }
    };
    try {
      db.run("BEGIN IMMEDIATE");
      for (std::size_t i = 0; i < batch.size(); ++i) {
        const bool guarded = !batch[i].one_statement;
        if (guarded) db.run("SAVEPOINT w");
        try {
          if (batch[i].apply)
            batch[i].apply(db);
          else
            append(db, batch[i].action);
          if (guarded) db.run("RELEASE w");
          ok[i] = 1;
        } catch (const std::exception& e) {
          errors[i] = e.what();
          if (!db.in_transaction()) throw SqlError(std::string("transaction lost: ") + e.what());
          if (guarded) {
            db.run("ROLLBACK TO w");
            db.run("RELEASE w");
          }
        }
      }
      db.run("COMMIT");
    } catch (const std::exception& e) {
      db.rollback_if_open();
      fail_all(std::string("not committed: ") + e.what());
    }
    std::uint64_t failed = 0;
    for (std::size_t i = 0; i < batch.size(); ++i) {
      failed += !ok[i];
      answer(batch[i].done, ok[i], errors[i]);
    }
    return failed;
  }
};

SqliteStore::SqliteStore(const std::string& path, Options options)
    : impl_(std::make_unique<Impl>()) {
  auto fail = [&](const std::string& why) {
    return std::runtime_error("cannot open the match store at '" + path + "': " + why);
  };
  if (path.empty() || path == ":memory:" || path.rfind("file:", 0) == 0)
    throw fail("a file path is needed (the store shares one database between connections)");
  impl_->path = path;
  impl_->options = options;

  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(parent, ec);
    if (ec) throw fail("cannot create directory '" + parent.string() + "': " + ec.message());
  }

  try {
    auto db = std::make_unique<Connection>(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                                           options.busy_timeout_ms);
    if (sqlite3_db_readonly(db->db(), "main") == 1) throw SqlError("the file is read-only");
    // The first statement reads the file: this is where "file is not a database" shows up.
    std::string mode;
    {
      auto q = db->query("PRAGMA journal_mode = WAL");
      if (q.step()) mode = q.text(0);
    }
    if (mode != "wal") throw SqlError("cannot switch to WAL mode (journal_mode is " + mode + ")");
    db->exec(options.synchronous_full ? "PRAGMA synchronous = FULL"
                                      : "PRAGMA synchronous = NORMAL");
    db->exec("PRAGMA foreign_keys = ON");

    db->exec("BEGIN IMMEDIATE");
    int version = 0;
    {
      auto q = db->query("PRAGMA user_version");
      if (q.step()) version = static_cast<int>(q.int64(0));
    }
    if (version > kSchemaVersion) {
      db->rollback_if_open();
      throw SqlError("schema version " + std::to_string(version) + " is newer than this build's " +
                     std::to_string(kSchemaVersion));
    }
    try {
      for (int v = version; v < kSchemaVersion; ++v) db->exec(kMigrations[v]);
      db->exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
      db->exec("COMMIT");
    } catch (...) {
      db->rollback_if_open();
      throw;
    }
    impl_->writer_db = std::move(db);
    impl_->idle_readers.push_back(impl_->open_reader());
  } catch (const SqlError& e) {
    throw fail(e.what());
  }
  impl_->writer = std::thread([impl = impl_.get()] {
    pthread_setname_np(pthread_self(), "store-writer");  // to tell it apart in top and perf
    impl->writer_loop();
  });
}

SqliteStore::~SqliteStore() {
  {
    std::lock_guard lock(impl_->mu);
    impl_->stopping = true;
  }
  impl_->queued_cv.notify_one();
  impl_->writer.join();
}

namespace {

std::int64_t insert_player(Connection& db, const Player& p) {
  auto q = db.query("INSERT INTO players (name, token_hash, created_ms) VALUES (?1, ?2, ?3)");
  q.bind(1, p.name).bind(2, p.token_hash).bind(3, p.created_ms).run();
  return db.last_id();
}

}  // namespace

Player SqliteStore::create_player(const std::string& name, const std::string& token_hash) {
  Player p{0, name, token_hash, now_ms()};
  std::int64_t id = 0;
  bool ok =
      impl_->write_and_wait("create_player", [&](Connection& db) { id = insert_player(db, p); });
  p.id = ok ? id : 0;
  return p;
}

void SqliteStore::create_player(const std::string& name, const std::string& token_hash,
                                PlayerCreated created) {
  auto p = std::make_shared<Player>(Player{0, name, token_hash, now_ms()});
  auto id = std::make_shared<std::int64_t>(0);
  impl_->enqueue({[p, id](Connection& db) { *id = insert_player(db, *p); },
                  [p, id, created = std::move(created)](bool ok, const std::string&) {
                    p->id = ok ? *id : 0;
                    created(*p);
                  }});
}

std::optional<Player> SqliteStore::player_by_token_hash(const std::string& hash) {
  return impl_->read(std::optional<Player>{}, [&](Connection& db) {
    auto q = db.query("SELECT id, name, token_hash, created_ms FROM players WHERE token_hash = ?1");
    q.bind(1, hash);
    return read_player(q);
  });
}

std::optional<Player> SqliteStore::player(std::int64_t id) {
  return impl_->read(std::optional<Player>{}, [&](Connection& db) {
    auto q = db.query("SELECT id, name, token_hash, created_ms FROM players WHERE id = ?1");
    q.bind(1, id);
    return read_player(q);
  });
}

void SqliteStore::rename_player(std::int64_t id, const std::string& name, Done done) {
  impl_->enqueue(
      {[id, name](Connection& db) {
         db.query("UPDATE players SET name = ?1 WHERE id = ?2").bind(1, name).bind(2, id).run();
         if (db.changes() == 0) throw SqlError("no player " + std::to_string(id));
       },
       std::move(done)});
}

namespace {

// Inserts the match and its seats; returns the new id.
std::int64_t insert_match(Connection& db, const Match& m) {
  db.query(
        "INSERT INTO matches (game, options, seed, script, status, result, created_ms, "
        "ended_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
      .bind(1, m.game)
      .bind(2, m.options_json)
      .bind(3, static_cast<std::int64_t>(m.seed))
      .bind(4, m.script_json)
      .bind(5, m.status)
      .bind(6, m.result_json)
      .bind(7, m.created_ms != 0 ? m.created_ms : now_ms())
      .bind(8, m.ended_ms)
      .run();
  const std::int64_t id = db.last_id();
  for (const Seat& s : m.seats) {
    db.query("INSERT INTO seats (match_id, seat, player_id, name, bot) VALUES (?1, ?2, ?3, ?4, ?5)")
        .bind(1, id)
        .bind(2, std::int64_t{s.seat})
        .bind(3, s.player_id)
        .bind(4, s.name)
        .bind(5, s.bot)
        .run();
  }
  return id;
}

}  // namespace

std::int64_t SqliteStore::create_match(const Match& m) {
  std::int64_t id = 0;
  bool ok =
      impl_->write_and_wait("create_match", [&](Connection& db) { id = insert_match(db, m); });
  return ok ? id : 0;
}

void SqliteStore::create_match(const Match& m, Created created) {
  auto id = std::make_shared<std::int64_t>(0);
  impl_->enqueue(
      {[m, id](Connection& db) { *id = insert_match(db, m); },
       [id, created = std::move(created)](bool ok, const std::string&) { created(ok ? *id : 0); }});
}

void SqliteStore::append_action(const Action& a, Done done) {
  impl_->enqueue({a, std::move(done)});
}

void SqliteStore::finish_match(std::int64_t id, const std::string& status,
                               const std::string& result_json, std::int64_t ended_ms, Done done) {
  impl_->enqueue({[id, status, result_json, ended_ms](Connection& db) {
                    std::string what = "finish_match(" + std::to_string(id) + "): ";
                    if (status != "finished" && status != "aborted")
                      throw SqlError(what + "status must be \"finished\" or \"aborted\", not \"" +
                                     status + "\"");
                    db.query(
                          "UPDATE matches SET status = ?1, result = ?2, ended_ms = ?3 "
                          "WHERE id = ?4 AND status = 'running'")
                        .bind(1, status)
                        .bind(2, result_json)
                        .bind(3, ended_ms)
                        .bind(4, id)
                        .run();
                    if (db.changes() == 1) return;
                    auto q = db.query("SELECT status FROM matches WHERE id = ?1");
                    q.bind(1, id);
                    if (!q.step()) throw SqlError(what + "no such match");
                    throw SqlError(what + "the match is already " + q.text(0));
                  },
                  std::move(done), /*one_statement=*/true});
}

void SqliteStore::flush() {
  impl_->refuse_on_writer_thread("flush");
  std::unique_lock lock(impl_->mu);
  const std::uint64_t target = impl_->queued;
  impl_->answered_cv.wait(lock, [&] { return impl_->answered >= target; });
}

std::vector<Match> SqliteStore::list_matches(const MatchFilter& f) {
  // One SQL text per combination of filters, so that each can use its index; each is prepared
  // once per connection.
  std::string sql = kMatchColumns;
  std::vector<std::string> where;
  int n = 0;
  auto param = [&] { return "?" + std::to_string(++n); };
  if (f.game) where.push_back("m.game = " + param());
  if (f.status) where.push_back("m.status = " + param());
  if (f.player)
    where.push_back("m.id IN (SELECT s.match_id FROM seats s WHERE s.player_id = " + param() + ")");
  if (f.before_id) where.push_back("m.id < " + param());
  for (std::size_t i = 0; i < where.size(); ++i) sql += (i == 0 ? " WHERE " : " AND ") + where[i];
  sql += " ORDER BY m.id DESC LIMIT " + param();
  const std::int64_t limit = std::clamp(f.limit, 1, kMaxListLimit);

  return impl_->read(std::vector<Match>{}, [&](Connection& db) {
    auto q = db.query(sql);
    int i = 0;
    if (f.game) q.bind(++i, *f.game);
    if (f.status) q.bind(++i, *f.status);
    if (f.player) q.bind(++i, *f.player);
    if (f.before_id) q.bind(++i, *f.before_id);
    q.bind(++i, limit);
    return read_matches(db, q);
  });
}

std::optional<Match> SqliteStore::match(std::int64_t id) {
  return impl_->read(std::optional<Match>{}, [&](Connection& db) -> std::optional<Match> {
    auto q = db.query(kMatchColumns + " WHERE m.id = ?1");
    q.bind(1, id);
    auto found = read_matches(db, q);
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
  });
}

std::vector<Action> SqliteStore::actions(std::int64_t match) {
  return impl_->read(std::vector<Action>{}, [&](Connection& db) {
    std::vector<Action> out;
    if (read_log_chain(db, match, out)) return out;
    // A chain that does not hold (a file edited by hand): the whole table, read in order.
    out.clear();
    auto q = db.query(
        "SELECT seq, seat, action, time_ms FROM actions WHERE match_id = ?1 ORDER BY seq, id");
    q.bind(1, match);
    while (q.step())
      out.push_back({match, q.int64(0), static_cast<int>(q.int64(1)), q.text(2), q.int64(3)});
    return out;
  });
}

std::vector<Match> SqliteStore::unfinished_matches() {
  return impl_->read(std::vector<Match>{}, [&](Connection& db) {
    auto q = db.query(kMatchColumns + " WHERE m.status = 'running' ORDER BY m.id");
    return read_matches(db, q);
  });
}

WriterStats SqliteStore::stats() const {
  std::lock_guard lock(impl_->mu);
  return impl_->stats;
}

}  // namespace tortuga::store
