// The SQLite backend's writer: GroupCommit (persistence/store/group_commit.hpp) on the only write
// connection, and what a batch is in SQLite.
//
// A batch is one transaction (BEGIN IMMEDIATE ... COMMIT). A failing write (a duplicate seq, an
// unknown match) fails alone while the rest of its batch commits: a write of several statements
// runs under its own SAVEPOINT, and one of a single statement needs none (SQLite undoes a failed
// statement), so the store queues those with own_savepoint false. Each write's Done runs only
// after its batch has committed (or with the reason it failed), so nobody is told of a write that
// is not stored.
#pragma once

#include <cstdint>
#include <vector>

#include "persistence/sqlite/connection.hpp"
#include "persistence/store/group_commit.hpp"

namespace tortuga::store::sqlite {

using Write = QueuedWrite<Connection>;
using Writer = GroupCommit<Connection>;

// One transaction for the whole batch, a savepoint around each write that asks for one; then every
// Done, in order. Returns how many writes failed.
std::uint64_t commit_batch(Connection& db, std::vector<Write>& batch);

}  // namespace tortuga::store::sqlite
