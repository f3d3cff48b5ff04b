#include "server/ops/store_health.hpp"

#include <algorithm>
#include <future>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {

bool store_writes(store::Store& store, std::chrono::milliseconds wait, std::string& why) {
  auto answer = std::make_shared<std::promise<std::pair<bool, std::string>>>();
  auto future = answer->get_future();
  store.probe_write([answer](const store::Outcome<void>& written) {
    answer->set_value({written.ok(), written ? std::string() : written.failure().why});
  });
  if (future.wait_for(wait) != std::future_status::ready) {
    why = "a probe write was not answered within " + std::to_string(wait.count()) + " ms";
    return false;
  }
  auto [ok, error] = future.get();
  if (!ok) why = "a probe write failed: " + error;
  return ok;
}

std::shared_ptr<StoreHealth> StoreHealth::make(boost::asio::io_context& io, store::Store& store,
                                               RoomClock* clock) {
  return std::shared_ptr<StoreHealth>(new StoreHealth(io, store, clock));
}

StoreHealth::StoreHealth(boost::asio::io_context& io, store::Store& store, RoomClock* clock)
    : store_(store),
      strand_(boost::asio::make_strand(io)),
      clock_(clock ? *clock : steady_room_clock()),
      timer_(clock_.timer(strand_)) {}

StoreHealth::~StoreHealth() {
  // An outage still under way at the end is not summed up: the server stops with it.
  if (away_) server_metrics().store_outage_ended();
}

void StoreHealth::failed(std::string_view why) {
  server_metrics().store_failed(StoreFailure::read_or_write);
  std::lock_guard lock(mu_);
  ++failures_;
  begin_locked(why);
}

void StoreHealth::when_writable(std::string_view why, std::function<void()> back) {
  server_metrics().store_failed(StoreFailure::read_or_write);
  std::lock_guard lock(mu_);
  if (stopped_) return;
  ++failures_;
  ++waited_;
  waiters_.push_back(std::move(back));
  begin_locked(why);
}

bool StoreHealth::away() const {
  std::lock_guard lock(mu_);
  return away_;
}

void StoreHealth::begin_locked(std::string_view why) {
  if (away_ || stopped_) return;
  away_ = true;
  const std::int64_t now = clock_.now_ms();
  // A store that failed again soon after it came back is given the pause it had reached.
  pause_ms_ = now - ended_ms_ <= kFlappingMs ? pause_ms_ : kFirstProbeMs;
  began_ms_ = now;
  probes_failed_ = 0;
  server_metrics().store_outage_began();
  TORTUGA_LOG_AT(warn, log::Context("store_unavailable").field("reason", std::string(why)),
                 "the store fails: " << why << "; rooms wait for it, and it is probed every "
                                     << kFirstProbeMs << "-" << kLastProbeMs
                                     << " ms until it writes (failures meanwhile are counted on "
                                        "/metrics, not logged)");
  boost::asio::post(strand_, [self = shared_from_this()] { self->probe_later(); });
}

void StoreHealth::probe_later() {
  int pause = 0;
  {
    std::lock_guard lock(mu_);
    if (!away_ || stopped_) return;
    pause = pause_ms_;
  }
  timer_->arm(std::chrono::milliseconds(pause), [self = shared_from_this()] { self->probe(); });
}

void StoreHealth::probe() {
  std::weak_ptr<StoreHealth> weak = weak_from_this();
  // The answer comes on the store's writer thread: taken to the strand, where the next probe is
  // armed.
  store_.probe_write([weak](const store::Outcome<void>& written) {
    if (auto self = weak.lock())
      boost::asio::post(self->strand_, [self, written] {
        self->probed(written.ok(), written ? std::string() : written.failure().why);
      });
  });
}

void StoreHealth::probed(bool ok, const std::string& why) {
  std::vector<std::function<void()>> waiters;
  {
    std::lock_guard lock(mu_);
    if (stopped_) return;
    if (!ok) {
      ++probes_failed_;
      pause_ms_ = std::min(pause_ms_ * 2, kLastProbeMs);
    } else {
      const std::int64_t now = clock_.now_ms();
      away_ = false;
      ended_ms_ = ready_ms_ = now;
      waiters = std::exchange(waiters_, {});
      server_metrics().store_outage_ended();
      TORTUGA_LOG_AT(info,
                     log::Context("store_back")
                         .field("seconds", (now - began_ms_) / 1000.0)
                         .field("failures", failures_)
                         .field("probes_failed", probes_failed_)
                         .field("waited", waited_),
                     "the store writes again after "
                         << (now - began_ms_) / 1000.0 << " s: " << failures_
                         << " reads and writes failed, " << probes_failed_ << " probes failed, "
                         << waited_ << " rooms waited");
      failures_ = waited_ = 0;
    }
  }
  if (!ok) {
    server_metrics().store_failed(StoreFailure::probe);
    TORTUGA_LOG_AT(debug, log::Context("store_probe_failed"), "store probe failed: " << why);
    return probe_later();
  }
  for (auto& back : waiters) back();
}

bool StoreHealth::writable() {
  {
    std::lock_guard lock(mu_);
    if (away_) return false;
    if (clock_.now_ms() - ready_ms_ <= kReadyForMs) return true;
  }
  std::string why;
  if (!store_writes(store_, kProbeWait, why)) {
    failed(why);
    return false;
  }
  std::lock_guard lock(mu_);
  ready_ms_ = clock_.now_ms();
  return true;
}

void StoreHealth::stop() {
  std::lock_guard lock(mu_);
  stopped_ = true;
  waiters_.clear();
  boost::asio::post(strand_, [self = shared_from_this()] { self->timer_->cancel(); });
}

}  // namespace tortuga
