// The strong bot in Scalawag!: its sampler sets the table each seat sees and deals the crew it
// cannot see, it plays only legal actions, a seed and a budget decide its choice, and the other
// captains' hands and the harbour dealt otherwise change nothing.
#include "tests/rules/scalawag/support.hpp"
#include "tests/rules/strong_checks.hpp"

using namespace scalawag_test;
using namespace tortuga::testing;

TEST_CASE("the sampler deals tables each seat cannot tell from the real one") {
  for (const Json& options :
       {Json{{"players", 3}}, Json{{"players", 5}}, Json{{"players", 6}, {"alliances", true}}}) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      for (int steps = 0; steps <= 80; steps += 4) {
        auto state = played(scalawag(), options, seed, steps);
        if (state->is_over()) break;
        for (int seat : state->actors()) check_samples_match_sight(scalawag(), *state, seat, 2);
      }
    }
  }
}

TEST_CASE("the strong bot plays only legal actions") {
  check_strong_plays_legally(scalawag(), {{"players", 3}}, 2, 30);
  check_strong_plays_legally(scalawag(), {{"players", 6}, {"alliances", true}}, 3, 30);
}

TEST_CASE("the strong bot never peeks: others' hands and the harbour dealt otherwise") {
  // The same table twice, the crew outside the seat's hand and the locker dealt two ways.
  auto real = played(scalawag(), {{"players", 4}}, 5, 0);
  const auto& first = static_cast<const ScalawagState&>(*real);
  const int seat = first.actors().front();
  Table table = first.table();
  Table twin = table;
  std::vector<Crew*> hidden;
  for (int s = 0; s < twin.seats(); ++s)
    if (s != seat)
      for (Crew& card : twin.ships[s].hand) hidden.push_back(&card);
  for (Crew& card : twin.harbour) hidden.push_back(&card);
  std::vector<Crew> cards;
  for (Crew* card : hidden) cards.push_back(*card);
  std::reverse(cards.begin(), cards.end());
  for (std::size_t i = 0; i < hidden.size(); ++i) *hidden[i] = cards[i];
  ScalawagState a(first.rules(), table, Chance(1));
  ScalawagState b(first.rules(), twin, Chance(2));
  REQUIRE(a.actors().front() == seat);
  REQUIRE(a.view(seat) == b.view(seat));
  REQUIRE(a.full_view() != b.full_view());
  const Json choice = strong_choice(scalawag(), a, seat, 6, 300);
  CHECK(strong_choice(scalawag(), a, seat, 6, 300) == choice);  // a seed and a budget decide
  CHECK(strong_choice(scalawag(), b, seat, 6, 300) == choice);
}
