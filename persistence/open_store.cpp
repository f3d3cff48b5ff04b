#include "persistence/open_store.hpp"

#include "persistence/postgres/connection.hpp"
#include "persistence/postgres/pg_store.hpp"
#include "persistence/sqlite/sqlite_store.hpp"

namespace tortuga::store {

bool names_postgresql(const std::string& db) {
  return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0;
}

std::unique_ptr<Store> open_store(const std::string& db, const StoreOptions& options) {
  if (names_postgresql(db)) return std::make_unique<PgStore>(db, options.postgres);
  return std::make_unique<SqliteStore>(db, options.sqlite);
}

std::string shown_db(const std::string& db) {
  return names_postgresql(db) ? postgres::without_password(db) : db;
}

}  // namespace tortuga::store
