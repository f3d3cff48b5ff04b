// How a database gets to the tables the statements expect, the same for every backend: each
// schema version's migration, applied at start to a database written by an older build (or to a
// new, empty one), all in one transaction. A backend lists its migrations (its schema.cpp) and
// says how its transaction begins and where it keeps its version (statements.hpp).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace tortuga::store {

// `migrations[v]` takes a database from version v to v + 1; append only. Throws, leaving the
// database as it was, if a migration fails or the database's version is newer than this build's.
template <class Connection, std::size_t N>
void migrate_schema(Connection& db, const std::string (&migrations)[N]) {
  constexpr int kSchemaVersion = static_cast<int>(N);
  try {
    begin_migration(db);
    const int version = select_schema_version(db);
    if (version > kSchemaVersion)
      throw std::runtime_error("schema version " + std::to_string(version) +
                               " is newer than this build's " + std::to_string(kSchemaVersion));
    for (int v = version; v < kSchemaVersion; ++v) db.exec(migrations[v].c_str());
    set_schema_version(db, kSchemaVersion);
    db.exec("COMMIT");
  } catch (...) {
    db.rollback_if_open();
    throw;
  }
}

}  // namespace tortuga::store
