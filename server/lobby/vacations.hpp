// The players' vacations as the lobby keeps them (docs/correspondence.md): each account's days
// this year, read from the store each time and written back before the answer, so that what
// another node or a restart wrote is never undone. One at a time on this node, so that a vacation
// taken on request and a day spent by a clock in a room never undo each other; rare enough (a
// request, a clock out of time) that waiting for the store costs nothing. Thread-safe: rooms ask
// from their strands, connections from theirs.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>

#include "persistence/store.hpp"

namespace tortuga {

class Vacations {
 public:
  // `allowance`: the days each account has a year.
  Vacations(store::Store& store, int allowance) : store_(store), allowance_(allowance) {}

  // `days` more days of `player`'s vacation from `now_ms` (or from the end of the one under way),
  // stored; none, nothing changed, when they have fewer left this year. Throws
  // store::Unavailable when the store cannot read or write it.
  std::optional<store::Vacation> take(std::int64_t player, int days, std::int64_t now_ms);
  // What `player` is shown at `now_ms`: their vacation this year or under way (none when they
  // have none), and the days they may still take.
  struct Reading {
    std::optional<store::Vacation> last;
    int days_left = 0;
  };
  Reading read(std::int64_t player, std::int64_t now_ms);
  // The days `player` may still take in the year of `now_ms`.
  int days_left(std::int64_t player, std::int64_t now_ms);
  // When the player's vacation under way ends; none when they are not on one.
  std::optional<std::int64_t> until(std::int64_t player, std::int64_t now_ms);
  int allowance() const { return allowance_; }

 private:
  store::Store& store_;
  const int allowance_;
  std::mutex mutex_;
};

}  // namespace tortuga
