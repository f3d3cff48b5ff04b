// What a batch is, the same for every backend: one transaction holding every write of the batch,
// then each write's Done, in order, once it has committed (or with the reason it failed), so that
// nobody is told of a write that is not stored.
//
// A failing write fails alone while the rest of its batch commits. A write the backend guards
// (Savepoint::own) runs under a savepoint, rolled back to if it fails. One it does not guard fails
// without one: SQLite undoes a failed statement by itself; in PostgreSQL a statement that raises
// spoils the whole transaction, so the backend guards every write that may raise, and should one
// it did not guard raise all the same, the batch is rolled back and done again with a savepoint
// around every write.
//
// A transaction that fails as a whole (its COMMIT, a lost connection, a full disk) fails every
// write of the batch not refused on its own as Failure::unavailable: a COMMIT whose answer was
// lost may have committed all the same, and reporting it failed tells nobody of a write that might
// not be stored.
//
// A Connection here has begin_write() (which connects again first if the connection broke while
// idle), run() for the statements without parameters, in_transaction(), failed_transaction() and
// rollback_if_open().
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "persistence/outcome.hpp"
#include "persistence/store/group_commit.hpp"

namespace tortuga::store {

namespace batch {

enum class Guard { as_the_backend_says, every_write };

// One attempt at the batch's transaction, noting each write that fails. False if a write without a
// savepoint spoiled the transaction, which is rolled back: the batch is to be done again guarding
// every write. Throws when the transaction as a whole fails.
template <class Connection>
bool try_commit(Connection& db, std::vector<QueuedWrite<Connection>>& batch, Guard guard,
                std::vector<std::optional<Failure>>& failures) {
  db.begin_write();
  for (std::size_t i = 0; i < batch.size(); ++i) {
    QueuedWrite<Connection>& write = batch[i];
    const bool guarded = guard == Guard::every_write || write.savepoint == Savepoint::own;
    if (guarded) db.run("SAVEPOINT w");
    try {
      if (write.apply)
        write.apply(db);
      else
        insert_action(db, write.action);
      if (guarded) db.run("RELEASE SAVEPOINT w");
    } catch (const std::exception& e) {
      failures[i] = Failure{Failure::Kind::refused, e.what()};
      // Not a refusal: the database ended the transaction (a full disk, a lost connection).
      if (!db.in_transaction())
        throw std::runtime_error(std::string("transaction lost: ") + e.what());
      if (guarded) {
        db.run("ROLLBACK TO SAVEPOINT w");
        db.run("RELEASE SAVEPOINT w");
      } else if (db.failed_transaction()) {
        db.rollback_if_open();
        return false;
      }
    }
  }
  db.run("COMMIT");
  return true;
}

}  // namespace batch

// Commits the batch on `db` and runs every write's Done, in order. Returns how many writes failed.
template <class Connection>
std::uint64_t commit_batch(Connection& db, std::vector<QueuedWrite<Connection>>& batch) {
  std::vector<std::optional<Failure>> failures(batch.size());
  try {
    if (!batch::try_commit(db, batch, batch::Guard::as_the_backend_says, failures)) {
      failures.assign(batch.size(), std::nullopt);
      batch::try_commit(db, batch, batch::Guard::every_write, failures);
    }
  } catch (const std::exception& e) {
    db.rollback_if_open();
    for (auto& failure : failures)
      if (!failure)
        failure = Failure{Failure::Kind::unavailable, std::string("not committed: ") + e.what()};
  }
  std::uint64_t failed = 0;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (!failures[i]) {
      answer(batch[i].done, Outcome<void>());
      continue;
    }
    ++failed;
    answer(batch[i].done, Outcome<void>(std::move(*failures[i])));
  }
  return failed;
}

}  // namespace tortuga::store
