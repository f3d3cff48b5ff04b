// The SQLite backend of the match store: one database file in WAL mode. It is the shared store
// (store/sql_store.hpp) over SQLite: one writer thread owns the only write connection and commits
// a batch of writes per transaction (BEGIN IMMEDIATE ... COMMIT); a small pool of read-only
// connections reads meanwhile, which WAL lets read the last committed state while the writer
// writes.
//
// Opening it creates the file and its parent directory if missing; the path must be a file's (not
// ":memory:" nor a "file:" URI: the store shares one database between connections). Its schema
// version is the file's PRAGMA user_version. Its parts are in this folder: the connection, the
// schema, and the statements on players, matches, logs, chat and admin actions.
#pragma once

#include "persistence/sqlite/connection.hpp"
#include "persistence/sqlite/options.hpp"
#include "persistence/store/sql_store.hpp"

namespace tortuga::store {

// Compiled once, in its .cpp (which defines how it opens).
using SqliteStore = SqlStore<sqlite::Connection, SqliteOptions, 12>;

}  // namespace tortuga::store
