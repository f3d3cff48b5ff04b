#include "server/lobby/vacation.hpp"

#include <algorithm>
#include <chrono>

namespace tortuga {

int utc_year(std::int64_t ms) {
  using namespace std::chrono;
  const sys_days day = floor<days>(sys_time<milliseconds>(milliseconds(ms)));
  return static_cast<int>(year_month_day(day).year());
}

int vacation_days_left(const store::Vacation& v, int allowance, std::int64_t now_ms) {
  if (v.year != utc_year(now_ms)) return allowance;
  return std::max(0, allowance - v.days_used);
}

bool on_vacation(const store::Vacation& v, std::int64_t now_ms) {
  return v.from_ms <= now_ms && now_ms < v.until_ms;
}

bool vacation_this_year(const store::Vacation& v, std::int64_t now_ms) {
  return (v.year == utc_year(now_ms) && v.days_used > 0) || on_vacation(v, now_ms);
}

std::optional<store::Vacation> take_vacation(store::Vacation v, int days, int allowance,
                                             std::int64_t now_ms) {
  if (days < 1 || days > vacation_days_left(v, allowance, now_ms)) return std::nullopt;
  const int year = utc_year(now_ms);
  if (v.year != year)
    v = {.year = year, .days_used = 0, .from_ms = v.from_ms, .until_ms = v.until_ms};
  v.days_used += days;
  if (!on_vacation(v, now_ms)) {
    v.from_ms = now_ms;
    v.until_ms = now_ms;
  }
  v.until_ms += days * store::kDayMs;
  return v;
}

}  // namespace tortuga
