// The only source of randomness a match has. Either a seeded generator whose sequence is the same
// on every platform and standard library (no std::uniform_int_distribution), or a scripted list of
// outcomes consumed first (deck orders, die rolls for tests and scenarios), after which the seeded
// generator takes over. Options + seed + script + action log reproduce a match exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tortuga {

class Chance {
 public:
  explicit Chance(std::uint64_t seed = 0, std::vector<std::uint32_t> script = {});

  // A uniform integer in [0, n); n must be at least 1. A scripted outcome is taken modulo n.
  std::uint32_t below(std::uint32_t n);

  // A uniform integer in [lo, hi].
  int between(int lo, int hi) {
    return lo + static_cast<int>(below(static_cast<std::uint32_t>(hi - lo + 1)));
  }

  // A die roll: 1..sides.
  int roll(int sides) { return between(1, sides); }

  // Fisher-Yates from the back, drawing from below(): the same order everywhere.
  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  std::uint64_t seed() const { return seed_; }
  std::size_t scripted_left() const { return script_.size() - next_scripted_; }

 private:
  std::uint64_t next64();

  std::uint64_t seed_;
  std::uint64_t s_[4];  // xoshiro256** state
  std::vector<std::uint32_t> script_;
  std::size_t next_scripted_ = 0;
};

}  // namespace tortuga
