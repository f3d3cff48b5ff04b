// The PostgreSQL backend's tables and how a database gets to them: each schema version's
// migration, applied at start to a database written by an older build (or to a new, empty one), so
// that every database the store opens holds the tables the queries expect.
#pragma once

#include "persistence/postgres/connection.hpp"

namespace tortuga::store::postgres {

// Brings the database up to PgStore::kSchemaVersion (the one row of `schema_version`) in one
// transaction: every migration it lacks, or none of them. Stores starting at the same time on one
// database take turns (an advisory lock), so each migration runs once. Throws PgError, leaving the
// database as it was, if a migration fails or the database's schema is newer than this build's.
void migrate(Connection& db);

}  // namespace tortuga::store::postgres
