// The store a `db` setting names: a postgresql:// or postgres:// URL is a PostgreSQL database
// (PgStore), anything else the path of a SQLite file (SqliteStore). The server opens its store
// here, so that choosing a backend is a matter of the setting alone, and names no backend itself.
#pragma once

#include <memory>
#include <string>

#include "persistence/postgres/options.hpp"
#include "persistence/sqlite/options.hpp"
#include "persistence/store.hpp"

namespace tortuga::store {

// Each backend's options, for a server that learns which backend it has from its `db` setting.
struct StoreOptions {
  SqliteOptions sqlite;
  PgOptions postgres;
};

bool names_postgresql(const std::string& db);

// Opens the store `db` names, with that backend's options. Throws std::runtime_error as the
// backend's constructor does.
std::unique_ptr<Store> open_store(const std::string& db, const StoreOptions& options);

// `db` as it may be shown in a log line: a URL without its password.
std::string shown_db(const std::string& db);

}  // namespace tortuga::store
