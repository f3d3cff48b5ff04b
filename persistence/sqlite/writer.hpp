// The SQLite backend's writer: one thread that owns the only write connection and applies every
// write, in the order queued, with group commit (the queue and its thread are GroupCommit's,
// persistence/group_commit.hpp; what a batch is in SQLite is here).
//
// A batch is one transaction (BEGIN IMMEDIATE ... COMMIT). A failing write (a duplicate seq, an
// unknown match) fails alone while the rest of its batch commits: a write of several statements
// runs under its own SAVEPOINT, and one of a single statement needs none (SQLite undoes a failed
// statement). Each write's Done runs only after its batch has committed (or with the reason it
// failed), so nobody is told of a write that is not stored.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "persistence/group_commit.hpp"
#include "persistence/sqlite/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::sqlite {

class Writer {
 public:
  // A queued write: `apply` runs inside the batch's transaction (under its own savepoint when it
  // may change more than one thing), and throws to fail this write alone.
  struct Write {
    Write(std::function<void(Connection&)> apply, Done done, bool one_statement = false)
        : apply(std::move(apply)), done(std::move(done)), one_statement(one_statement) {}
    // An appended action, the write made most often, is stored by the writer itself
    // (append_to_log), without a function object of its own to allocate.
    Write(Action action, Done done)
        : done(std::move(done)), one_statement(true), action(std::move(action)) {}

    std::function<void(Connection&)> apply;  // empty for an appended action
    Done done;
    // Changes the database with one statement at most: a failure leaves nothing behind (SQLite
    // undoes a failed statement), so the write needs no savepoint of its own.
    bool one_statement = false;
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
  // One transaction for the whole batch, a savepoint around each write of several statements;
  // then every Done, in order. Returns how many writes failed.
  std::uint64_t commit(std::vector<Write>& batch);

  const std::unique_ptr<Connection> db_;  // used by the writer thread only
  GroupCommit<Write> queue_;              // last: its thread stops before the connection closes
};

}  // namespace tortuga::store::sqlite
