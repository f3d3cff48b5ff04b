// Moving the captain: pirates on every segment, empty alleys only, the coin for each further
// move, dark alleys, dead ends, the last player ashore; resting and boarding.
#include "tests/rules/um_rum_und_ehre/support.hpp"

using namespace um_rum_und_ehre_test;

TEST_CASE("a move fills the alley with the mover's pirates; further moves cost a coin each") {
  auto s = match(3);
  const int hq = at(2, 2), pirate = at(3, 2), coin5 = at(2, 3);
  const int a = alley(*s, hq, pirate);
  const int segments = s->town().alley(a).segments;
  play(*s, move(a));
  CHECK(s->captain() == pirate);
  CHECK(s->alley_owner(a) == 0);
  // The pirate space recruited one: ten, less the segments, plus one.
  CHECK(s->player(0).supply == 10 - segments + 1);
  CHECK(s->player(0).office == 4);
  CHECK(s->player(0).coins == 2);
  CHECK(s->step() == Step::kAfterMove);
  // The alley back is full: the captain may never use it again this round.
  refuse(*s, move(a), "not empty");
  // The second move costs a coin.
  const int b = alley(*s, pirate, at(3, 3));
  play(*s, move(b));
  CHECK(s->player(0).coins == 1);
  const int c = alley(*s, at(3, 3), at(2, 3));
  play(*s, move(c));
  CHECK(s->captain() == coin5);
  CHECK(s->player(0).coins == 1);  // paid one, the coin space gave one
  play(*s, "end_turn");
  CHECK(s->current() == 1);
  CHECK(s->step() == Step::kTurn);
}

TEST_CASE("a move needs enough pirates and, after the first, a coin") {
  auto s = match(3);
  s->player(0).supply = 1;
  const int hq = at(2, 2);
  for (int id : s->town().space(hq).alleys) {
    const Alley& al = s->town().alley(id);
    if (al.segments > 1 && !al.dark) {
      CHECK_FALSE(offers(*s, move(id)));
      refuse(*s, move(id), "pirates");
    }
  }
  s->player(0).supply = 10;
  s->player(0).coins = 0;
  play(*s, move(alley(*s, hq, at(3, 2))));
  refuse(*s, move(alley(*s, at(3, 2), at(3, 3))), "costs 1 coins");
  refuse(*s, move(alley(*s, at(5, 5), at(4, 5))), "does not leave");
  refuse(*s, move(999), "no alley 999");
  refuse(*s, {{"type", "move"}, {"alley", "x"}}, "\"alley\" must be an integer", "bad_action");
  refuse(*s, {{"type", "move"}, {"alley", 1}, {"via", 2}}, "unexpected field \"via\"",
         "bad_action");
}

TEST_CASE("dark alleys: out through one, in through another, a coin more unless the only way") {
  auto s = match(3);
  s->set_captain(at(0, 0));
  const auto out = dark_alleys(*s, at(0, 0));
  const auto in = dark_alleys(*s, at(0, 5));  // the pirate space in the bottom-left corner
  REQUIRE(out.size() == 2);
  REQUIRE(in.size() == 2);
  const int pirates = s->town().alley(out[0]).segments + s->town().alley(in[0]).segments;
  // A first move through the dark, by choice: one coin.
  play(*s, move_dark(out[0], in[0]));
  CHECK(s->captain() == at(0, 5));
  CHECK(s->player(0).coins == 1);
  CHECK(s->player(0).supply == 10 - pirates + 1);  // the pirate space recruited one
  CHECK(s->alley_owner(out[0]) == 0);
  CHECK(s->alley_owner(in[0]) == 0);
  // Back to the same space, or out and in through one alley, is no move.
  refuse(*s, move_dark(in[1], in[0]), "another space");
  refuse(*s, move_dark(in[1], in[1]), "another space");
  refuse(*s, move(in[1]), "dark");
  // A second move through the dark by choice: two coins (the move and the dark).
  CHECK_FALSE(offers(*s, move_dark(in[1], out[1])));
  refuse(*s, move_dark(in[1], out[1]), "costs 2 coins");
  // When every ordinary alley out of the space is full, the dark is the only way: no extra coin.
  for (int id : s->town().space(at(0, 5)).alleys)
    if (!s->town().alley(id).dark) s->set_alley_owner(id, 2);
  CHECK(offers(*s, move_dark(in[1], out[1])));
  play(*s, move_dark(in[1], out[1]));
  CHECK(s->captain() == at(0, 0));
  CHECK(s->player(0).coins == 1);  // paid one for the second move, the coin space paid one
}

TEST_CASE("a dead end sends the captain to the next numbered coin space, 9 wrapping to 1") {
  auto s = match(3);
  // The captain goes to the rum space of tile 9, whose other alleys are all full.
  const int rum9 = at(4, 4), from = at(4, 5);
  s->set_captain(from);
  for (int id : s->town().space(rum9).alleys)
    if (id != alley(*s, from, rum9)) s->set_alley_owner(id, 1);
  play(*s, move(alley(*s, from, rum9)));
  CHECK(s->player(0).rum == 2);                    // the space's action first
  CHECK(s->captain() == s->town().coin_space(1));  // then on from tile 9 to coin space 1
  CHECK(s->view(1)["events"].back()["event"] == "dead_end");
  // A next coin space that is itself a dead end is skipped.
  auto t = match(3);
  const int guard8 = at(3, 4), from8 = at(3, 5);
  t->set_captain(from8);
  for (int id : t->town().space(guard8).alleys)
    if (id != alley(*t, from8, guard8)) t->set_alley_owner(id, 1);
  for (int id : t->town().space(t->town().coin_space(9)).alleys) t->set_alley_owner(id, 1);
  play(*t, move(alley(*t, from8, guard8)));
  play(*t, {{"type", "guard"}, {"size", "small"}});
  CHECK(t->captain() == t->town().coin_space(1));
}

TEST_CASE("the last player ashore moves again for free but still pays for the dark") {
  auto s = match(3);
  only_ashore(*s, 0);
  s->player(0).coins = 0;
  play(*s, move(alley(*s, at(2, 2), at(3, 2))));
  play(*s, move(alley(*s, at(3, 2), at(3, 3))));
  play(*s, move(alley(*s, at(3, 3), at(3, 4))));
  CHECK(s->player(0).coins == 0);
  play(*s, {{"type", "guard"}, {"size", "small"}});
  // After ending the turn, the last player ashore has the next turn too.
  play(*s, "end_turn");
  CHECK(s->current() == 0);
  CHECK(s->step() == Step::kTurn);
  // Going through the dark still costs its coin.
  s->set_captain(at(0, 0));
  s->player(0).coins = 0;
  const auto out = dark_alleys(*s, at(0, 0));
  const auto in = dark_alleys(*s, at(0, 5));
  refuse(*s, move_dark(out[0], in[0]), "costs 1 coins");
  s->player(0).coins = 1;
  play(*s, move_dark(out[0], in[0]));
  CHECK(s->player(0).coins == 0);  // the dark's coin
}

TEST_CASE("resting costs a coin; boarding puts every pirate on the highest free row") {
  auto s = match(3);
  play(*s, "rest");
  CHECK(s->player(0).coins == 1);
  CHECK(s->current() == 1);
  s->player(1).coins = 0;
  CHECK_FALSE(offers(*s, Json{{"type", "rest"}}));
  refuse(*s, {{"type", "rest"}}, "coin");
  s->player(1).supply = 7;
  play(*s, "board");
  CHECK(s->player(1).supply == 0);
  CHECK(s->player(1).done);
  REQUIRE(s->ship().rows().size() == 1);
  CHECK(s->ship().rows()[0].crew == 1);
  CHECK(s->ship().rows()[0].pirates[0] == 7);
  play(*s, "board");  // seat 2
  CHECK(s->ship().rows()[1].crew == 2);
  // Boarded players are skipped: seat 0 plays on alone.
  CHECK(s->current() == 0);
  refuse(*s, {{"type", "end_turn"}}, "start of your turn");
}

TEST_CASE("a player who spends every pirate ashore cannot board and is done") {
  auto s = match(3);
  const int a = alley(*s, at(2, 2), at(3, 2));
  s->player(0).supply = s->town().alley(a).segments;
  s->player(0).office = 0;
  play(*s, move(a));
  CHECK(s->player(0).supply == 0);
  play(*s, "end_turn");
  CHECK(s->player(0).done);
  play(*s, "board");
  play(*s, "board");
  // Nobody is ashore any more: the brawl has started (and with two crews, it is a roll).
  CHECK(s->step() == Step::kRoll);
  for (const ShipRow& r : s->ship().rows()) CHECK(r.crew != 0);
}
