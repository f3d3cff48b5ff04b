// Where the server's bots think: away from the rooms' strands, so that a bot searching for a
// second never holds up another room's actions, nor its own room's people, chat and timers.
//
// A room makes a job on its strand from what its bot may use (the bot's Thought: a copy of the
// state for a bot of hand rules, the seat's sight for one that must not peek) and hands it here;
// the choice comes back through the job's `done`, which the room posts to its strand, where it is
// applied only if the match is still where the bot was asked (room_timers.hpp). The pool's queue
// is bounded: a job it has no room for is refused at once, and the room asks its bot again after
// its bot pause, as for any duty owed and not yet done. Nothing is lost, nothing waits unbounded.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "protocol/codes.hpp"
#include "rules/core/bot.hpp"
#include "rules/core/error.hpp"
#include "server/ops/config.hpp"

namespace tortuga {

struct BotJob {
  Thought think;  // made on the room's strand, holding only what the bot may use
  Chance rng{0};  // the bot's randomness for this move, drawn from its room's
  // The choice, or why there is none (the thought threw): called on the thread that thought, once.
  std::function<void(Expected<Json>)> done;
};

// What rooms hand their bots' jobs to.
class BotThinkers {
 public:
  virtual ~BotThinkers() = default;
  // Takes `job`, to be thought and answered through its `done`; false, leaving `job` untouched,
  // when there is no room for it now.
  virtual bool think(BotJob& job) = 0;
};

// Thinks each job at once on the thread that hands it over: for tests that order every step of a
// room themselves, as a room with no pool of the server's does.
BotThinkers& thinking_at_once();

// The threads a pool of `threads` runs (BotPoolSettings, config.hpp): as given, or for 0, half the
// cores, at least one.
int bot_threads_for(int threads);

class BotPool : public BotThinkers {
 public:
  explicit BotPool(BotPoolSettings settings = {});
  ~BotPool() override;  // stop()
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  bool think(BotJob& job) override;
  // The threads finish the jobs they think and end; the jobs still queued are dropped unanswered
  // (the server is stopping, and its rooms with it). Idempotent.
  void stop();
  int threads() const { return static_cast<int>(threads_.size()); }

 private:
  void work();
  void publish_gauges();  // with mutex_ held

  const BotPoolSettings settings_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::deque<BotJob> queue_;
  int thinking_ = 0;
  std::vector<std::thread> threads_;
};

}  // namespace tortuga
