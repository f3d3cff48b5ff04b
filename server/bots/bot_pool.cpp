#include "server/bots/bot_pool.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <exception>

#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {
namespace {

// Runs `job`'s thought and answers it; a thought that throws is answered with why. With
// `min_think` (benchmarks), the thought is run again until that long has passed, as a search
// spends its budget, and its first choice kept.
void think_and_answer(BotJob& job, std::chrono::milliseconds min_think = {}) {
  const auto began = std::chrono::steady_clock::now();
  Expected<Json> choice = Json(nullptr);
  try {
    choice = job.think(job.rng);
    while (std::chrono::steady_clock::now() - began < min_think) job.think(job.rng);
  } catch (const std::exception&) {
    choice = Error{code::kInternal, "the bot failed"};
  }
  server_metrics().bot_thought(choice ? BotOutcome::answered : BotOutcome::failed,
                               std::chrono::steady_clock::now() - began);
  job.done(std::move(choice));
}

class AtOnce : public BotThinkers {
 public:
  bool think(BotJob& job) override {
    BotJob taken = std::move(job);
    think_and_answer(taken);
    return true;
  }
};

}  // namespace

BotThinkers& thinking_at_once() {
  static AtOnce instance;
  return instance;
}

int bot_threads_for(int threads) {
  if (threads > 0) return threads;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / 2);
}

BotPool::BotPool(BotPoolSettings settings) : settings_(settings) {
  const int n = bot_threads_for(settings_.threads);
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { work(); });
}

BotPool::~BotPool() {
  stop();
}

void BotPool::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
  threads_.clear();
  std::deque<BotJob> dropped;
  {
    std::lock_guard lock(mutex_);
    dropped.swap(queue_);
    for (std::size_t i = 0; i < dropped.size(); ++i) server_metrics().bot_dropped(BotDrop::stopped);
    publish_gauges();
  }
  // Destroyed outside the lock: a job holds its room, whose end may take locks of its own.
  dropped.clear();
}

bool BotPool::think(BotJob& job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    if (static_cast<int>(queue_.size()) >= settings_.queue) {
      server_metrics().bot_dropped(BotDrop::queue_full);
      return false;
    }
    queue_.push_back(std::move(job));
    publish_gauges();
  }
  wake_.notify_one();
  return true;
}

void BotPool::work() {
  // A thread's own niceness (Linux keeps one per thread): a failure leaves it as it was.
  if (settings_.nice > 0 &&
      ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), std::min(settings_.nice, 19)) != 0)
    TORTUGA_LOG(warn, "a bot thread keeps its priority: setpriority failed");
  for (;;) {
    BotJob job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      ++thinking_;
      publish_gauges();
    }
    think_and_answer(job, std::chrono::milliseconds(settings_.min_think_ms));
    job = BotJob{};  // the room it holds is let go before the next job is taken
    std::lock_guard lock(mutex_);
    --thinking_;
    publish_gauges();
  }
}

void BotPool::publish_gauges() {
  server_metrics().bots_now(thinking_, static_cast<int>(queue_.size()));
}

}  // namespace tortuga
