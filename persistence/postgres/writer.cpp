#include "persistence/postgres/writer.hpp"

#include <exception>
#include <string>

#include "persistence/postgres/log.hpp"

namespace tortuga::store::postgres {

namespace {

// One attempt at the batch's transaction, filling ok and errors. False if a write without a
// savepoint raised, spoiling the transaction (rolled back): the batch is to be done again with
// `guard_all`. Throws when the transaction as a whole fails.
bool try_commit(Connection& db, std::vector<Write>& batch, bool guard_all, std::vector<char>& ok,
                std::vector<std::string>& errors) {
  if (!db.alive()) db.reconnect();
  try {
    db.exec("BEGIN");
  } catch (const PgError&) {
    // The connection broke while idle (the database server restarted since the last batch):
    // nothing of this batch has reached the database yet, so it is safe to begin again.
    if (!db.broken()) throw;
    db.reconnect();
    db.exec("BEGIN");
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const bool guarded = guard_all || batch[i].own_savepoint;
    if (guarded) db.exec("SAVEPOINT w");
    try {
      if (batch[i].apply)
        batch[i].apply(db);
      else
        append_to_log(db, batch[i].action);
      if (guarded) db.exec("RELEASE SAVEPOINT w");
      ok[i] = 1;
    } catch (const std::exception& e) {
      ok[i] = 0;
      errors[i] = e.what();
      if (db.broken()) throw PgError(std::string("connection lost: ") + e.what());
      if (guarded) {
        db.exec("ROLLBACK TO SAVEPOINT w");
        db.exec("RELEASE SAVEPOINT w");
      } else if (db.failed_transaction()) {
        db.rollback_if_open();
        return false;
      }
    }
  }
  db.exec("COMMIT");
  return true;
}

}  // namespace

std::uint64_t commit_batch(Connection& db, std::vector<Write>& batch) {
  std::vector<char> ok(batch.size(), 0);
  std::vector<std::string> errors(batch.size());
  try {
    if (!try_commit(db, batch, /*guard_all=*/false, ok, errors)) {
      ok.assign(batch.size(), 0);
      errors.assign(batch.size(), std::string());
      try_commit(db, batch, /*guard_all=*/true, ok, errors);
    }
  } catch (const std::exception& e) {
    db.rollback_if_open();
    // A COMMIT whose answer was lost may have committed all the same: the writes are reported as
    // failed, which tells nobody of a write that might not be stored.
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (errors[i].empty() || ok[i]) errors[i] = std::string("not committed: ") + e.what();
      ok[i] = 0;
    }
  }
  std::uint64_t failed = 0;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    failed += !ok[i];
    answer(batch[i].done, ok[i], errors[i]);
  }
  return failed;
}

}  // namespace tortuga::store::postgres
