// So many of one thing per key over a period (players made per address per hour): a token bucket
// per key, full at `most`, refilled at `most` per `period`. A key whose bucket has filled again is
// forgotten, so that the allowances kept are those of the keys that used some recently.
// Thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace tortuga {

class Allowance {
 public:
  using Clock = std::chrono::steady_clock;
  // `most`: what a key may use at once, and again over each `period`; 0 or less: no limit.
  Allowance(int most, std::chrono::milliseconds period) : most_(most), period_(period) {}

  int most() const { return most_; }
  // Uses one of `key`'s allowance at `now`: none when it could, else how long until it can.
  std::optional<std::chrono::milliseconds> use(const std::string& key, Clock::time_point now);
  // How many keys have used some of their allowance and not yet got it back whole.
  std::size_t keys() const;

 private:
  struct Bucket {
    double left;
    Clock::time_point at;
  };
  // Refills `b` up to `now`; whether it is full.
  bool refill(Bucket& b, Clock::time_point now) const;

  const int most_;
  const std::chrono::milliseconds period_;
  mutable std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
  Clock::time_point swept_{};
};

}  // namespace tortuga
