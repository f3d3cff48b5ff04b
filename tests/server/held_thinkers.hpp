// Where a room's bots think, for tests that choose when each bot's choice comes back: every job is
// held until the test lets it think, or refused while the test says there is no room for it.
#pragma once

#include <deque>

#include "server/bots/bot_pool.hpp"

namespace tortuga::testing {

class HeldThinkers : public BotThinkers {
 public:
  bool think(BotJob& job) override {
    ++asked;
    if (full) return false;
    held_.push_back(std::move(job));
    return true;
  }
  std::size_t held() const { return held_.size(); }
  // The oldest job held thinks on this thread and answers; its room gets the choice on its strand.
  void release() {
    BotJob job = std::move(held_.front());
    held_.pop_front();
    Expected<Json> choice = job.think(job.rng);
    job.done(std::move(choice));
  }

  bool full = false;  // refuse every job, as a pool whose queue is full
  int asked = 0;      // jobs offered, taken or refused

 private:
  std::deque<BotJob> held_;
};

}  // namespace tortuga::testing
