// The store a `db` setting names: a postgresql:// or postgres:// URL is a PostgreSQL database
// (PgStore), anything else the path of a SQLite file (SqliteStore). The server opens its store
// here, so that choosing a backend is a matter of the setting alone.
#pragma once

#include <memory>
#include <string>

#include "persistence/sqlite/sqlite_store.hpp"
#include "persistence/store.hpp"

namespace tortuga::store {

bool names_postgresql(const std::string& db);

// Opens the store `db` names. A PostgreSQL store takes the writer's settings (WriterOptions) from
// `options`; the others are SQLite's. Throws std::runtime_error as the backend's constructor does.
std::unique_ptr<Store> open_store(const std::string& db, const SqliteOptions& options);

// `db` as it may be shown in a log line: a URL without its password.
std::string shown_db(const std::string& db);

}  // namespace tortuga::store
