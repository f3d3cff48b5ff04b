// The PostgreSQL backend of the match store: the tables in one PostgreSQL database, named by a
// postgresql:// (or postgres://) URL. It is the shared store (store/sql_store.hpp) over
// PostgreSQL: one writer thread owns the only write connection and commits a batch of writes per
// transaction; a pool of connections reads meanwhile, each read in one read-only REPEATABLE READ
// transaction. A database server that restarts fails the batch it broke, and the next batch (or
// read) connects again.
//
// Its schema version is the one row of the table schema_version. Its parts are in this folder:
// the connection, the schema, and the statements on players, matches, logs, chat and admin
// actions. The cluster's shared state (pg_cluster.hpp) and the node lock (pg_node_lock.hpp) are
// here too.
#pragma once

#include "persistence/postgres/connection.hpp"
#include "persistence/postgres/options.hpp"
#include "persistence/store/sql_store.hpp"

namespace tortuga::store {

// Compiled once, in its .cpp (which defines how it opens).
using PgStore = SqlStore<postgres::Connection, PgOptions, 11>;

}  // namespace tortuga::store
