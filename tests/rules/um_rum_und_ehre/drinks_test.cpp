// The tavern and the treasure chest, with the rulebook's examples and scripted dice; rum rerolls.
#include "tests/rules/um_rum_und_ehre/support.hpp"

using namespace um_rum_und_ehre_test;

namespace {

constexpr int kEsCruce = 0;

Tile tavern(int value, int which = kEsCruce) {
  return tile(TileKind::kTavern, value, which);
}

// Seat 0 moves the captain from the coin space of tile 1 onto the Es Cruce tavern next to it.
void to_es_cruce(UmRumUndEhreState& s) {
  s.set_captain(at(0, 0));
  play(s, move(alley(s, at(0, 0), at(1, 0))));
}

}  // namespace

TEST_CASE("tavern: nobody joins, so the host takes every matching tile") {
  auto s = match(3);
  s->display().taverns = {tavern(2), tavern(5), tavern(4, 1), tavern(3, 2)};
  to_es_cruce(*s);
  REQUIRE(s->step() == Step::kInvite);
  CHECK(actor(*s) == 1);
  play(*s, "decline");
  CHECK(actor(*s) == 2);
  play(*s, "decline");
  CHECK(s->player(0).flag == std::vector<Tile>{tavern(2), tavern(5)});
  CHECK(s->display().taverns.size() == 4);  // refilled
  CHECK(s->step() == Step::kAfterMove);
}

TEST_CASE("tavern with no matching tile does nothing; a player without coins can only decline") {
  auto s = match(3);
  s->display().taverns = {tavern(4, 1), tavern(3, 2)};
  to_es_cruce(*s);
  CHECK(s->step() == Step::kAfterMove);

  auto t = match(3);
  t->display().taverns = {tavern(3)};
  t->player(1).coins = 0;
  to_es_cruce(*t);
  CHECK(actor(*t) == 1);
  CHECK(t->legal_actions(1) == Json::array({{{"type", "decline"}}}));
  refuse(*t, {{"type", "join"}}, "coin");
}

TEST_CASE("the rulebook's tavern example: Black and Gold pay Blue, then roll in turn") {
  // Blue (seat 0) at Es Cruce with the 2 and the 5 at stake; Black (1) and Gold (2) join.
  auto s = match(3);
  s->display().taverns = {tavern(2), tavern(5), tavern(4, 1), tavern(3, 2)};
  // Blue 2: nothing. Black 4: the 2. Gold 4: not above 5. Blue 5: not above 5. Black 3.
  // The example then has Gold take the 5 with a 4: a die picture lost in the text, for the rule
  // wants more than 5. Here Gold rolls 4 and gets nothing, and Blue's 6 wins the 5.
  s->script_dice({2, 4, 4, 5, 3, 4, 6});
  to_es_cruce(*s);
  play(*s, "join");
  play(*s, "join");
  CHECK(s->player(0).coins == 4);
  CHECK(s->player(1).coins == 1);
  CHECK(s->player(2).coins == 1);
  const int order[] = {0, 1, 2, 0, 1, 2, 0};
  for (int seat : order) {
    REQUIRE(s->step() == Step::kRoll);
    CHECK(actor(*s) == seat);
    play(*s, "roll");
  }
  CHECK(s->player(1).flag == std::vector<Tile>{tavern(2)});
  CHECK(s->player(2).flag.empty());
  CHECK(s->player(0).flag == std::vector<Tile>{tavern(5)});
  CHECK(s->step() == Step::kAfterMove);
  CHECK(s->display().taverns.size() == 4);
}

TEST_CASE("the rulebook's rum example: the last roll counts, and a 6 beats the 5") {
  // Silver (seat 1) rolls 4 and wants the 5: a barrel, a 5 (not enough), the second reroll a 6.
  // The example leaves Silver empty-handed after the 6, against the rule that a higher roll
  // wins: here the 6 takes the 5.
  auto s = match(3);
  s->display().taverns = {tavern(2), tavern(5)};
  s->player(1).rum = 2;
  s->script_dice({1, 4, 5, 6});
  to_es_cruce(*s);
  play(*s, "join");     // seat 1
  play(*s, "decline");  // seat 2
  play(*s, "roll");     // seat 0 rolls 1
  REQUIRE(actor(*s) == 1);
  play(*s, "roll");  // 4
  REQUIRE(s->step() == Step::kRum);
  CHECK(s->legal_actions(1) == Json::array({{{"type", "keep"}}, {{"type", "rum"}}}));
  refuse(*s, {{"type", "reroll"}}, "drink rum first");
  play(*s, "rum");  // 5
  CHECK(s->player(1).rum == 1);
  CHECK(s->roll().value == 5);
  refuse(*s, {{"type", "rum"}}, "reroll before");
  play(*s, "reroll");  // 6
  CHECK(s->roll().value == 6);
  play(*s, "keep");
  CHECK(s->player(1).flag == std::vector<Tile>{tavern(5)});
  CHECK(s->player(1).rum == 1);
  CHECK(s->rum_supply() == 13);  // the barrel drunk goes back to the supply of twelve
}

TEST_CASE("a worse last roll on rum still counts") {
  auto s = match(3);
  s->display().taverns = {tavern(4)};
  s->player(0).rum = 1;
  s->script_dice({6, 2, 3, 1, 1});
  to_es_cruce(*s);
  play(*s, "join");
  play(*s, "decline");
  play(*s, "roll");  // 6: would win the 4
  play(*s, "rum");   // 2
  play(*s, "keep");
  CHECK(s->player(0).flag.empty());
  CHECK(actor(*s) == 1);
}

TEST_CASE("the rulebook's chest example: whoever reaches 12 is stung") {
  auto s = match(3);
  Display& d = s->display();
  d.chest = tile(TileKind::kChest, 5);
  d.scorpion = tile(TileKind::kScorpion, -2, 0, 12);
  s->stacks().chests.push_back(tile(TileKind::kChest, 6));
  s->stacks().scorpions.push_back(tile(TileKind::kScorpion, -2, 0, 17));
  s->script_dice({4, 5, 3});
  s->set_captain(at(3, 4));
  play(*s, move(alley(*s, at(3, 4), at(2, 4))));  // tile 8's chest
  CHECK(s->player(0).flag == std::vector<Tile>{tile(TileKind::kChest, 5)});
  // Everyone rolls in turn from the player, boarded or not: 4, 9, 12.
  s->player(2).done = true;
  for (int seat : {0, 1, 2}) {
    REQUIRE(s->step() == Step::kRoll);
    CHECK(actor(*s) == seat);
    play(*s, "roll");
    if (seat == 1) CHECK(s->chest_total() == 9);
  }
  CHECK(s->player(2).flag == std::vector<Tile>{tile(TileKind::kScorpion, -2, 0, 12)});
  CHECK(s->player(1).flag.empty());
  CHECK(d.chest == tile(TileKind::kChest, 6));
  CHECK(d.scorpion == tile(TileKind::kScorpion, -2, 0, 17));
  CHECK(s->step() == Step::kAfterMove);
  CHECK(actor(*s) == 0);
}

TEST_CASE("the chest round goes on round the table until the number is reached") {
  auto s = match(2);
  s->display().scorpion = tile(TileKind::kScorpion, -2, 0, 15);
  s->script_dice({3, 3, 3, 3, 3});
  s->set_captain(at(3, 4));
  play(*s, move(alley(*s, at(3, 4), at(2, 4))));
  for (int seat : {0, 1, 0, 1, 0}) {
    CHECK(actor(*s) == seat);
    play(*s, "roll");
  }
  CHECK(s->player(0).flag.back().kind == TileKind::kScorpion);
}
