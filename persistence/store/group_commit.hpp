// Group commit, as both backends do it: one writer thread takes every write waiting in the queue
// (up to max_batch) and hands them to the backend as one batch, which it commits in one
// transaction and answers, each write's Done after the commit. A busy server thus pays one commit
// (one fsync) per batch, not one per action.
//
// Under load it waits commit_delay_us before a batch whenever the last one held several writes,
// so that the writes arriving meanwhile share its commit; a lone write never waits. It is woken
// only when idle: a busy writer takes new writes with its next batch.
//
// How a batch is committed (one transaction, savepoints, what a failure undoes) is
// commit_batch.hpp; this is the queued write, the queue, the thread that owns the write
// connection, and the bookkeeping around them, so that both backends keep the same guarantees and
// the same flush().
#pragma once

#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <iterator>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "persistence/outcome.hpp"
#include "persistence/store.hpp"
#include "persistence/store/savepoint.hpp"
#include "persistence/store/writer_options.hpp"

namespace tortuga::store {

// Done callbacks must not throw: an exception escaping one would leave its batch half answered.
inline void answer(const Done& done, const Outcome<void>& written) noexcept {
  if (done) done(written);
}

// A queued write. `apply` runs inside the batch's transaction and throws to fail this write alone;
// it runs under a savepoint of its own if the backend says that a write of its kind needs one.
template <class Connection>
struct QueuedWrite {
  QueuedWrite(std::function<void(Connection&)> apply, Done done, Savepoint savepoint)
      : apply(std::move(apply)), done(std::move(done)), savepoint(savepoint) {}
  // An appended action, the write made most often, is stored by the batch's commit itself,
  // without a function object of its own to allocate. It never needs a savepoint: both backends
  // refuse an action out of order without undoing anything else.
  QueuedWrite(Action action, Done done)
      : done(std::move(done)), savepoint(Savepoint::none), action(std::move(action)) {}

  std::function<void(Connection&)> apply;  // empty for an appended action
  Done done;
  Savepoint savepoint = Savepoint::none;
  Action action;  // the appended action, when `apply` is empty
};

// The queue and its thread, which owns the write connection. `commit` commits a batch on it, runs
// every write's Done in order, and returns how many failed; it runs on the writer thread only.
template <class Connection>
class GroupCommit {
 public:
  using Write = QueuedWrite<Connection>;
  using Commit = std::uint64_t (*)(Connection& db, std::vector<Write>& batch);

  // Starts the writer thread, named "store-writer", on `db` (already migrated). `store` names the
  // store in errors.
  GroupCommit(const char* store, std::unique_ptr<Connection> db, const WriterOptions& options,
              Commit commit)
      : db_(std::move(db)),
        store_(store),
        max_batch_(static_cast<std::size_t>(std::max(1, options.max_batch))),
        commit_delay_(options.commit_delay_us),
        on_batch_(options.on_batch),
        commit_(std::move(commit)) {
    thread_ = std::thread([this] {
      pthread_setname_np(pthread_self(), "store-writer");  // to tell it apart in top and perf
      loop();
    });
  }
  // Commits every queued write and runs its Done, then stops the thread.
  ~GroupCommit() {
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
    }
    queued_cv_.notify_one();
    thread_.join();
  }
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;

  void enqueue(Write w) {
    bool wake = false;
    {
      std::lock_guard lock(mu_);
      queue_.push_back(std::move(w));
      ++queued_;
      wake = idle_;
    }
    // A busy writer takes this write with its next batch: waking it costs a system call each.
    if (wake) queued_cv_.notify_one();
  }

  // Queues a write and waits until it has committed, or failed. `what` names the store's
  // method, for the error of one called on the writer thread.
  Outcome<void> write_and_wait(const char* what, std::function<void(Connection&)> apply,
                               Savepoint savepoint) {
    refuse_on_writer_thread(what);
    auto outcome = std::make_shared<std::promise<Outcome<void>>>();
    auto future = outcome->get_future();
    enqueue(Write(
        std::move(apply), [outcome](const Outcome<void>& written) { outcome->set_value(written); },
        savepoint));
    return future.get();
  }

  // Blocks until every write queued before the call has committed and its Done has run.
  void flush() {
    refuse_on_writer_thread("flush");
    std::unique_lock lock(mu_);
    const std::uint64_t target = queued_;
    answered_cv_.wait(lock, [&] { return answered_ >= target; });
  }

  WriterStats stats() const {
    std::lock_guard lock(mu_);
    return stats_;
  }

 private:
  // Waiting for the writer on the writer thread would wait forever: throws std::logic_error.
  void refuse_on_writer_thread(const char* what) const {
    if (std::this_thread::get_id() == thread_.get_id())
      throw std::logic_error(std::string(store_) + "::" + what +
                             " called from a Done callback, on the writer thread");
  }

  void loop() {
    std::vector<Write> batch;
    std::size_t last_size = 0;  // writes in the last transaction
    for (;;) {
      {
        std::unique_lock lock(mu_);
        idle_ = true;
        queued_cv_.wait(lock, [&] { return !queue_.empty() || stopping_; });
        idle_ = false;
        if (queue_.empty()) return;  // stopping, and every write answered
        if (commit_delay_.count() > 0 && last_size > 1) {
          // Others are committing too (the last batch held several writes): let more join.
          // Writes queued meanwhile do not wake the writer (it is not idle); stopping does.
          queued_cv_.wait_for(lock, commit_delay_, [&] { return stopping_; });
        }
        auto n = std::min(queue_.size(), max_batch_);
        batch.assign(std::make_move_iterator(queue_.begin()),
                     std::make_move_iterator(queue_.begin() + static_cast<std::ptrdiff_t>(n)));
        queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(n));
      }
      const auto began = std::chrono::steady_clock::now();
      const std::uint64_t failed = commit_(*db_, batch);
      const std::size_t size = last_size = batch.size();
      if (on_batch_) on_batch_(size, std::chrono::steady_clock::now() - began);
      // The writes, and whatever their Done callbacks hold, are released before flush() can
      // return: a caller tearing down after flush() must not meet them later on this thread.
      batch.clear();
      {
        std::lock_guard lock(mu_);
        answered_ += size;
        stats_.writes += size;
        stats_.failed_writes += failed;
        stats_.transactions += 1;
        stats_.largest_batch = std::max<std::uint64_t>(stats_.largest_batch, size);
      }
      answered_cv_.notify_all();
    }
  }

  const std::unique_ptr<Connection> db_;  // used by the writer thread only
  const char* const store_;
  const std::size_t max_batch_;
  const std::chrono::microseconds commit_delay_;
  const decltype(WriterOptions::on_batch) on_batch_;
  const Commit commit_;

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

}  // namespace tortuga::store
