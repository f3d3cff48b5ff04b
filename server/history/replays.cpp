#include "server/history/replays.hpp"

#include <chrono>
#include <utility>

#include "protocol/codes.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {
namespace {

int audience_of(const store::Match& match, std::optional<int> seat) {
  if (seat) return *seat;
  return replay_revealed(match, seat) ? -2 : -1;
}

}  // namespace

Replays::Replays(store::Store& store, ReplayLimits limits)
    : store_(store), limits_(limits), budget_(limits.per_minute, limits.burst) {
  for (int i = 0; i < std::max(1, limits_.threads); ++i) threads_.emplace_back([this] { work(); });
}

Replays::~Replays() {
  stop();
}

void Replays::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
  threads_.clear();
  std::lock_guard lock(mutex_);
  queue_.clear();
  computing_.clear();
  publish_gauges();
}

int Replays::retry_after_s(const Error& refusal) const {
  return refusal.code == code::kReplayRateLimited ? budget_.retry_after_s() : 1;
}

void Replays::request(std::int64_t id, std::optional<int> seat, const Viewer& viewer,
                      const std::string& address, Answer answer) {
  if (!budget_.take(address)) {
    server_metrics().replay(ReplayOutcome::rate_limited);
    return answer(Error{code::kReplayRateLimited,
                        "more replays than this address may ask for; try again in " +
                            std::to_string(budget_.retry_after_s()) + " s"});
  }
  auto match = readable_match(store_, id, viewer);
  if (!match) return answer(match.error());
  if (auto refused = refused_seat(*match, seat, viewer)) return answer(*refused);
  const Key key{id, audience_of(*match, seat), match->action_count};
  std::shared_ptr<const std::string> steps;
  {
    std::lock_guard lock(mutex_);
    steps = kept(key);
    if (!steps) {
      if (auto it = computing_.find(key); it != computing_.end()) {
        server_metrics().replay(ReplayOutcome::shared);
        it->second->waiters.push_back({seat, std::move(*match), std::move(answer)});
        return;
      }
      if (static_cast<int>(queue_.size()) >= limits_.queue) {
        server_metrics().replay(ReplayOutcome::busy);
        // Answered below, outside the lock.
      } else {
        auto job = std::make_shared<Job>(Job{key, *match, seat, {}});
        job->waiters.push_back({seat, std::move(*match), std::move(answer)});
        computing_[key] = job;
        queue_.push_back(std::move(job));
        publish_gauges();
        wake_.notify_one();
        return;
      }
    }
  }
  if (!steps)
    return answer(Error{code::kReplayBusy,
                        "the server is computing as many replays as it may; try again shortly"});
  server_metrics().replay(ReplayOutcome::kept);
  reply(Waiter{seat, std::move(*match), std::move(answer)}, steps);
}

void Replays::work() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
      publish_gauges();
    }
    compute(*job);
  }
}

void Replays::compute(Job& job) {
  const auto began = std::chrono::steady_clock::now();
  Expected<std::shared_ptr<const std::string>> steps = Error{};
  try {
    auto actions = store_.actions(job.match.id).value();
    // As many actions as the match had when it was asked for: the key says so, and a running
    // match may have moved on since.
    if (actions.size() > static_cast<std::size_t>(job.match.action_count))
      actions.resize(static_cast<std::size_t>(job.match.action_count));
    auto json = replay_steps(job.match, actions, job.seat);
    if (json)
      steps = std::make_shared<const std::string>(json->dump());
    else
      steps = json.error();
  } catch (const store::Unavailable& e) {
    // The log could not be read now: a retry later, not a broken match.
    steps = Error{code::kStoreUnavailable, e.what()};
  } catch (const std::exception& e) {
    steps = Error{code::kInternal, e.what()};
  }
  if (!steps)
    TORTUGA_LOG_AT(error, log::Context("replay_failed").match(job.match.id),
                   "match " << job.match.id << " cannot be replayed: " << steps.error().message);
  server_metrics().replay_computed(std::chrono::steady_clock::now() - began);
  server_metrics().replay(ReplayOutcome::computed);
  std::vector<Waiter> waiters;
  {
    std::lock_guard lock(mutex_);
    if (steps) keep(job.key, *steps);
    waiters = std::move(job.waiters);  // none joins once it is no longer computing
    computing_.erase(job.key);
    --running_;
    publish_gauges();
  }
  for (const Waiter& w : waiters) {
    if (steps)
      reply(w, *steps);
    else
      w.answer(Error{code::kInternal, "the match's log cannot be replayed"});
  }
}

void Replays::reply(const Waiter& w, const std::shared_ptr<const std::string>& steps) {
  // The chat is read for each answer: said while a match runs, it may have grown since.
  w.answer(replay_text(w.match, w.seat, *steps, chat_json(store_.chat(w.match.id).value())));
}

std::shared_ptr<const std::string> Replays::kept(const Key& key) {
  auto it = cache_.find(key);
  if (it == cache_.end()) return nullptr;
  lru_.splice(lru_.begin(), lru_, it->second.age);
  return it->second.steps;
}

void Replays::keep(const Key& key, std::shared_ptr<const std::string> steps) {
  // A running match's replay of fewer actions is of no more use: the match has moved on.
  const auto& [match, audience, actions] = key;
  for (auto it = cache_.lower_bound({match, audience, 0}); it != cache_.end() &&
                                                           std::get<0>(it->first) == match &&
                                                           std::get<1>(it->first) == audience;) {
    cached_bytes_ -= it->second.steps->size();
    lru_.erase(it->second.age);
    it = cache_.erase(it);
  }
  if (steps->size() > limits_.cache_bytes) return;  // answered, but too large to keep
  lru_.push_front(key);
  cached_bytes_ += steps->size();
  cache_[key] = Kept{std::move(steps), lru_.begin()};
  while (cached_bytes_ > limits_.cache_bytes) {
    auto oldest = cache_.find(lru_.back());
    cached_bytes_ -= oldest->second.steps->size();
    cache_.erase(oldest);
    lru_.pop_back();
  }
  publish_gauges();
}

void Replays::publish_gauges() {
  server_metrics().replays_now(running_, static_cast<int>(queue_.size()), cached_bytes_);
}

}  // namespace tortuga
