// The budget of requests per client address: a burst at once, then a steady rate; one address
// spending its budget takes nothing from another's; and however many addresses come, the budget
// keeps a bounded number of them.
#include <doctest/doctest.h>

#include <string>

#include "server/access/address_budget.hpp"

namespace tortuga::testing {

TEST_CASE("an address spends its burst, then gets requests back at the budget's rate") {
  AddressBudget budget(/*per_minute=*/6, /*burst=*/3);
  const auto t0 = AddressBudget::Clock::time_point{};
  for (int i = 0; i < 3; ++i) CHECK(budget.take("192.0.2.1", t0));
  CHECK_FALSE(budget.take("192.0.2.1", t0));
  CHECK(budget.take("192.0.2.2", t0));  // another address has its own
  CHECK(budget.retry_after_s() == 10);
  CHECK_FALSE(budget.take("192.0.2.1", t0 + std::chrono::seconds(9)));
  CHECK(budget.take("192.0.2.1", t0 + std::chrono::seconds(19)));  // one back every 10 s
  CHECK_FALSE(budget.take("192.0.2.1", t0 + std::chrono::seconds(19)));
  // Never more than the burst, however long it waited.
  const auto later = t0 + std::chrono::hours(1);
  for (int i = 0; i < 3; ++i) CHECK(budget.take("192.0.2.1", later));
  CHECK_FALSE(budget.take("192.0.2.1", later));
}

TEST_CASE("the addresses kept are bounded, and one still spending is not forgotten for new ones") {
  AddressBudget budget(/*per_minute=*/1, /*burst=*/2, /*addresses=*/3);
  const auto t0 = AddressBudget::Clock::time_point{};
  CHECK(budget.take("spender", t0));
  CHECK(budget.take("spender", t0));
  CHECK_FALSE(budget.take("spender", t0));
  // Many addresses, one request each: the spender's empty budget is not wiped by them while
  // there are full (or fuller) ones to forget.
  for (int i = 0; i < 1000; ++i) budget.take("visitor-" + std::to_string(i), t0);
  CHECK_FALSE(budget.take("spender", t0));
}

}  // namespace tortuga::testing
