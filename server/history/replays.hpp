// Replays of stored matches, away from the threads that serve the connections. A replay plays a
// match again from its log, which for a long match with a costly model takes seconds of CPU:
// computed on a network thread, it held every connection that thread serves. Here each is
// computed once on a small pool of threads of its own, with a bounded queue (beyond it a request
// is refused with replay_busy, to retry), and kept in a cache bounded in bytes, so that asking
// again, or many asking at once, costs a copy. A request the steps are being computed for waits
// for that computation rather than starting another. Each client address has a budget of
// requests (replay_rate_limited beyond it). Over when the match is over, a replay never changes
// again; one of a running match is kept until the match has moved on.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "persistence/store.hpp"
#include "rules/core/error.hpp"
#include "server/access/address_budget.hpp"
#include "server/history/history.hpp"
#include "server/ops/config.hpp"

namespace tortuga {

// The server's limits.replay_* (config.hpp), as the replays take them.
struct ReplayLimits {
  int threads = Limits{}.replay_threads;                  // the pool's threads
  int queue = Limits{}.replay_queue;                      // replays waiting for a thread, at most
  std::size_t cache_bytes = Limits{}.replay_cache_bytes;  // the steps kept, all together
  double per_minute = Limits{}.replays_per_minute;        // an address's requests, in the long run
  double burst = Limits{}.replay_burst;                   // and at once
};

class Replays {
 public:
  // The replay's text ({match, seat, revealed, steps, chat}), or why there is none.
  using Answer = std::function<void(Expected<std::string>)>;

  Replays(store::Store& store, ReplayLimits limits);
  ~Replays();  // stop()
  Replays(const Replays&) = delete;
  Replays& operator=(const Replays&) = delete;

  // The replay of `match` as `seat` saw it (the spectators', or all revealed once it is over,
  // without a seat), for `viewer` from `address`: answered through `answer`, at once on this
  // thread when it is refused or kept, else from a replay thread once it is computed. Refusals:
  // replay_rate_limited, no_such_match (also for a private match `viewer` may not read),
  // bad_field and not_your_seat (the seat), replay_busy (the queue is full), internal.
  void request(std::int64_t match, std::optional<int> seat, const Viewer& viewer,
               const std::string& address, Answer answer);

  // Seconds a refused client should wait: for its address's budget, or for the queue.
  int retry_after_s(const Error& refusal) const;

  // The threads finish the replay they compute and end; requests still waiting are dropped
  // unanswered (the server is stopping). Idempotent.
  void stop();

 private:
  // A replay's identity: the match, the audience (a seat; -1 the spectators, -2 all revealed),
  // and how many actions it holds (a running match's replay is stale once it has moved on).
  using Key = std::tuple<std::int64_t, int, std::int64_t>;
  struct Waiter {
    std::optional<int> seat;
    store::Match match;
    Answer answer;
  };
  struct Job {
    Key key;
    store::Match match;
    std::optional<int> seat;
    std::vector<Waiter> waiters;
  };
  struct Kept {
    std::shared_ptr<const std::string> steps;
    std::list<Key>::iterator age;  // in lru_
  };

  void work();
  void compute(Job& job);
  // Keeps `steps` under `key`, forgetting the least recently used beyond the cache's bytes.
  void keep(const Key& key, std::shared_ptr<const std::string> steps);
  std::shared_ptr<const std::string> kept(const Key& key);  // and marks it used
  void reply(const Waiter& w, const std::shared_ptr<const std::string>& steps);
  void publish_gauges();  // with mutex_ held

  store::Store& store_;
  const ReplayLimits limits_;
  AddressBudget budget_;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::deque<std::shared_ptr<Job>> queue_;
  std::map<Key, std::shared_ptr<Job>> computing_;  // queued or running, by key
  int running_ = 0;
  std::map<Key, Kept> cache_;
  std::list<Key> lru_;  // most recently used first
  std::size_t cached_bytes_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace tortuga
