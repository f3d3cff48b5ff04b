// Correspondence play as the store keeps it (docs/correspondence.md): a match's pace, each seat's
// clock, and each player's vacation. Deadlines are stored, not only armed in memory, so that a
// room whose match waits for days need not be held to fire them: `due_ms` is when a seat's clock
// runs out as things stand, indexed for the store's earliest-due query.
#pragma once

#include <cstdint>
#include <vector>

namespace tortuga::store {

inline constexpr std::int64_t kHourMs = 60LL * 60 * 1000;
inline constexpr std::int64_t kDayMs = 24 * kHourMs;

// The room's option: days for each move, and the time bank that each move refills.
struct CorrespondencePace {
  int days_per_move = 1;      // 1..14
  int bank_extra_hours = 12;  // 0..168: added to the bank after each move
  int bank_cap_days = 7;      // 0..28: the most the bank holds, and what it holds at the start

  std::int64_t move_ms() const { return days_per_move * kDayMs; }
  std::int64_t extra_ms() const { return bank_extra_hours * kHourMs; }
  std::int64_t cap_ms() const { return bank_cap_days * kDayMs; }
  bool operator==(const CorrespondencePace&) const = default;
};

// One seat's clock. While the rules wait for the seat it has used `used_ms` of its move, and runs
// from `running_from_ms` (later than now while its player is on vacation); its move runs out once
// it has used the move's days and then its bank.
struct SeatClock {
  int seat = 0;
  std::int64_t bank_ms = 0;
  bool waiting = false;  // the rules wait for the seat
  std::int64_t used_ms = 0;
  std::int64_t running_from_ms = 0;
  int timeouts = 0;         // in a row: a move of the player's own sets it back to 0
  std::int64_t due_ms = 0;  // when the clock runs out as things stand; 0 when not waiting
  bool operator==(const SeatClock&) const = default;
};

// A correspondence match's clocks, written whole after each change (a few seats).
struct CorrespondenceClocks {
  std::int64_t match = 0;
  CorrespondencePace pace;
  std::vector<SeatClock> seats;
  bool operator==(const CorrespondenceClocks&) const = default;
};

// A seat whose clock runs out by some time: what a node fires without holding the room.
struct DueClock {
  std::int64_t match = 0;
  int seat = 0;
  std::int64_t due_ms = 0;
  bool operator==(const DueClock&) const = default;
};

// A player's vacation: days taken in `year` (UTC), and the last vacation, [from_ms, until_ms)
// (both 0: none yet). A new year gives the allowance afresh.
struct Vacation {
  int year = 0;
  int days_used = 0;
  std::int64_t from_ms = 0;
  std::int64_t until_ms = 0;
  bool operator==(const Vacation&) const = default;
};

}  // namespace tortuga::store
