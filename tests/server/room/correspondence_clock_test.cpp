// A correspondence match's clocks over days that the tests give (docs/correspondence.md): the
// move's days afresh each move, the bank drawn after them and refilled up to its cap, a vacation
// standing the clock still, and timeouts in a row owing a stand-in.
#include <doctest/doctest.h>

#include "server/room/correspondence_clock.hpp"

namespace tortuga::testing {
namespace {

using store::kDayMs;
using store::kHourMs;

constexpr std::int64_t kStart = 1'800'000'000'000;  // some day in 2027

// Two days a move, six hours more in the bank per move, four days at most.
constexpr store::CorrespondencePace kPace{
    .days_per_move = 2, .bank_extra_hours = 6, .bank_cap_days = 4};

TEST_CASE("a seat waited for has its move's days and then its full bank") {
  CorrespondenceClock clock(kPace, 2, 3);
  CHECK_FALSE(clock.due_ms(0));
  CHECK(clock.left_ms(0, kStart) == 4 * kDayMs);
  clock.waiting_for({0}, kStart);
  CHECK(clock.due_ms(0) == kStart + 6 * kDayMs);
  CHECK_FALSE(clock.due_ms(1));
  CHECK(clock.left_ms(0, kStart + kDayMs) == 5 * kDayMs);
  CHECK(clock.timeout_due_ms() == kStart + 6 * kDayMs);
}

TEST_CASE("a move within its days keeps the bank and adds the extra time up to the cap") {
  CorrespondenceClock clock(kPace, 2, 3);
  clock.waiting_for({0}, kStart);
  clock.moved(0, kStart + kDayMs);
  CHECK(clock.left_ms(0, kStart + kDayMs) == 4 * kDayMs);  // full already: the cap holds it
  clock.waiting_for({1}, kStart + kDayMs);
  CHECK_FALSE(clock.due_ms(0));
  CHECK(clock.due_ms(1) == kStart + kDayMs + 6 * kDayMs);
}

TEST_CASE("a move past its days draws the bank, and each move's extra time refills it") {
  CorrespondenceClock clock(kPace, 2, 3);
  clock.waiting_for({0}, kStart);
  // Three days and a half: a day and a half from the bank, six hours back.
  std::int64_t now = kStart + 3 * kDayMs + 12 * kHourMs;
  clock.moved(0, now);
  CHECK(clock.left_ms(0, now) == 4 * kDayMs - 36 * kHourMs + 6 * kHourMs);
  // The next move's days are whole again, on top of what the bank holds.
  clock.waiting_for({0}, now);
  CHECK(clock.due_ms(0) == now + 2 * kDayMs + 4 * kDayMs - 30 * kHourMs);
  // Quick moves bring the bank back to its cap and no further.
  for (int i = 0; i < 10; ++i) {
    now += kHourMs;
    clock.moved(0, now);
    clock.waiting_for({0}, now);
  }
  CHECK(clock.left_ms(0, now) == 2 * kDayMs + 4 * kDayMs);
}

TEST_CASE("a seat no longer waited for without moving keeps its bank and its timeouts") {
  CorrespondenceClock clock(kPace, 2, 3);
  clock.waiting_for({0, 1}, kStart);
  clock.moved(0, kStart + kHourMs);
  clock.waiting_for({}, kStart + 3 * kDayMs);  // seat 1's question went away
  CHECK_FALSE(clock.due_ms(1));
  CHECK(clock.left_ms(1, kStart + 3 * kDayMs) == 4 * kDayMs);
}

TEST_CASE("several seats asked at once time out together, at the latest of their clocks") {
  CorrespondenceClock clock(kPace, 3, 3);
  clock.waiting_for({0}, kStart);
  clock.waiting_for({0, 1, 2}, kStart + kDayMs);
  CHECK(clock.due_ms(0) == kStart + 6 * kDayMs);
  CHECK(clock.due_ms(1) == kStart + 7 * kDayMs);
  CHECK(clock.timeout_due_ms() == kStart + 7 * kDayMs);
  clock.moved(1, kStart + 2 * kDayMs);
  clock.moved(2, kStart + 2 * kDayMs);
  clock.waiting_for({0}, kStart + 2 * kDayMs);
  CHECK(clock.timeout_due_ms() == kStart + 6 * kDayMs);
}

TEST_CASE("a vacation stands the clock still and gives back every day it lasts") {
  CorrespondenceClock clock(kPace, 2, 3);
  clock.waiting_for({0}, kStart);
  const std::int64_t away = kStart + kDayMs;
  clock.pause(0, away, away + 3 * kDayMs);
  CHECK(clock.due_ms(0) == kStart + 9 * kDayMs);
  CHECK(clock.left_ms(0, away + 2 * kDayMs) == 5 * kDayMs);  // nothing used while away
  // Taken again before it ended: it lasts longer, and the clock is not charged twice.
  clock.pause(0, away + kDayMs, away + 5 * kDayMs);
  CHECK(clock.due_ms(0) == kStart + 11 * kDayMs);
  // A move made on vacation is charged only the day used before it.
  clock.moved(0, away + 2 * kDayMs);
  CHECK(clock.left_ms(0, away + 2 * kDayMs) == 4 * kDayMs);
}

TEST_CASE("a seat asked while its player is on vacation starts when the vacation ends") {
  CorrespondenceClock clock(kPace, 2, 3);
  clock.pause(1, kStart, kStart + 2 * kDayMs);
  clock.waiting_for({1}, kStart + kDayMs);
  CHECK(clock.due_ms(1) == kStart + 2 * kDayMs + 6 * kDayMs);
}

TEST_CASE("timeouts in a row owe a stand-in; a move of the player's own starts the count again") {
  CorrespondenceClock clock(kPace, 2, 3);
  std::int64_t now = kStart;
  clock.waiting_for({0}, now);
  now = *clock.due_ms(0);
  CHECK_FALSE(clock.timed_out(0, now));
  CHECK(clock.timeouts(0) == 1);
  // The bank is spent: the next move has its days alone.
  clock.waiting_for({0}, now);
  CHECK(clock.due_ms(0) == now + 2 * kDayMs);
  now = *clock.due_ms(0);
  CHECK_FALSE(clock.timed_out(0, now));
  clock.moved(0, now + kHourMs);  // back in time for the next
  CHECK(clock.timeouts(0) == 0);
  for (int i = 1; i <= 3; ++i) {
    clock.waiting_for({0}, now);
    now = *clock.due_ms(0);
    CHECK(clock.timed_out(0, now) == (i == 3));
  }
  CHECK(clock.timeouts(0) == 3);
}

TEST_CASE("no stand-in is owed when the room's setting turns it off") {
  CorrespondenceClock clock(kPace, 1, 0);
  for (int i = 0; i < 5; ++i) {
    clock.waiting_for({0}, kStart + i * 3 * kDayMs);
    CHECK_FALSE(clock.timed_out(0, *clock.due_ms(0)));
  }
}

TEST_CASE("clocks rebuilt from what the store keeps run on where they were") {
  CorrespondenceClock clock(kPace, 2, 3);
  clock.waiting_for({1}, kStart);
  clock.pause(1, kStart + kDayMs, kStart + 2 * kDayMs);
  CorrespondenceClock rebuilt(clock.stored(), 2, 3);
  CHECK(rebuilt.due_ms(1) == clock.due_ms(1));
  CHECK(rebuilt.left_ms(1, kStart + 4 * kDayMs) == clock.left_ms(1, kStart + 4 * kDayMs));
  CHECK(clock.stored().seats[1].due_ms == *clock.due_ms(1));
  CHECK(clock.stored().seats[0].due_ms == 0);
}

TEST_CASE("clocks stored for fewer seats, or out of order, are found at each seat's own index") {
  CorrespondenceClock clock(kPace, 3, 3);
  clock.waiting_for({2}, kStart);
  store::CorrespondenceClocks stored = clock.stored();
  // The store kept seat 2 first and lost seat 1; a fourth seat the room has not is dropped.
  stored.seats = {stored.seats[2], stored.seats[0], {.seat = 3, .waiting = true}};
  CorrespondenceClock rebuilt(stored, 3, 3);
  REQUIRE(rebuilt.stored().seats.size() == 3);
  CHECK(rebuilt.due_ms(2) == clock.due_ms(2));
  CHECK_FALSE(rebuilt.due_ms(1));
  CHECK(rebuilt.left_ms(1, kStart) == 4 * kDayMs);  // a fresh clock: its bank full
  CHECK(rebuilt.stored().seats[1].seat == 1);
  rebuilt.waiting_for({1}, kStart);  // the seat the store lost can be waited for
  CHECK(rebuilt.due_ms(1) == kStart + 6 * kDayMs);
}

}  // namespace
}  // namespace tortuga::testing
