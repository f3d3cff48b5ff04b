// Vacation days (docs/correspondence.md): an allowance a calendar year, taken whole days at a time,
// and spent a day at a time when a correspondence clock would run out, which then waits.
#include <doctest/doctest.h>

#include "server/lobby/vacation.hpp"
#include "server/room/correspondence_clock.hpp"

namespace tortuga::testing {
namespace {

using store::kDayMs;

constexpr std::int64_t kMidJune2027 = 1'813'000'000'000;
constexpr std::int64_t kNewYear2028 = 1'830'297'600'000;  // 2028-01-01T00:00:00Z

TEST_CASE("the year of a time is the UTC calendar's") {
  CHECK(utc_year(kMidJune2027) == 2027);
  CHECK(utc_year(kNewYear2028 - 1) == 2027);
  CHECK(utc_year(kNewYear2028) == 2028);
}

TEST_CASE("vacation is taken from the year's allowance, and not past it") {
  store::Vacation v;
  CHECK(vacation_days_left(v, 14, kMidJune2027) == 14);
  auto taken = take_vacation(v, 10, 14, kMidJune2027);
  REQUIRE(taken);
  CHECK(taken->from_ms == kMidJune2027);
  CHECK(taken->until_ms == kMidJune2027 + 10 * kDayMs);
  CHECK(on_vacation(*taken, kMidJune2027 + 9 * kDayMs));
  CHECK_FALSE(on_vacation(*taken, kMidJune2027 + 10 * kDayMs));
  CHECK(vacation_days_left(*taken, 14, kMidJune2027) == 4);
  CHECK_FALSE(take_vacation(*taken, 5, 14, kMidJune2027 + 20 * kDayMs));
  CHECK_FALSE(take_vacation(*taken, 0, 14, kMidJune2027 + 20 * kDayMs));
}

TEST_CASE("days taken during a vacation lengthen it") {
  auto v = take_vacation({}, 2, 14, kMidJune2027);
  REQUIRE(v);
  v = take_vacation(*v, 3, 14, kMidJune2027 + kDayMs);
  REQUIRE(v);
  CHECK(v->from_ms == kMidJune2027);
  CHECK(v->until_ms == kMidJune2027 + 5 * kDayMs);
  CHECK(v->days_used == 5);
}

TEST_CASE("a new year gives the allowance afresh") {
  auto v = take_vacation({}, 14, 14, kNewYear2028 - 20 * kDayMs);
  REQUIRE(v);
  CHECK(vacation_days_left(*v, 14, kNewYear2028 - kDayMs) == 0);
  CHECK(vacation_days_left(*v, 14, kNewYear2028) == 14);
  const auto next = take_vacation(*v, 3, 14, kNewYear2028);
  REQUIRE(next);
  CHECK(next->year == 2028);
  CHECK(next->days_used == 3);
  // The operator's allowance is the one counted.
  CHECK(vacation_days_left({}, 30, kNewYear2028) == 30);
}

TEST_CASE("the vacation shown is this year's, or one running into it") {
  CHECK_FALSE(vacation_this_year({}, kMidJune2027));
  const auto june = take_vacation({}, 2, 14, kMidJune2027);
  REQUIRE(june);
  CHECK(vacation_this_year(*june, kMidJune2027));
  // Over, it is still this year's last.
  CHECK(vacation_this_year(*june, kMidJune2027 + 30 * kDayMs));
  CHECK_FALSE(vacation_this_year(*june, kNewYear2028));
  // Taken in December and running into January: shown until it ends, not after.
  const auto december = take_vacation({}, 5, 14, kNewYear2028 - 2 * kDayMs);
  REQUIRE(december);
  CHECK(vacation_this_year(*december, kNewYear2028 + kDayMs));
  CHECK_FALSE(vacation_this_year(*december, kNewYear2028 + 3 * kDayMs));
}

TEST_CASE("a clock about to run out spends a vacation day at a time, then times out") {
  constexpr store::CorrespondencePace pace{
      .days_per_move = 1, .bank_extra_hours = 0, .bank_cap_days = 0};
  CorrespondenceClock clock(pace, 2, 3);
  store::Vacation v;
  clock.waiting_for({0}, kMidJune2027);
  std::int64_t due = *clock.due_ms(0);
  CHECK(due == kMidJune2027 + kDayMs);
  int days_spent = 0;
  // What the room does when a seat's clock falls due: a day of vacation while any is left.
  while (auto day = take_vacation(v, 1, 2, due)) {
    v = *day;
    clock.pause(0, due, v.until_ms);
    ++days_spent;
    CHECK(*clock.due_ms(0) == due + kDayMs);
    due = *clock.due_ms(0);
  }
  CHECK(days_spent == 2);
  CHECK(due == kMidJune2027 + 3 * kDayMs);
  CHECK_FALSE(clock.timed_out(0, due));
  CHECK(clock.timeouts(0) == 1);
}

}  // namespace
}  // namespace tortuga::testing
