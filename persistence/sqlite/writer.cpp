#include "persistence/sqlite/writer.hpp"

#include <pthread.h>

#include <algorithm>
#include <exception>
#include <future>
#include <iterator>
#include <stdexcept>
#include <string>

#include "persistence/sqlite/log.hpp"

namespace tortuga::store::sqlite {
namespace {

// Done callbacks must not throw: an exception escaping one would leave its batch half answered.
void answer(const Done& done, bool ok, const std::string& error) noexcept {
  if (done) done(ok, error);
}

}  // namespace

Writer::Writer(std::unique_ptr<Connection> db, int max_batch, int commit_delay_us,
               BatchObserver on_batch)
    : db_(std::move(db)),
      max_batch_(static_cast<std::size_t>(std::max(1, max_batch))),
      commit_delay_(commit_delay_us),
      on_batch_(std::move(on_batch)) {
  thread_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "store-writer");  // to tell it apart in top and perf
    writer_loop();
  });
}

Writer::~Writer() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  queued_cv_.notify_one();
  thread_.join();
}

void Writer::enqueue(Write w) {
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

void Writer::refuse_on_writer_thread(const char* what) const {
  if (std::this_thread::get_id() == thread_.get_id())
    throw std::logic_error(std::string("SqliteStore::") + what +
                           " called from a Done callback, on the writer thread");
}

bool Writer::write_and_wait(const char* what, std::function<void(Connection&)> apply) {
  refuse_on_writer_thread(what);
  auto outcome = std::make_shared<std::promise<bool>>();
  auto future = outcome->get_future();
  enqueue({std::move(apply), [outcome](bool ok, const std::string&) { outcome->set_value(ok); }});
  return future.get();
}

void Writer::flush() {
  refuse_on_writer_thread("flush");
  std::unique_lock lock(mu_);
  const std::uint64_t target = queued_;
  answered_cv_.wait(lock, [&] { return answered_ >= target; });
}

WriterStats Writer::stats() const {
  std::lock_guard lock(mu_);
  return stats_;
}

void Writer::writer_loop() {
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
    std::uint64_t failed = commit(batch);
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

std::uint64_t Writer::commit(std::vector<Write>& batch) {
  Connection& db = *db_;
  std::vector<std::string> errors(batch.size());
  std::vector<char> ok(batch.size(), 0);
  auto fail_all = [&](const std::string& why) {
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (errors[i].empty()) errors[i] = why;
      ok[i] = 0;
    }
  };
  try {
    db.run("BEGIN IMMEDIATE");
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const bool guarded = !batch[i].one_statement;
      if (guarded) db.run("SAVEPOINT w");
      try {
        if (batch[i].apply)
          batch[i].apply(db);
        else
          append_to_log(db, batch[i].action);
        if (guarded) db.run("RELEASE w");
        ok[i] = 1;
      } catch (const std::exception& e) {
        errors[i] = e.what();
        if (!db.in_transaction()) throw SqlError(std::string("transaction lost: ") + e.what());
        if (guarded) {
          db.run("ROLLBACK TO w");
          db.run("RELEASE w");
        }
      }
    }
    db.run("COMMIT");
  } catch (const std::exception& e) {
    db.rollback_if_open();
    fail_all(std::string("not committed: ") + e.what());
  }
  std::uint64_t failed = 0;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    failed += !ok[i];
    answer(batch[i].done, ok[i], errors[i]);
  }
  return failed;
}

}  // namespace tortuga::store::sqlite
