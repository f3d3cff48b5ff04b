// How the search rates a finished match from its result: the shared helpers games' samplers use.
#include <doctest/doctest.h>

#include "rules/core/bots/determinizer.hpp"

using tortuga::Json;
using tortuga::score_of;
using tortuga::win_share;
using tortuga::win_then_score;

TEST_CASE("a seat's score is read from the result, none and negative ones as 0") {
  const Json result = {{"winners", {1}}, {"scores", {-3, 40, 25}}};
  CHECK(score_of(result, 0) == 0.0);
  CHECK(score_of(result, 1) == 40.0);
  CHECK(score_of(result, 2) == 25.0);
  CHECK(score_of(result, 3) == 0.0);
  CHECK(score_of(Json{{"winners", {0}}}, 0) == 0.0);
}

TEST_CASE("a match rates by the win first and a tenth by the score against the best") {
  const Json result = {{"winners", {1}}, {"scores", {30, 40, 10}}};
  CHECK(win_then_score(result, 1) == doctest::Approx(1.0));
  CHECK(win_then_score(result, 0) == doctest::Approx(0.1 * 30 / 40));
  CHECK(win_then_score(result, 2) == doctest::Approx(0.1 * 10 / 40));
  // Any win beats every loss, however close its score.
  CHECK(win_then_score(result, 1) > win_then_score(result, 0) + 0.8);
}

TEST_CASE("a shared win is shared, and scores of nothing divide by no zero") {
  const Json tie = {{"winners", {0, 2}}, {"scores", {20, 5, 20}}};
  CHECK(win_share(tie, 0) == doctest::Approx(0.5));
  CHECK(win_then_score(tie, 0) == doctest::Approx(0.45 + 0.1));
  CHECK(win_then_score(tie, 1) == doctest::Approx(0.1 * 5 / 20));
  const Json nothing = {{"winners", {0}}, {"scores", {0, 0}}};
  CHECK(win_then_score(nothing, 0) == doctest::Approx(0.9));
  CHECK(win_then_score(nothing, 1) == doctest::Approx(0.0));
}
