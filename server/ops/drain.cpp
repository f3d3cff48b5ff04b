#include "server/ops/drain.hpp"

#include "server/ops/log.hpp"

namespace tortuga {

bool Drain::admit(std::int64_t room) {
  std::lock_guard lock(mutex_);
  if (draining_) return false;
  running_.insert(room);
  return true;
}

void Drain::resumed(std::int64_t room) {
  std::lock_guard lock(mutex_);
  running_.insert(room);
}

void Drain::ended(std::int64_t room) {
  std::lock_guard lock(mutex_);
  if (running_.erase(room) == 0) return;
  if (draining_ && running_.empty())
    TORTUGA_LOG(info, "drained: no match is running, the node is empty");
}

DrainReport Drain::begin() {
  std::lock_guard lock(mutex_);
  TORTUGA_LOG(info, (draining_ ? "still draining: " : "draining: no new rooms or matches; ")
                        << running_.size() << " matches running");
  draining_ = true;
  if (running_.empty()) TORTUGA_LOG(info, "drained: no match is running, the node is empty");
  return {draining_, running_.size()};
}

DrainReport Drain::report() const {
  std::lock_guard lock(mutex_);
  return {draining_, running_.size()};
}

bool Drain::draining() const {
  std::lock_guard lock(mutex_);
  return draining_;
}

}  // namespace tortuga
