// The SQLite backend's tables and how a database file gets to them: each schema version's
// migration, applied on open to a file written by an older build (or to a new, empty one), so that
// every file the store opens holds the tables the queries expect.
#pragma once

#include "persistence/sqlite/connection.hpp"

namespace tortuga::store::sqlite {

// Brings the database up to SqliteStore::kSchemaVersion (PRAGMA user_version) in one transaction:
// every migration the file lacks, or none of them. Throws SqlError, leaving the file as it was, if
// a migration fails or the file's schema is newer than this build's.
void migrate(Connection& db);

}  // namespace tortuga::store::sqlite
