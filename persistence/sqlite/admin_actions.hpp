// The SQLite backend's statements on the admin_actions table, the record of what operators did
// through the admin API; the cheap query that tells whether the database answers, and the write
// that tells whether it takes writes.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "persistence/sqlite/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::sqlite {

// a.id is ignored; a time_ms of 0 means now.
void insert_admin_action(Connection& db, const AdminAction& a);
// Newest first, at most `limit`, ids below `before_id` if given.
std::vector<AdminAction> admin_actions(Connection& db, int limit,
                                       std::optional<std::int64_t> before_id);

// Reads the schema's version from the database file: true once it has, throws if it cannot.
bool answers(Connection& db);
// Writes the schema's version again as it is: a real write (the file's first page) that keeps
// nothing, for Store::probe_write. Throws if the database cannot write.
void rewrite_version(Connection& db);

}  // namespace tortuga::store::sqlite
