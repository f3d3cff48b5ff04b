#include "server/access/address_budget.hpp"

#include <algorithm>
#include <cmath>

namespace tortuga {

AddressBudget::AddressBudget(double per_minute, double burst, std::size_t addresses)
    : per_second_(per_minute / 60), burst_(std::max(1.0, burst)), addresses_(addresses) {}

double AddressBudget::refilled(const Bucket& b, Clock::time_point now) const {
  const double elapsed = std::chrono::duration<double>(now - b.refilled).count();
  return std::min(burst_, b.tokens + std::max(0.0, elapsed) * per_second_);
}

bool AddressBudget::take(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(address);
  if (it == buckets_.end()) {
    if (buckets_.size() >= addresses_) forget_some(now);
    it = buckets_.emplace(address, Bucket{burst_, now}).first;
  }
  Bucket& b = it->second;
  b.tokens = refilled(b, now);
  b.refilled = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

int AddressBudget::retry_after_s() const {
  if (per_second_ <= 0) return 3600;
  return std::max(1, static_cast<int>(std::ceil(1 / per_second_)));
}

void AddressBudget::forget_some(Clock::time_point now) {
  // Full buckets hold nothing a new one would not: they go. If none is full, every address is
  // spending, and the fullest goes: forgetting it gives it the least, and an address that has
  // spent its budget is the last to be given a new one.
  std::erase_if(buckets_, [&](const auto& entry) { return refilled(entry.second, now) >= burst_; });
  if (buckets_.size() < addresses_) return;
  auto fullest =
      std::max_element(buckets_.begin(), buckets_.end(), [&](const auto& a, const auto& b) {
        return refilled(a.second, now) < refilled(b.second, now);
      });
  buckets_.erase(fullest);
}

}  // namespace tortuga
