// Failed guesses per address (server/lobby/guesses.hpp): free ones, then waits that double up to a
// ceiling; a success resets nothing; a quiet hour forgets the address. And the allowance of new
// players per address (server/access/allowance.hpp).
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>

#include "server/access/allowance.hpp"
#include "server/lobby/guesses.hpp"

namespace tortuga::testing {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using Kind = Guesses::Kind;

TEST_CASE("past the free guesses each failure doubles the wait, up to the ceiling") {
  boost::asio::io_context io;
  Guesses g(io, GuessSettings{3, 20, 60});
  const auto t0 = Guesses::Clock::now();
  auto t = t0;
  for (int i = 0; i < 3; ++i) {
    CHECK_FALSE(g.barred(Kind::join_code, "a", t));
    g.failed(Kind::join_code, "a", t);
  }
  CHECK_FALSE(g.barred(Kind::join_code, "a", t));  // the free ones cost nothing
  g.failed(Kind::join_code, "a", t);               // the first past them: a second
  CHECK(g.barred(Kind::join_code, "a", t) == milliseconds(1000));
  CHECK(g.barred(Kind::join_code, "a", t + milliseconds(400)) == milliseconds(600));
  CHECK_FALSE(g.barred(Kind::admin_token, "a", t));  // another secret
  CHECK_FALSE(g.barred(Kind::join_code, "b", t));    // another address
  for (int wait : {2, 4, 8, 16, 20, 20}) {
    t += seconds(30);
    CHECK_FALSE(g.barred(Kind::join_code, "a", t));
    g.failed(Kind::join_code, "a", t);
    CHECK(g.barred(Kind::join_code, "a", t) == seconds(wait));
  }
  // An hour with no failure forgets the address.
  t += std::chrono::hours(1);
  CHECK_FALSE(g.barred(Kind::join_code, "a", t));
  g.failed(Kind::join_code, "a", t);
  CHECK_FALSE(g.barred(Kind::join_code, "a", t));
  g.release();
}

TEST_CASE("the allowance gives so many at once, then one more each share of the period") {
  Allowance a(3, std::chrono::hours(1));
  const auto t = Allowance::Clock::now();
  for (int i = 0; i < 3; ++i) CHECK_FALSE(a.use("a", t));
  const auto wait = a.use("a", t);
  REQUIRE(wait);
  CHECK(*wait == milliseconds(20 * 60 * 1000));  // an hour's third
  CHECK_FALSE(a.use("b", t));
  CHECK_FALSE(a.use("a", t + std::chrono::minutes(20)));
  CHECK(a.use("a", t + std::chrono::minutes(20)));
  // A key whose allowance has filled again is forgotten.
  CHECK_FALSE(a.use("c", t + std::chrono::hours(5)));
  CHECK(a.keys() == 1);
}

}  // namespace
}  // namespace tortuga::testing
