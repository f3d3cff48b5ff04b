// The PostgreSQL backend's writer: GroupCommit (persistence/store/group_commit.hpp) on the only
// write connection, and what a batch is in PostgreSQL.
//
// A batch is one transaction (BEGIN ... COMMIT). A failing write fails alone while the rest of
// its batch commits. In PostgreSQL a statement that raises an error spoils its whole transaction,
// so a write that may raise (a match whose seats name an unknown player) is queued with a
// SAVEPOINT of its own; the others (an appended action, refused or not) raise nothing and need
// none, which spares a round trip each. Should one of them raise all the same, the batch is rolled
// back and done again with a savepoint around every write. Each write's Done runs only after its
// batch has committed (or with the reason it failed), so nobody is told of a write that is not
// stored.
//
// A broken connection (the database server restarted, the network dropped) fails the batch it
// broke, through each write's Done, and the next batch connects again; one found broken before
// the batch began is connected again at once.
#pragma once

#include <cstdint>
#include <vector>

#include "persistence/postgres/connection.hpp"
#include "persistence/store/group_commit.hpp"

namespace tortuga::store::postgres {

using Write = QueuedWrite<Connection>;
using Writer = GroupCommit<Connection>;

// One transaction for the batch, then every Done, in order. Returns how many writes failed.
std::uint64_t commit_batch(Connection& db, std::vector<Write>& batch);

}  // namespace tortuga::store::postgres
