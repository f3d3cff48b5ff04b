// One SQLite connection and the statements prepared on it, opened the way the store needs it: the
// writer's with WAL, its synchronous mode and foreign keys; a reader's read-only. Everything else
// in the SQLite backend talks to the database through these, so that what SQLite calls return is
// checked in one place and turned into an SqlError.
//
// Query and Connection::query are in this header so that the writer's few statements per action,
// each bound and stepped from another file, stay as cheap as calls within one file.
#pragma once

#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace tortuga::store::sqlite {

// A failed SQLite call. Inside the store only: after construction it becomes the Failure of a
// write or a read (persistence/outcome.hpp), never an exception that leaves the store.
struct SqlError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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
  Query& bind(int i, const std::optional<int>& v) {
    return v ? bind(i, std::int64_t{*v}) : check(sqlite3_bind_null(stmt_, i));
  }
  Query& bind(int i, double v) { return check(sqlite3_bind_double(stmt_, i, v)); }
  Query& bind(int i, const std::optional<double>& v) {
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
  double real(int col) { return sqlite3_column_double(stmt_, col); }
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
  Connection(const std::string& path, int flags, int busy_timeout_ms);
  ~Connection();
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
  void exec(const char* sql);

  // For ReadPool: a read transaction (one snapshot); a file connection never breaks.
  void begin_read() { run("BEGIN"); }
  void commit() { run("COMMIT"); }
  bool broken() const { return false; }
  bool alive() const { return true; }  // a file, not a server that may have gone

  // For the writer (store/commit_batch.hpp): a batch's transaction, which takes the file's write
  // lock at once rather than at its first write. A failed statement undoes itself and leaves the
  // transaction usable, never failed.
  void begin_write() { run("BEGIN IMMEDIATE"); }
  bool failed_transaction() const { return false; }

  void rollback_if_open() noexcept {
    if (in_transaction()) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }

 private:
  sqlite3_stmt* prepare(const char* sql, std::size_t size);

  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
  std::unordered_map<const char*, sqlite3_stmt*> literals_;
};

// The writer's connection: creates the file if missing, refuses a read-only one, switches to WAL
// (the first statement that reads the file, hence where "file is not a database" shows up) and
// sets the synchronous mode and foreign keys. Throws SqlError.
std::unique_ptr<Connection> open_writer_connection(const std::string& path, bool synchronous_full,
                                                   int busy_timeout_ms);
// A reader's connection: the file must exist, and query_only keeps every statement on it from
// writing. Throws SqlError.
std::unique_ptr<Connection> open_reader_connection(const std::string& path, int busy_timeout_ms);

}  // namespace tortuga::store::sqlite
