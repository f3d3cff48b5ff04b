// A round: cards chosen face down by everyone at once, revealed together, loaded in descending
// order; the highest card makes the captain, the previous captain settles a tie; two players go
// twice through their cards.
#include "tests/rules/riff_raff/support.hpp"

using namespace riff_raff_test;

TEST_CASE("every player chooses a card at once, face down until all are revealed") {
  auto state = new_match(3);
  CHECK(state->phase() == Phase::kChoosing);
  CHECK(state->actors() == std::vector<int>{0, 1, 2});
  CHECK(state->legal_actions(0).size() == 10);
  play(*state, 1, choose(5));
  CHECK(state->actors() == std::vector<int>{0, 2});
  CHECK(state->view(1)["players"][1]["card"] == 5);
  for (int viewer : {0, 2, tortuga::kSpectator}) {
    const Json other = state->view(viewer)["players"][1];
    CHECK(other["chosen"] == true);
    CHECK_FALSE(other.contains("card"));
    CHECK(other["cards_left"] == 10);  // the chosen card leaves the hand only at the reveal
  }
  CHECK(refuse(*state, 1, choose(6)).code == "not_your_turn");
  CHECK(refuse(*state, 0, choose(11)).code == "illegal_action");
  CHECK(refuse(*state, 0, {{"type", "choose"}, {"card", "7"}}).code == "bad_action");
  play(*state, 0, choose(2));
  play(*state, 2, choose(9));
  // Revealed: everyone sees every card played, and loads in descending order.
  CHECK(state->view(0)["players"][1]["played"] == Json::array({5}));
  CHECK(state->order() == std::vector<int>{2, 1, 0});
  CHECK(state->captain() == 2);
  CHECK(state->loader() == 2);
  CHECK(state->loading_area() == 9);
  CHECK(state->player(1).hand.size() == 9);
}

TEST_CASE("a card once played is gone from the hand for the rest of the pass") {
  auto state = new_match(2);
  choose_all(*state, {3, 1});
  play(*state, 0, load("crate", 0.8));
  play(*state, 1, load("crate", -2.2));
  REQUIRE(state->phase() == Phase::kChoosing);
  CHECK(state->round() == 2);
  CHECK(refuse(*state, 0, choose(3)).message == "card 3 is not in your hand");
}

TEST_CASE("the captain in office settles a tie for the highest card") {
  auto state = new_match(3, 2);
  REQUIRE(state->captain() == 2);
  choose_all(*state, {7, 7, 3});
  CHECK(state->phase() == Phase::kAppointing);
  CHECK(state->actors() == std::vector<int>{2});
  CHECK(state->legal_actions(2) ==
        Json::array({{{"type", "appoint"}, {"seat", 0}}, {{"type", "appoint"}, {"seat", 1}}}));
  CHECK(refuse(*state, 2, {{"type", "appoint"}, {"seat", 2}}).code == "illegal_action");
  CHECK(refuse(*state, 0, {{"type", "appoint"}, {"seat", 0}}).code == "not_your_turn");
  play(*state, 2, {{"type", "appoint"}, {"seat", 1}});
  CHECK(state->captain() == 1);
  // Equal cards load from the captain on, clockwise.
  CHECK(state->order() == std::vector<int>{1, 0, 2});
  CHECK(state->loader() == 1);
}

TEST_CASE("equal lower cards load clockwise from the new captain") {
  auto state = new_match(4);
  choose_all(*state, {3, 3, 9, 3});
  CHECK(state->phase() == Phase::kLoading);
  CHECK(state->captain() == 2);
  CHECK(state->order() == std::vector<int>{2, 3, 0, 1});
}

TEST_CASE("two players take their cards back after ten rounds and play twenty") {
  auto state = new_match(2);
  CHECK(state->rounds() == 20);
  CHECK(new_match(3)->rounds() == 10);
  CHECK(new_match(4)->rounds() == 10);
  // Plenty of crates, so that nobody runs out before the end.
  state->set_scene(state->world(), {supply_of({{"crate", 40}}), supply_of({{"crate", 40}})}, 1);
  for (int round = 1; round <= 20; ++round) {
    REQUIRE(state->phase() == Phase::kChoosing);
    CHECK(state->round() == round);
    CHECK(state->player(0).hand.size() == static_cast<std::size_t>(10 - (round - 1) % 10));
    // Deck areas only (cards 1 to 4 first, then the rest), set down gently in the middle.
    const int card0 = state->player(0).hand.front(), card1 = state->player(1).hand.front();
    choose_all(*state, {card0, card1});
    if (state->phase() == Phase::kAppointing)
      play(*state, state->captain(), {{"type", "appoint"}, {"seat", 0}});
    while (state->phase() == Phase::kLoading || state->phase() == Phase::kCatching) {
      const int seat = state->loader();
      if (state->phase() == Phase::kCatching) {
        play(*state, seat, grab({}));
        continue;
      }
      const Placement p = state->sample_placement(kind_index("crate"));
      play(*state, seat, load("crate", p.x, p.angle_deg, 0));
    }
  }
  CHECK(state->is_over());
  CHECK(state->result()["reason"] == "fewest_pieces");
  CHECK(state->player(0).played.size() == 20);
}
