// A player's vacation days (docs/correspondence.md): `allowance` days each calendar year (UTC),
// taken on request or one at a time when a correspondence clock would run out. While on
// vacation every correspondence clock of theirs stands still.
#pragma once

#include <cstdint>
#include <optional>

#include "persistence/correspondence.hpp"

namespace tortuga {

// The calendar year (UTC) of a time in milliseconds since the epoch.
int utc_year(std::int64_t ms);

// The days the player may still take in the year of `now_ms`.
int vacation_days_left(const store::Vacation& v, int allowance, std::int64_t now_ms);

// Whether the player is on vacation at `now_ms`.
bool on_vacation(const store::Vacation& v, std::int64_t now_ms);

// Whether `v` is what the player is shown of their vacations at `now_ms`: one taken this year, or
// one still under way (taken late last year).
bool vacation_this_year(const store::Vacation& v, std::int64_t now_ms);

// `days` more days of vacation from `now_ms`, or from the end of the vacation under way; none
// when `days` is below 1 or more than are left this year. The days count in the year they are
// taken.
std::optional<store::Vacation> take_vacation(store::Vacation v, int days, int allowance,
                                             std::int64_t now_ms);

}  // namespace tortuga
