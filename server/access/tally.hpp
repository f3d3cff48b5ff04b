// How many of one thing each key holds now (connections per address, rooms per player), with a
// ceiling: a key at the ceiling takes no more until it gives one back. A key that holds nothing is
// forgotten, so that the tally is as large as the keys holding something, never as the keys ever
// seen. Thread-safe.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <string>

namespace tortuga {

template <class Key>
class Tally {
 public:
  // `ceiling`: the most each key may hold; 0 or less: no ceiling.
  explicit Tally(int ceiling) : ceiling_(ceiling) {}

  int ceiling() const { return ceiling_; }
  // Counts one more for `key`, unless it holds the ceiling already; whether it did.
  bool take(const Key& key) {
    std::lock_guard lock(mutex_);
    int& held = held_[key];
    if (ceiling_ > 0 && held >= ceiling_) return false;  // held > 0: the entry was there
    ++held;
    return true;
  }
  // One fewer for `key` (one it took).
  void give_back(const Key& key) {
    std::lock_guard lock(mutex_);
    auto it = held_.find(key);
    if (it == held_.end()) return;
    if (--it->second <= 0) held_.erase(it);
  }
  int held(const Key& key) const {
    std::lock_guard lock(mutex_);
    auto it = held_.find(key);
    return it == held_.end() ? 0 : it->second;
  }
  // How many keys hold something.
  std::size_t keys() const {
    std::lock_guard lock(mutex_);
    return held_.size();
  }

 private:
  const int ceiling_;
  mutable std::mutex mutex_;
  std::map<Key, int> held_;
};

}  // namespace tortuga
