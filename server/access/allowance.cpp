#include "server/access/allowance.hpp"

#include <algorithm>
#include <cmath>

namespace tortuga {

bool Allowance::refill(Bucket& b, Clock::time_point now) const {
  const std::chrono::duration<double, std::milli> since = now - b.at;
  b.left = std::min<double>(most_, b.left + since.count() * most_ / period_.count());
  b.at = now;
  return b.left >= most_;
}

std::optional<std::chrono::milliseconds> Allowance::use(const std::string& key,
                                                        Clock::time_point now) {
  if (most_ <= 0) return std::nullopt;
  std::lock_guard lock(mutex_);
  // Now and then the buckets that have filled again are dropped: the map holds only the keys
  // that used some of their allowance within about a period.
  if (now - swept_ >= period_) {
    for (auto it = buckets_.begin(); it != buckets_.end();)
      it = refill(it->second, now) ? buckets_.erase(it) : std::next(it);
    swept_ = now;
  }
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{static_cast<double>(most_), now});
  Bucket& b = it->second;
  if (!fresh) refill(b, now);
  if (b.left >= 1) {
    b.left -= 1;
    return std::nullopt;
  }
  const double wait_ms = (1 - b.left) * period_.count() / most_;
  return std::chrono::milliseconds(static_cast<std::int64_t>(std::ceil(wait_ms)));
}

std::size_t Allowance::keys() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

}  // namespace tortuga
