// Loading: the piece, its place along the area, its angle and drop within the view's bounds;
// cargo may overhang the hull but not reach another area; on a yard that already holds cargo a
// player may announce two pieces, and a fall during the first ends the turn.
#include "tests/rules/riff_raff/support.hpp"

using namespace riff_raff_test;

TEST_CASE("a placement outside its bounds is refused and changes nothing") {
  auto state = new_match(2);
  choose_all(*state, {3, 1});  // area 3: the deck from the mast towards the bow
  const Json placement = state->view(0)["placement"];
  CHECK(placement["area"] == 3);
  CHECK(placement["x"][0] == doctest::Approx(0.12));
  CHECK(placement["x"][1] == doctest::Approx(1.5));
  CHECK(refuse(*state, 0, load("crate", 2.0)).message.find("x must lie on area 3") == 0);
  // Both ends of area 3 touch other areas: the crate (0.4 wide) must keep off them.
  CHECK(refuse(*state, 0, load("crate", 1.4)).message.find("past the inner end") !=
        std::string::npos);
  CHECK(refuse(*state, 0, load("plank", 0.5)).message.find("past the inner end") !=
        std::string::npos);
  CHECK(refuse(*state, 0, load("crate", 0.8, 181)).code == "illegal_action");
  CHECK(refuse(*state, 0, load("crate", 0.8, 0, 1.5)).code == "illegal_action");
  CHECK(refuse(*state, 0, load("crate", 0.8, 0, -0.1)).code == "illegal_action");
  CHECK(refuse(*state, 0, load("anchor", 0.8)).code == "bad_action");
  Json no_x = load("crate", 0.8);
  no_x.erase("x");
  CHECK(refuse(*state, 0, no_x).code == "bad_action");
  Json extra = load("crate", 0.8);
  extra["hand"] = 1;
  CHECK(refuse(*state, 0, extra).code == "bad_action");
  CHECK(refuse(*state, 0, load("crate", 0.8, 0, 0, 2)).code == "illegal_action");  // the deck
  CHECK(refuse(*state, 1, load("crate", 0.8)).code == "not_your_turn");
  // Upright, the plank fits; a piece may overhang the hull at an open end.
  play(*state, 0, load("plank", 0.8, 90));
  play(*state, 1, load("boat", -3.0));
}

TEST_CASE("a kind the loader has none of left is refused") {
  auto state = new_match(2);
  state->set_scene(state->world(), {supply_of({{"crate", 1}}), supply_of({{"rat", 2}})}, 1);
  choose_all(*state, {1, 3});
  CHECK(refuse(*state, 1, load("crate", 0.8)).message == "you have no crate left");
  CHECK(state->legal_actions(1).size() == 1);
  CHECK(state->legal_actions(1)[0]["piece"] == "rat");
}

TEST_CASE("on a yard that already holds cargo two pieces may be announced and loaded") {
  auto state = new_match(2);
  choose_all(*state, {5, 1});
  CHECK_FALSE(state->may_announce_two());  // the yard is empty
  CHECK(refuse(*state, 0, load("crate", -1.0, 0, 0, 2)).code == "illegal_action");
  play(*state, 0, load("crate", -1.0));
  REQUIRE(state->motion().falls.empty());
  play(*state, 1, load("crate", -2.2));
  choose_all(*state, {2, 5});  // seat 1 now loads on area 5, which holds the crate
  REQUIRE(state->loader() == 1);
  CHECK(state->may_announce_two());
  CHECK(state->view(1)["turn"]["may_announce_two"] == true);
  const Json legal = state->legal_actions(1);
  CHECK(legal.size() == 16);  // eight kinds, announcing one or two
  play(*state, 1, load("crate", -0.5, 0, 0, 2));
  REQUIRE(state->motion().falls.empty());
  CHECK(state->loader() == 1);  // the second piece is still to come
  CHECK(state->view(0)["turn"]["announced"] == 2);
  CHECK_FALSE(state->may_announce_two());
  CHECK(refuse(*state, 1, load("rat", -1.8, 0, 0, 1)).message ==
        "the pieces were announced with the first piece");
  play(*state, 1, load("rat", -1.8));
  CHECK(state->loader() == 0);
  CHECK(state->player(1).pieces() == 13);
}

TEST_CASE("a fall during the first of two announced pieces ends the turn") {
  auto state = new_match(2);
  choose_all(*state, {6, 1});
  play(*state, 0, load("crate", 1.0));
  play(*state, 1, load("crate", -2.2));
  choose_all(*state, {2, 6});
  REQUIRE(state->may_announce_two());
  play(*state, 1, load("bottle", 2.4, -60, 1.0, 2));
  REQUIRE(state->motion().falls.size() == 1);  // the bottle, from the yard's tip
  CHECK(state->loader() == 0);                 // no second piece
  CHECK(state->player(1).pieces() == 15);      // the bottle came back
}
