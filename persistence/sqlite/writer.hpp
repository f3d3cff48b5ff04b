// The SQLite backend's writer: one thread that owns the only write connection and applies every
// write, in the order queued, with group commit.
//
// It takes every write waiting in the queue (up to max_batch) into one transaction (BEGIN
// IMMEDIATE ... COMMIT), so that a busy server pays one fsync per batch, not one per action. A
// failing write (a duplicate seq, an unknown match) fails alone while the rest of its batch
// commits: a write of several statements runs under its own SAVEPOINT, and one of a single
// statement needs none (SQLite undoes a failed statement). Each write's Done runs only after its
// batch has committed (or with the reason it failed), so nobody is told of a write that is not
// stored.
//
// Under load it waits commit_delay_us before a batch whenever the last one held several writes,
// so that the writes arriving meanwhile share its fsync; a lone write never waits. It is woken
// only when idle: a busy writer takes new writes with its next batch.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "persistence/sqlite/connection.hpp"
#include "persistence/sqlite_store.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::sqlite {

using BatchObserver = decltype(SqliteOptions::on_batch);

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

  // Starts the writer thread, named "store-writer", on `db` (already migrated).
  Writer(std::unique_ptr<Connection> db, int max_batch, int commit_delay_us,
         BatchObserver on_batch = {});
  // Commits every queued write and runs its Done, then stops the thread.
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  void enqueue(Write w);
  // Queues a write and waits until it has committed; false if it failed. `what` names the
  // store's method, for the error of one called on the writer thread.
  bool write_and_wait(const char* what, std::function<void(Connection&)> apply);
  // Blocks until every write queued before the call has committed and its Done has run.
  void flush();
  WriterStats stats() const;

 private:
  // Waiting for the writer on the writer thread would wait forever: throws std::logic_error.
  void refuse_on_writer_thread(const char* what) const;
  void writer_loop();
  // One transaction for the whole batch, a savepoint around each write of several statements;
  // then every Done, in order. Returns how many writes failed.
  std::uint64_t commit(std::vector<Write>& batch);

  const std::unique_ptr<Connection> db_;  // used by the writer thread only
  const std::size_t max_batch_;
  const std::chrono::microseconds commit_delay_;
  const BatchObserver on_batch_;

  mutable std::mutex mu_;  // guards everything below it
  std::condition_variable queued_cv_;
  std::condition_variable answered_cv_;
  std::deque<Write> queue_;
  std::uint64_t queued_ = 0;    // writes ever queued
  std::uint64_t answered_ = 0;  // writes committed (or failed) with their Done run; FIFO
  bool stopping_ = false;
  bool idle_ = false;  // the writer waits for a first write: only then is it woken
  WriterStats stats_;

  std::thread thread_;  // last: started once everything above exists
};

}  // namespace tortuga::store::sqlite
