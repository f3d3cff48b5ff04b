// The engine's properties, which hold whatever the figures: openskill.test.mjs holds the figures
// themselves to the reference.
#include <doctest/doctest.h>

#include <stdexcept>

#include "ratings/scale.hpp"
#include "ratings/weng_lin.hpp"

namespace r = tortuga::ratings;

TEST_CASE("the winner of two new players gains what the loser loses, both grow surer") {
  const r::Model model;
  const auto after = r::rate({{{model.fresh()}, {model.fresh()}}, {1, 2}});
  CHECK(after[0][0].mu > 25);
  CHECK(after[1][0].mu < 25);
  CHECK(after[0][0].mu - 25 == doctest::Approx(25 - after[1][0].mu));
  CHECK(after[0][0].sigma < model.sigma);
  CHECK(after[1][0].sigma < model.sigma);
}

TEST_CASE("a tie between equals moves no mean") {
  const r::Model model;
  const auto after = r::rate({{{model.fresh()}, {model.fresh()}, {model.fresh()}}, {0, 0, 0}});
  for (const auto& team : after) CHECK(team[0].mu == doctest::Approx(25));
}

TEST_CASE("the order of the teams given does not change anyone's figures") {
  const r::Skill a{28, 4}, b{22, 6}, c{25, 7};
  const auto one = r::rate({{{a}, {b}, {c}}, {2, 1, 3}});
  const auto two = r::rate({{{c}, {a}, {b}}, {3, 2, 1}});
  CHECK(one[0][0].mu == doctest::Approx(two[1][0].mu).epsilon(1e-12));
  CHECK(one[1][0].sigma == doctest::Approx(two[2][0].sigma).epsilon(1e-12));
}

TEST_CASE("a team's players share its change by their own variance") {
  const auto after = r::rate({{{{25, 2}, {25, 8}}, {{25, 5}}}, {1, 2}});
  CHECK(after[0][1].mu - 25 > after[0][0].mu - 25);
  CHECK(after[0][0].mu > 25);
}

TEST_CASE("a match the model cannot rate is refused") {
  CHECK_THROWS_AS(r::rate({{{{25, 8}}}, {1}}), std::invalid_argument);
  CHECK_THROWS_AS(r::rate({{{{25, 8}}, {}}, {1, 2}}), std::invalid_argument);
  CHECK_THROWS_AS(r::rate({{{{25, 8}}, {{25, 8}}}, {1}}), std::invalid_argument);
}

TEST_CASE("a new player shows 0 and is provisional until sigma falls to the threshold") {
  const r::Model model;
  CHECK(r::conservative(model.fresh()) == doctest::Approx(0));
  CHECK(r::provisional(model.fresh()));
  CHECK_FALSE(r::provisional({25, r::kProvisionalSigma}));
  CHECK(r::conservative({30, 2}) == doctest::Approx(24));
}
