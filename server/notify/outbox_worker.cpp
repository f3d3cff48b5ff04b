#include "server/notify/outbox_worker.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>

#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga::notify {

OutboxWorker::OutboxWorker(store::Store& store, NotifySettings settings, std::string owner,
                           std::unique_ptr<Delivery> email, std::unique_ptr<Delivery> webhook,
                           Clock clock, std::function<void()> each_pass)
    : store_(store),
      settings_(std::move(settings)),
      owner_(std::move(owner)),
      email_(std::move(email)),
      webhook_(std::move(webhook)),
      clock_(std::move(clock)),
      each_pass_(std::move(each_pass)) {}

OutboxWorker::~OutboxWorker() {
  stop();
}

void OutboxWorker::start() {
  std::lock_guard lock(mutex_);
  if (!threads_.empty()) return;
  stopping_ = false;
  for (int i = 0; i < settings_.threads; ++i) threads_.emplace_back([this] { run(); });
}

void OutboxWorker::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
  threads_.clear();
}

bool OutboxWorker::post(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= kMaxJobs) return false;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void OutboxWorker::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wake_.notify_one();
}

std::int64_t OutboxWorker::retry_pause_ms(const NotifySettings& s, int tries) {
  std::int64_t pause = std::int64_t{s.retry_first_s} * 1000;
  const std::int64_t most = std::int64_t{s.retry_max_s} * 1000;
  for (int i = 1; i < tries && pause < most; ++i) pause *= 2;
  return std::min(pause, most);
}

void OutboxWorker::run() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      if (stopping_) return;
      if (!jobs_.empty()) {
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      woken_ = false;
    }
    if (job) {
      job();
      continue;
    }
    if (each_pass_) each_pass_();
    if (send_due()) continue;
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, std::chrono::milliseconds(settings_.poll_ms),
                   [&] { return stopping_ || woken_ || !jobs_.empty(); });
  }
}

bool OutboxWorker::send_due() {
  // The gauges are counted once a poll, by whichever thread comes first.
  const std::int64_t now = clock_();
  std::int64_t last = last_counted_ms_.load();
  if (now - last >= settings_.poll_ms && last_counted_ms_.compare_exchange_strong(last, now))
    if (const auto counts = store_.outbox_counts())
      server_metrics().notifications_in_outbox(counts->queued, counts->failed);
  prune(now);
  const auto claimed =
      store_.claim_notifications(owner_, now, std::int64_t{settings_.lease_s} * 1000, 4);
  if (!claimed) return false;  // the store fails: the next pass tries again
  for (const store::OutboxMessage& m : *claimed) deliver(m);
  return !claimed->empty();
}

void OutboxWorker::prune(std::int64_t now_ms) {
  constexpr std::int64_t kHourMs = 60 * 60 * 1000;
  if (settings_.keep_sent_days == 0) return;
  std::int64_t last = last_pruned_ms_.load();
  if (now_ms - last < kHourMs || !last_pruned_ms_.compare_exchange_strong(last, now_ms)) return;
  // On a cluster every node may prune: the deletes are the same, and harmless twice.
  const auto gone =
      store_.prune_notifications(std::int64_t{settings_.keep_sent_days} * 24 * kHourMs, now_ms);
  if (!gone) last_pruned_ms_ = last;  // the store fails: the next pass tries again
}

void OutboxWorker::deliver(const store::OutboxMessage& m) {
  Delivery& by = m.channel == store::Channel::webhook ? *webhook_ : *email_;
  const Delivered delivered = by.deliver(m);
  store::Settlement s;
  NotificationOutcome outcome = NotificationOutcome::sent;
  if (delivered.ok) {
    s = store::Settlement::sent();
  } else if (delivered.permanent || m.tries >= settings_.max_tries) {
    s = {store::OutboxState::failed, 0, delivered.error};
    outcome = NotificationOutcome::failed;
  } else {
    s = {store::OutboxState::queued, clock_() + retry_pause_ms(settings_, m.tries),
         delivered.error};
    outcome = NotificationOutcome::retried;
  }
  const auto settled = store_.settle_notification(m.id, owner_, s);
  server_metrics().notification(m.channel == store::Channel::webhook, outcome);
  if (outcome == NotificationOutcome::failed)
    TORTUGA_LOG_AT(warn,
                   log::Context("notification_failed")
                       .player(m.player)
                       .field("message", m.id)
                       .field("channel", std::string(store::channel_name(m.channel)))
                       .field("tries", m.tries),
                   "a notification was given up: " << delivered.error);
  if (settled && !*settled)
    TORTUGA_LOG_AT(warn, log::Context("notification_lease_lost").field("message", m.id),
                   "a notification's lease ran out while it was sent: it may go out twice");
}

}  // namespace tortuga::notify
