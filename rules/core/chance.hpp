// The only source of randomness a match has. Either a seeded generator whose sequence is the same
// on every platform and standard library (no std::uniform_int_distribution), or a scripted list of
// outcomes consumed first (deck orders, die rolls for tests and scenarios), after which the seeded
// generator takes over. Options + seed + script + action log reproduce a match exactly.
//
// A match file may also name what chance decides in the game's own words (a deck's order, a die's
// faces: named_chance.hpp). The rules ask for those by name where they shuffle or roll; a written
// event that does not fit is recorded here as the chance source's refusal, for the replay to
// report, and the rules carry on with a random draw so that they never see a bad value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga {

class NamedEvents;

class Chance {
 public:
  explicit Chance(std::uint64_t seed = 0, std::vector<std::uint32_t> script = {},
                  std::shared_ptr<const NamedEvents> named = nullptr);

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

  // The next value written for the named event, or nullptr when the file writes no more of it
  // (and always when it names none, as in every live match): the caller then draws at random.
  const nlohmann::json* take(std::string_view event);
  // Records why a written value was refused; the first refusal is kept.
  void refuse(Error error);
  const std::optional<Error>& refusal() const { return refusal_; }
  // The events written but never asked for: "fog_die" (2 left), ...; empty when all were used.
  std::vector<std::string> unused() const;

 private:
  std::uint64_t next64();

  std::uint64_t seed_;
  std::uint64_t s_[4];  // xoshiro256** state
  std::vector<std::uint32_t> script_;
  std::size_t next_scripted_ = 0;
  std::shared_ptr<const NamedEvents> named_;
  std::vector<std::size_t> taken_;  // per event of named_, how many values were taken
  std::optional<Error> refusal_;
};

}  // namespace tortuga
