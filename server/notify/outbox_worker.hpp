// The outbox's sending threads: each claims the messages due (a lease in the store, so that on a
// cluster each goes out once), delivers them by their channel, and settles each: sent, tried
// again later (a pause that doubles from retry_first_s up to retry_max_s), or given up after
// max_tries or a permanent refusal. Jobs handed to it (a "your turn" to queue, a settings change)
// run on the same threads, so that nothing the rooms or connections call waits for the store or
// the network. A message queued here wakes a thread at once; retries and other nodes' messages
// are found every poll_ms.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "persistence/store.hpp"
#include "server/notify/delivery.hpp"
#include "server/ops/notify_settings.hpp"

namespace tortuga::notify {

class OutboxWorker {
 public:
  using Clock = std::function<std::int64_t()>;  // milliseconds since the epoch
  // `owner` names this node's leases (its cluster id, or a name of its own); `each_pass` runs on
  // a thread before each look at the outbox (the digests falling due).
  OutboxWorker(store::Store& store, NotifySettings settings, std::string owner,
               std::unique_ptr<Delivery> email, std::unique_ptr<Delivery> webhook, Clock clock,
               std::function<void()> each_pass = {});
  ~OutboxWorker();  // stops, finishing the deliveries under way
  OutboxWorker(const OutboxWorker&) = delete;
  OutboxWorker& operator=(const OutboxWorker&) = delete;

  void start();
  void stop();
  // Runs `job` on a sending thread; false (not run) when kMaxJobs wait already or it stopped.
  bool post(std::function<void()> job);
  // A message was queued: look at the outbox now.
  void wake();

  static constexpr std::size_t kMaxJobs = 10000;
  // The pause before try `tries` + 1, after `tries` failed ones.
  static std::int64_t retry_pause_ms(const NotifySettings& s, int tries);

 private:
  void run();
  // Claims and delivers what is due; false when nothing was.
  bool send_due();
  // Deletes, about once an hour, messages settled keep_sent_days ago and expired links.
  void prune(std::int64_t now_ms);
  void deliver(const store::OutboxMessage& m);

  store::Store& store_;
  const NotifySettings settings_;
  const std::string owner_;
  std::unique_ptr<Delivery> email_;
  std::unique_ptr<Delivery> webhook_;
  Clock clock_;
  std::function<void()> each_pass_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool woken_ = false;
  std::atomic<std::int64_t> last_counted_ms_{0};  // when the outbox's gauges were last counted
  std::atomic<std::int64_t> last_pruned_ms_{0};   // when what is done with was last deleted
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace tortuga::notify
