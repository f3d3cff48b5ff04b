// The brawl on the ship: the rulebook's example with scripted dice, the sleeping places with two
// and one crews aboard, the three-player rule, and the two-player imaginary crew.
#include "tests/rules/um_rum_und_ehre/support.hpp"

using namespace um_rum_und_ehre_test;

namespace {

// Every seat boards in turn with `crews[seat]` pirates (0: that seat stays ashore without any).
void board_all(UmRumUndEhreState& s, const std::vector<int>& crews) {
  for (int seat = 0; seat < s.seats(); ++seat) {
    s.player(seat).supply = crews[seat];
    if (crews[seat] == 0) s.player(seat).done = true;
  }
  for (int seat = 0; seat < s.seats(); ++seat)
    if (crews[seat] > 0 && s.player(s.current()).done) s.pass_to(seat);
  for (int seat = 0; seat < s.seats(); ++seat)
    if (crews[seat] > 0) play(s, "board");
}

void roll(UmRumUndEhreState& s, int seat) {
  REQUIRE(s.step() == Step::kRoll);
  CHECK(actor(s) == seat);
  play(s, "roll");
}

}  // namespace

TEST_CASE("the rulebook's brawl example: Gold, Blue, Violet and Silver") {
  // Rows from the top: Gold (seat 0) 3 pirates, Blue (1) 2, Violet (2) 4, Silver (3) 1. The
  // example's dice were pictures; these rolls give its outcome.
  auto s = match(4);
  Display& d = s->display();
  d.rope = tile(TileKind::kRope, 2);
  d.hammock = tile(TileKind::kHammock, 5);
  d.bunk = tile(TileKind::kBunk, 7);
  s->player(2).rum = 1;
  s->player(3).rum = 2;
  s->script_dice({4, 2, 3, 5, 5, 3, 4, 2, 4, 3, 1, 6, 5, 3, 4, 2, 3, 4, 4});
  board_all(*s, {3, 2, 4, 1});
  // First series, left of the mast. Column 3: Violet alone crosses. Column 2: Gold 4, Violet 2,
  // a barrel: 3, the second reroll: 5, and Violet wins.
  CHECK(s->ship().rows()[2].pirates == std::array<int, 2>{3, 1});
  roll(*s, 0);
  roll(*s, 2);
  play(*s, "rum");
  play(*s, "reroll");
  CHECK(s->ship().rows()[2].pirates == std::array<int, 2>{2, 2});
  CHECK(s->player(0).supply == 1);  // Gold's pirate goes home
  // Column 1: Gold 5 beats Blue's 3 and Violet's 4 (Violet has no rum left).
  roll(*s, 0);
  roll(*s, 1);
  roll(*s, 2);
  CHECK(s->ship().rows()[0].pirates == std::array<int, 2>{1, 1});
  // Column 0, all four: Gold 2, Blue 4 beats it, Violet 3 loses, Silver 1, a barrel: 6, and
  // Silver wins. Blue is the first crew out: fourth of four, no sleeping place.
  roll(*s, 0);
  roll(*s, 1);
  roll(*s, 2);
  roll(*s, 3);
  play(*s, "rum");
  play(*s, "keep");
  CHECK(s->ship().rows()[1].total() == 0);
  CHECK(s->player(1).flag.empty());
  // Right of the mast stood two Violet, one Gold, one Silver; the second series began at once
  // with Violet's outer pirate, alone in its column, crossing back to the left.
  CHECK(s->ship().rows()[0].pirates == std::array<int, 2>{0, 1});
  CHECK(s->ship().rows()[2].pirates == std::array<int, 2>{1, 1});
  CHECK(s->ship().rows()[3].pirates == std::array<int, 2>{0, 1});
  // Then Gold 5, Violet 3, Silver 4, his last barrel: 2, rerolled: 3. Gold wins; Silver is out
  // third and takes the rope.
  roll(*s, 0);
  roll(*s, 2);
  roll(*s, 3);
  play(*s, "rum");
  play(*s, "reroll");
  CHECK(s->player(3).flag == std::vector<Tile>{tile(TileKind::kRope, 2)});
  // The last brawl: Gold 4, Violet 4; the equal roll wins. Gold the hammock, Violet the bunk.
  roll(*s, 0);
  roll(*s, 2);
  CHECK(s->player(0).flag == std::vector<Tile>{tile(TileKind::kHammock, 5)});
  CHECK(s->player(2).flag == std::vector<Tile>{tile(TileKind::kBunk, 7)});
  // The round is over: everyone's pirates are home, the next player starts round 2.
  CHECK(s->round() == 2);
  CHECK(s->first_player() == 1);
  CHECK(s->current() == 1);
  for (int seat = 0; seat < 4; ++seat) CHECK(s->player(seat).supply == 10);
  CHECK(d.bunk.has_value());
  CHECK(d.rope.has_value());
}

TEST_CASE("two crews aboard: the winner takes the bunk and the rope, the loser the hammock") {
  auto s = match(4);
  const Tile rope = *s->display().rope, hammock = *s->display().hammock, bunk = *s->display().bunk;
  s->script_dice({2, 5});
  board_all(*s, {1, 1, 0, 0});
  roll(*s, 0);
  roll(*s, 1);
  CHECK(s->player(1).flag == std::vector<Tile>{bunk, rope});
  CHECK(s->player(0).flag == std::vector<Tile>{hammock});
}

TEST_CASE("one crew aboard wins bunk and rope unopposed; the hammock leaves the game") {
  auto s = match(5);
  const Tile rope = *s->display().rope, bunk = *s->display().bunk;
  const auto hammocks = s->stacks().hammocks.size();
  board_all(*s, {0, 0, 3, 0, 0});
  CHECK(s->player(2).flag == std::vector<Tile>{bunk, rope});
  CHECK(s->round() == 2);
  CHECK(s->stacks().hammocks.size() == hammocks - 1);  // a new one laid out, the old one gone
  for (int seat = 0; seat < 5; ++seat) CHECK(s->player(seat).flag.size() == (seat == 2 ? 2u : 0u));
}

TEST_CASE("with three players there is no rope: the third crew gets nothing") {
  auto s = match(3);
  const Tile hammock = *s->display().hammock, bunk = *s->display().bunk;
  // One pirate each, all in column 0: 6 for seat 0 beats 3 and 5.
  s->script_dice({6, 3, 5});
  board_all(*s, {1, 1, 1});
  roll(*s, 0);
  roll(*s, 1);
  roll(*s, 2);
  // Seat 1 was out first (third: nothing), seat 2 second (hammock), seat 0 the bunk.
  CHECK(s->player(1).flag.empty());
  CHECK(s->player(2).flag == std::vector<Tile>{hammock});
  CHECK(s->player(0).flag == std::vector<Tile>{bunk});
}

TEST_CASE("two players: the imaginary crew, rolled for by the other player, wins for nobody") {
  // A seed whose first round's die gives the imaginary crew a single pirate.
  std::unique_ptr<UmRumUndEhreState> s;
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    s = match(2, Json::object(), seed);
    if (s->ship().rows()[0].pirates[0] == 1) break;
  }
  REQUIRE(s->ship().rows()[0].pirates[0] == 1);
  const Tile hammock = *s->display().hammock, bunk = *s->display().bunk;
  CHECK_FALSE(s->display().rope.has_value());
  // Imaginary 6 (rolled by seat 1: its pirate faces seat 0's, next in the column), seat 0 rolls 2
  // and is out first (third of three: nothing), seat 1 rolls 5 and takes the hammock; the bunk
  // goes to the imaginary crew and leaves the game.
  s->script_dice({6, 2, 5, 4});
  board_all(*s, {1, 1});
  REQUIRE(s->step() == Step::kRoll);
  CHECK(actor(*s) == 1);
  CHECK(s->roll().crew == kImaginaryCrew);
  CHECK(s->view(1)["question"]["roll"]["crew"] == "imaginary");
  play(*s, "roll");
  roll(*s, 0);
  roll(*s, 1);
  CHECK(s->player(0).flag.empty());
  CHECK(s->player(1).flag == std::vector<Tile>{hammock});
  for (int seat = 0; seat < 2; ++seat)
    for (const Tile& t : s->player(seat).flag) CHECK_FALSE(t == bunk);
  // Round 2: a new imaginary crew, from the next die (4), on the top row.
  CHECK(s->round() == 2);
  REQUIRE(s->ship().rows().size() == 1);
  CHECK(s->ship().rows()[0].crew == kImaginaryCrew);
  CHECK(s->ship().rows()[0].pirates[0] == 4);
}
