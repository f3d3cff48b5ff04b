#include "persistence/sqlite/connection.hpp"

namespace tortuga::store::sqlite {

Connection::Connection(const std::string& path, int flags, int busy_timeout_ms) {
  int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    throw SqlError(message);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, busy_timeout_ms);
}

Connection::~Connection() {
  for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
  for (auto& [sql, stmt] : literals_) sqlite3_finalize(stmt);
  sqlite3_close(db_);
}

void Connection::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    throw SqlError(message);
  }
}

sqlite3_stmt* Connection::prepare(const char* sql, std::size_t size) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v3(db_, sql, static_cast<int>(size), SQLITE_PREPARE_PERSISTENT, &stmt,
                              nullptr);
  if (rc != SQLITE_OK) throw SqlError(sqlite3_errmsg(db_));
  return stmt;
}

std::unique_ptr<Connection> open_writer_connection(const std::string& path, bool synchronous_full,
                                                   int busy_timeout_ms) {
  auto db = std::make_unique<Connection>(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                                         busy_timeout_ms);
  if (sqlite3_db_readonly(db->db(), "main") == 1) throw SqlError("the file is read-only");
  // The first statement reads the file: this is where "file is not a database" shows up.
  std::string mode;
  {
    auto q = db->query("PRAGMA journal_mode = WAL");
    if (q.step()) mode = q.text(0);
  }
  if (mode != "wal") throw SqlError("cannot switch to WAL mode (journal_mode is " + mode + ")");
  db->exec(synchronous_full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
  db->exec("PRAGMA foreign_keys = ON");
  return db;
}

std::unique_ptr<Connection> open_reader_connection(const std::string& path, int busy_timeout_ms) {
  auto c = std::make_unique<Connection>(path, SQLITE_OPEN_READWRITE, busy_timeout_ms);
  c->exec("PRAGMA query_only = ON");
  return c;
}

}  // namespace tortuga::store::sqlite
