// The strong bot in Riff Raff: others' cards chosen face down are cut from its sight, its sampler
// replays the ship and deals those cards, it plays only legal actions, a seed and a budget decide
// its choice, and the card another player chose face down changes nothing.
#include "tests/rules/riff_raff/support.hpp"
#include "tests/rules/strong_checks.hpp"

using namespace riff_raff_test;
using namespace tortuga::testing;

TEST_CASE("another player's card chosen face down is cut from the sight until revealed") {
  auto state = new_match(3);
  play(*state, 1, choose(7));
  const auto sight = tortuga::see_from(riff_raff(), *state, 0);
  CHECK(sight.history.back().action == Json{{"type", "choose"}});
  CHECK(tortuga::see_from(riff_raff(), *state, 1).history.back().action == choose(7));
  play(*state, 0, choose(3));
  play(*state, 2, choose(5));  // all revealed
  CHECK(tortuga::see_from(riff_raff(), *state, 0).history[0].action == choose(7));
}

TEST_CASE("the sampler replays the ship each seat sees, at steps of random matches") {
  for (int players : {2, 3}) {
    for (int steps : {0, 1, 3, 8, 16}) {
      auto state = played(riff_raff(), {{"players", players}}, 3, steps);
      if (state->is_over()) continue;
      for (int seat : state->actors()) check_samples_match_sight(riff_raff(), *state, seat, 2);
    }
  }
}

TEST_CASE("the strong bot plays only legal actions") {
  check_strong_plays_legally(riff_raff(), {{"players", 2}}, 2, 6, 24);
}

TEST_CASE("the strong bot never peeks: the card another chose face down changes nothing") {
  auto a = new_match(2);
  auto b = new_match(2);
  play(*a, 1, choose(9));
  play(*b, 1, choose(2));
  REQUIRE(a->view(0) == b->view(0));
  REQUIRE(a->full_view() != b->full_view());
  const Json first = strong_choice(riff_raff(), *a, 0, 4, 24);
  CHECK(strong_choice(riff_raff(), *a, 0, 4, 24) == first);  // a seed and a budget decide
  CHECK(strong_choice(riff_raff(), *b, 0, 4, 24) == first);
}
