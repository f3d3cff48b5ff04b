#include "server/room/correspondence_clock.hpp"

#include <algorithm>
#include <utility>

namespace tortuga {

CorrespondenceClock::CorrespondenceClock(store::CorrespondencePace pace, int seats,
                                         int stand_in_after)
    : stand_in_after_(stand_in_after) {
  stored_.pace = pace;
  for (int i = 0; i < seats; ++i) stored_.seats.push_back({.seat = i, .bank_ms = pace.cap_ms()});
}

CorrespondenceClock::CorrespondenceClock(store::CorrespondenceClocks stored, int seats,
                                         int stand_in_after)
    : CorrespondenceClock(stored.pace, seats, stand_in_after) {
  stored_.match = stored.match;
  for (const store::SeatClock& clock : stored.seats)
    if (clock.seat >= 0 && clock.seat < seats) stored_.seats[clock.seat] = clock;
}

std::int64_t CorrespondenceClock::used_by(const store::SeatClock& clock, std::int64_t now_ms) {
  // A clock paused until later has not run since it was paused.
  return clock.used_ms + std::max<std::int64_t>(0, now_ms - clock.running_from_ms);
}

void CorrespondenceClock::refresh_due(store::SeatClock& clock) {
  clock.due_ms =
      clock.waiting ? clock.running_from_ms + pace().move_ms() + clock.bank_ms - clock.used_ms : 0;
}

void CorrespondenceClock::start_move(store::SeatClock& clock, std::int64_t now_ms) {
  clock.waiting = true;
  clock.used_ms = 0;
  // A seat whose player is away on vacation starts when the vacation ends.
  clock.running_from_ms = std::max(now_ms, clock.running_from_ms);
  refresh_due(clock);
}

void CorrespondenceClock::waiting_for(const std::vector<int>& seats, std::int64_t now_ms) {
  for (store::SeatClock& clock : stored_.seats) {
    const bool asked = std::find(seats.begin(), seats.end(), clock.seat) != seats.end();
    if (asked && !clock.waiting) start_move(clock, now_ms);
    if (!asked && clock.waiting) {
      clock.waiting = false;
      clock.used_ms = 0;
      refresh_due(clock);
    }
  }
}

void CorrespondenceClock::moved(int at, std::int64_t now_ms) {
  store::SeatClock& clock = seat(at);
  clock.timeouts = 0;
  // Only a move the rules waited for earns the extra time.
  if (!clock.waiting) return;
  const std::int64_t over = std::max<std::int64_t>(0, used_by(clock, now_ms) - pace().move_ms());
  clock.bank_ms = std::min(pace().cap_ms(),
                           std::max<std::int64_t>(0, clock.bank_ms - over) + pace().extra_ms());
  clock.waiting = false;
  clock.used_ms = 0;
  refresh_due(clock);
}

void CorrespondenceClock::pause(int at, std::int64_t now_ms, std::int64_t until_ms) {
  store::SeatClock& clock = seat(at);
  if (clock.waiting && clock.running_from_ms < now_ms) {
    clock.used_ms = used_by(clock, now_ms);
    clock.running_from_ms = now_ms;
  }
  clock.running_from_ms = std::max(clock.running_from_ms, until_ms);
  refresh_due(clock);
}

bool CorrespondenceClock::timed_out(int at, std::int64_t now_ms) {
  store::SeatClock& clock = seat(at);
  clock.bank_ms = 0;
  clock.waiting = false;
  clock.used_ms = 0;
  clock.running_from_ms = std::min(clock.running_from_ms, now_ms);
  ++clock.timeouts;
  refresh_due(clock);
  return stand_in_after_ > 0 && clock.timeouts >= stand_in_after_;
}

std::optional<std::int64_t> CorrespondenceClock::due_ms(int at) const {
  const store::SeatClock& clock = stored_.seats.at(at);
  if (!clock.waiting) return std::nullopt;
  return clock.due_ms;
}

std::int64_t CorrespondenceClock::left_ms(int at, std::int64_t now_ms) const {
  const store::SeatClock& clock = stored_.seats.at(at);
  if (!clock.waiting) return clock.bank_ms;
  return std::max<std::int64_t>(0, pace().move_ms() + clock.bank_ms - used_by(clock, now_ms));
}

std::optional<std::int64_t> CorrespondenceClock::still_until_ms(int at, std::int64_t now_ms) const {
  const store::SeatClock& clock = stored_.seats.at(at);
  if (clock.running_from_ms <= now_ms) return std::nullopt;
  return clock.running_from_ms;
}

std::optional<std::int64_t> CorrespondenceClock::timeout_due_ms() const {
  std::optional<std::int64_t> latest;
  for (const store::SeatClock& clock : stored_.seats)
    if (clock.waiting) latest = std::max(latest.value_or(clock.due_ms), clock.due_ms);
  return latest;
}

}  // namespace tortuga
