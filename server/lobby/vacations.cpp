#include "server/lobby/vacations.hpp"

#include <future>

#include "server/lobby/vacation.hpp"

namespace tortuga {

std::optional<store::Vacation> Vacations::take(std::int64_t player, int days, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto taken = take_vacation(store_.vacation(player).value(), days, allowance_, now_ms);
  if (!taken) return std::nullopt;
  std::promise<store::Outcome<void>> written;
  store_.save_vacation(player, *taken,
                       [&written](const store::Outcome<void>& w) { written.set_value(w); });
  written.get_future().get().value();
  return taken;
}

int Vacations::days_left(std::int64_t player, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  return vacation_days_left(store_.vacation(player).value(), allowance_, now_ms);
}

Vacations::Reading Vacations::read(std::int64_t player, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  const store::Vacation known = store_.vacation(player).value();
  Reading r{.days_left = vacation_days_left(known, allowance_, now_ms)};
  if (vacation_this_year(known, now_ms)) r.last = known;
  return r;
}

std::optional<std::int64_t> Vacations::until(std::int64_t player, std::int64_t now_ms) {
  const store::Vacation known = store_.vacation(player).value();
  if (!on_vacation(known, now_ms)) return std::nullopt;
  return known.until_ms;
}

}  // namespace tortuga
