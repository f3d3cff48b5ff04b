// A budget of requests per client address: a token bucket for each address, refilled at a steady
// rate up to a burst, so that one address cannot take a costly service (replays) from everyone
// else while a person clicking through it never meets the limit. The addresses kept are bounded:
// an address whose bucket has filled up again is as good as new, and is forgotten first.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tortuga {

class AddressBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // `per_minute` requests a minute in the long run, up to `burst` at once; at most `addresses`
  // addresses kept (beyond, the full ones are forgotten, or with none full the fullest).
  AddressBudget(double per_minute, double burst, std::size_t addresses = 100000);

  // Takes one request from `address`'s budget: whether it had one left.
  bool take(const std::string& address, Clock::time_point now = Clock::now());
  // Seconds until an empty budget has a request again.
  int retry_after_s() const;

 private:
  struct Bucket {
    double tokens;
    Clock::time_point refilled;
  };
  double refilled(const Bucket& b, Clock::time_point now) const;
  void forget_some(Clock::time_point now);

  const double per_second_;
  const double burst_;
  const std::size_t addresses_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace tortuga
