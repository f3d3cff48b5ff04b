// The strong bot in Um Rum & Ehre: its sampler lays out what each seat sees and deals only what it
// cannot see (the stacks' order, the others' coins, flags and encounters, another's drawn article),
// it plays only legal actions, a seed and a budget decide its choice, and two states that differ
// only in what the seat cannot see get the same choice.
#include <algorithm>

#include "tests/rules/strong_checks.hpp"
#include "tests/rules/um_rum_und_ehre/support.hpp"

using namespace um_rum_und_ehre_test;
using namespace tortuga::testing;

namespace {

void check_matches(const Json& options, int steps_to, int every) {
  for (std::uint64_t seed : {1u, 2u}) {
    for (int steps = 0; steps <= steps_to; steps += every) {
      auto state = played(um_rum_und_ehre(), options, seed, steps);
      if (state->is_over()) break;  // nothing left to choose, and every tile shown
      // Every seat, not only the one asked: each decides later from what it sees now.
      for (int seat = 0; seat < state->seats(); ++seat)
        check_samples_match_sight(um_rum_und_ehre(), *state, seat, 2);
    }
  }
}

}  // namespace

TEST_CASE("the sampler deals states each seat cannot tell from the real one") {
  // Far enough for brawls, drinks, chests and later rounds, and to the end at two players.
  check_matches({{"players", 2}}, 700, 7);
  check_matches({{"players", 3}}, 400, 9);
  check_matches({{"players", 4}}, 400, 11);
  check_matches({{"players", 5}}, 400, 13);
  // A town laid out by hand and a dispenser of the players' own values.
  check_matches({{"players", 3},
                 {"arrangement", plain_arrangement()},
                 {"stacks", {{"small_guards", {3, 3, 3, 3, 3, 3, 3, 3, 3}}}}},
                200, 10);
}

TEST_CASE("the strong bot plays only legal actions") {
  check_strong_plays_legally(um_rum_und_ehre(), {{"players", 2}}, 3, 20);
  check_strong_plays_legally(um_rum_und_ehre(), {{"players", 4}}, 4, 20);
}

TEST_CASE("um rum: a seed and an iteration budget decide the strong bot's choice") {
  auto state = played(um_rum_und_ehre(), {{"players", 3}}, 8, 15);
  REQUIRE(!state->is_over());
  const int seat = state->actors().front();
  const Json first = strong_choice(um_rum_und_ehre(), *state, seat, 21, 200);
  CHECK(strong_choice(um_rum_und_ehre(), *state, seat, 21, 200) == first);
}

TEST_CASE("the strong bot never peeks: hidden coins, tiles and stacks changed change nothing") {
  auto played_state = played(um_rum_und_ehre(), {{"players", 3}}, 6, 40);
  auto& real = static_cast<UmRumUndEhreState&>(*played_state);
  REQUIRE(!real.is_over());
  const int seat = real.actors().front();
  // The twin: the others' coins, flags and encounters other, and every stack in another order.
  auto copy = real.clone();
  auto& twin = static_cast<UmRumUndEhreState&>(*copy);
  for (int other = 0; other < twin.seats(); ++other) {
    if (other == seat) continue;
    Player& p = twin.player(other);
    p.coins += 3;
    p.flag.push_back({TileKind::kBunk, 0, 8, 0});
    for (Tile& t : p.meetings) t.sort = static_cast<std::int8_t>((t.sort + 1) % kMeetings);
  }
  Stacks& st = twin.stacks();
  for (Stack* stack : {&st.taverns, &st.maps, &st.goods, &st.encounters, &st.chests, &st.scorpions,
                       &st.small_guards, &st.big_guards})
    std::reverse(stack->begin(), stack->end());
  REQUIRE(real.view(seat) == twin.view(seat));
  REQUIRE(real.full_view() != twin.full_view());
  CHECK(strong_choice(um_rum_und_ehre(), real, seat, 5, 300) ==
        strong_choice(um_rum_und_ehre(), twin, seat, 5, 300));
}
