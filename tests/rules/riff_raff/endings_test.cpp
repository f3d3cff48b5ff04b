// The endings: a player with no pieces at the end of a turn wins at once (the round stops);
// otherwise after the last round the fewest pieces win, ties shared. The result says so in words:
// the pieces the winners have left, and that fewest wins.
#include "tests/rules/riff_raff/support.hpp"

using namespace riff_raff_test;

TEST_CASE("loading the last piece without a fall wins at once and stops the round") {
  auto state = new_match(3);
  const auto plenty = supply_of({{"crate", 8}});
  state->set_scene(state->world(), {supply_of({{"crate", 1}}), plenty, plenty}, 4);
  choose_all(*state, {4, 2, 1});
  REQUIRE(state->loader() == 0);
  play(*state, 0, load("crate", 2.2));
  REQUIRE(state->motion().falls.empty());
  CHECK(state->is_over());
  const Json result = state->result();
  CHECK(result["winners"] == Json::array({0}));
  CHECK(result["reason"] == "emptied");
  CHECK(result["scores"] == Json::array({0, 8, 8}));
  CHECK(result["key"] == "games.riff-raff.result.emptied");
  CHECK(result["params"] == Json{{"winners", {{{"seat", 0}}}}, {"count", 1}});
  CHECK(result["message"] == "Seat 1 loaded every piece and wins at once.");
  CHECK(state->actors().empty());
  CHECK(state->view(1)["over"] == true);
  CHECK(refuse(*state, 1, load("crate", -0.8)).code == "match_over");
}

TEST_CASE("a last piece that falls comes back, and the match goes on") {
  auto state = new_match(2);
  state->set_scene(state->world(), {supply_of({{"bottle", 1}}), supply_of({{"crate", 8}})}, 1);
  choose_all(*state, {6, 1});
  play(*state, 0, load("bottle", 2.4, -60, 1.0));
  REQUIRE(state->motion().falls.size() == 1);
  CHECK_FALSE(state->is_over());
  CHECK(state->player(0).pieces() == 1);
}

TEST_CASE("after the last round the fewest pieces win") {
  auto state = new_match(2);
  state->set_scene(state->world(), {supply_of({{"crate", 5}}), supply_of({{"crate", 6}})}, 20);
  choose_all(*state, {1, 2});
  play(*state, 1, load("crate", -0.8));
  CHECK_FALSE(state->is_over());
  play(*state, 0, load("crate", -2.2));
  REQUIRE(state->motion().falls.empty());
  CHECK(state->is_over());
  CHECK(state->result()["winners"] == Json::array({0}));
  const Json result = state->result();
  CHECK(result["reason"] == "fewest_pieces");
  CHECK(result["scores"] == Json::array({4, 5}));
  CHECK(result["key"] == "games.riff-raff.result.fewest_pieces");
  CHECK(result["params"] == Json{{"winners", {{{"seat", 0}}}}, {"count", 1}, {"pieces", 4}});
  CHECK(result["message"] ==
        "Every card is played: Seat 1 has the fewest pieces left (4) and wins.");
}

TEST_CASE("equal fewest pieces after the last round share the win") {
  auto state = new_match(4);
  const auto five = supply_of({{"crate", 5}});
  state->set_scene(state->world(), {five, five, supply_of({{"crate", 7}}), five}, 10);
  choose_all(*state, {1, 2, 3, 4});
  play(*state, 3, load("crate", 2.2));
  play(*state, 2, load("crate", 0.8));
  play(*state, 1, load("crate", -0.8));
  play(*state, 0, load("crate", -2.2));
  REQUIRE(state->world().cargo.size() == 4);
  CHECK(state->is_over());
  CHECK(state->result()["winners"] == Json::array({0, 1, 3}));
  CHECK(state->result()["scores"] == Json::array({4, 4, 6, 4}));
  CHECK(state->result()["params"]["count"] == 3);
  CHECK(state->result()["message"] ==
        "Every card is played: Seat 1, Seat 2, and Seat 4 have the fewest pieces left (4 each) "
        "and share the win.");
}
