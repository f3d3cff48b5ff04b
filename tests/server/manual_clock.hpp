// A clock for rooms that moves only when a test says: each step fires the timer due first, so that
// a test orders bots' pauses and deadlines against commits and people's actions as it chooses.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include <boost/asio/post.hpp>

#include "server/ops/clock.hpp"

namespace tortuga::testing {

class ManualClock : public RoomClock {
 public:
  std::unique_ptr<RoomTimer> timer(const RoomStrand& strand) override {
    auto slot = std::make_shared<Slot>(strand);
    slots_.push_back(slot);
    return std::make_unique<Timer>(slot, now_ms_);
  }

  std::int64_t now_ms() const override { return now_ms_; }
  // How many timers are armed.
  std::size_t armed() const {
    return std::count_if(slots_.begin(), slots_.end(), [](const auto& s) {
      auto slot = s.lock();
      return slot && slot->fire;
    });
  }
  // When the earliest armed timer ends; the largest time when none is armed.
  std::int64_t next_due() const {
    std::int64_t due = std::numeric_limits<std::int64_t>::max();
    for (const auto& s : slots_)
      if (auto slot = s.lock(); slot && slot->fire) due = std::min(due, slot->due);
    return due;
  }
  // Moves the clock on to `ms` (days, for correspondence clocks), firing nothing: no timer may be
  // due before then.
  void advance_to(std::int64_t ms) {
    if (ms < now_ms_ || ms > next_due())
      throw std::logic_error("advance_to: back in time, or past a timer due");
    now_ms_ = ms;
  }
  // Moves the clock to the earliest armed timer's time and queues its callback on its strand,
  // as an expired steady_timer does; false when no timer is armed.
  bool fire_next() {
    std::shared_ptr<Slot> first;
    for (const auto& s : slots_)
      if (auto slot = s.lock(); slot && slot->fire && (!first || slot->due < first->due))
        first = slot;
    if (!first) return false;
    now_ms_ = std::max(now_ms_, first->due);
    auto fire = std::move(first->fire);
    first->fire = nullptr;
    boost::asio::post(first->strand, [first, armed = first->arming, fire = std::move(fire)] {
      if (first->arming == armed) fire();  // not armed again or cancelled meanwhile
    });
    return true;
  }

 private:
  struct Slot {
    explicit Slot(const RoomStrand& s) : strand(s) {}
    RoomStrand strand;
    std::int64_t due = 0;
    std::uint64_t arming = 0;
    std::function<void()> fire;  // empty when not armed
  };
  class Timer : public RoomTimer {
   public:
    Timer(std::shared_ptr<Slot> slot, const std::int64_t& now)
        : slot_(std::move(slot)), now_(now) {}
    ~Timer() override { cancel(); }
    void arm(std::chrono::milliseconds after, std::function<void()> fire) override {
      ++slot_->arming;
      slot_->due = now_ + after.count();
      slot_->fire = std::move(fire);
    }
    void cancel() override {
      ++slot_->arming;
      slot_->fire = nullptr;
    }

   private:
    std::shared_ptr<Slot> slot_;
    const std::int64_t& now_;
  };

  std::int64_t now_ms_ = 0;
  std::vector<std::weak_ptr<Slot>> slots_;
};

}  // namespace tortuga::testing
