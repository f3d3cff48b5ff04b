// The PostgreSQL backend's writer: one thread that owns the only write connection and applies
// every write, in the order queued, with group commit (the queue and its thread are GroupCommit's,
// persistence/group_commit.hpp; what a batch is in PostgreSQL is here).
//
// A batch is one transaction (BEGIN ... COMMIT). A failing write fails alone while the rest of
// its batch commits. In PostgreSQL a statement that raises an error spoils its whole transaction,
// so a write that may raise (a match whose seats name an unknown player) runs under its own
// SAVEPOINT; the others (an appended action, refused or not) raise nothing and need none, which
// spares a round trip each. Should one of them raise all the same, the batch is rolled back and
// done again with a savepoint around every write. Each write's Done runs only after its batch has
// committed (or with the reason it failed), so nobody is told of a write that is not stored.
//
// A broken connection (the database server restarted, the network dropped) fails the batch it
// broke, through each write's Done, and the next batch connects again.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "persistence/group_commit.hpp"
#include "persistence/postgres/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::postgres {

class Writer {
 public:
  // A queued write: `apply` runs inside the batch's transaction, under its own savepoint when it
  // may raise, and throws to fail this write alone.
  struct Write {
    Write(std::function<void(Connection&)> apply, Done done, bool may_raise = true)
        : apply(std::move(apply)), done(std::move(done)), may_raise(may_raise) {}
    // An appended action, the write made most often, is stored by the writer itself
    // (append_to_log), without a function object of its own to allocate.
    Write(Action action, Done done)
        : done(std::move(done)), may_raise(false), action(std::move(action)) {}

    std::function<void(Connection&)> apply;  // empty for an appended action
    Done done;
    // May raise an error in the database (rather than find nothing to change): needs a savepoint.
    bool may_raise = true;
    Action action;  // the appended action, when `apply` is empty
  };

  // Starts the writer thread on `db` (already migrated).
  Writer(std::unique_ptr<Connection> db, const WriterOptions& options);
  // Commits every queued write and runs its Done, then stops the thread.
  ~Writer() = default;
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  void enqueue(Write w) { queue_.enqueue(std::move(w)); }
  // Queues a write and waits until it has committed; false if it failed. `what` names the
  // store's method, for the error of one called on the writer thread.
  bool write_and_wait(const char* what, std::function<void(Connection&)> apply) {
    return queue_.write_and_wait(what, std::move(apply));
  }
  // Blocks until every write queued before the call has committed and its Done has run.
  void flush() { queue_.flush(); }
  WriterStats stats() const { return queue_.stats(); }

 private:
  // One transaction for the batch, then every Done, in order. Returns how many writes failed.
  std::uint64_t commit(std::vector<Write>& batch);
  // One attempt at the batch's transaction, filling ok and errors. False if a write without a
  // savepoint raised, spoiling the transaction (rolled back): the batch is to be done again with
  // `guard_all`. Throws when the transaction as a whole fails.
  bool try_commit(std::vector<Write>& batch, bool guard_all, std::vector<char>& ok,
                  std::vector<std::string>& errors);

  const std::unique_ptr<Connection> db_;  // used by the writer thread only
  GroupCommit<Write> queue_;              // last: its thread stops before the connection closes
};

}  // namespace tortuga::store::postgres
