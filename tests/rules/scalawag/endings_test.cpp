// Eliminations and the end: the turn order and adjacency closing up, the last ship afloat, the
// last team in alliance mode; and the three-player Fog of War, which breaks adjacency where it
// lies and leaves with the first elimination.
#include "tests/rules/scalawag/support.hpp"

using namespace scalawag_test;

namespace {

void sink_beforehand(Table& table, int seat) {
  table.locker.insert(table.locker.end(), table.ships[seat].hand.begin(),
                      table.ships[seat].hand.end());
  table.ships[seat].hand.clear();
  table.ships[seat].alive = false;
}

// Everyone makes sail with no crew until it is `seat`'s turn.
void pass_to(ScalawagState& m, int seat) {
  for (int i = 0; i < 20 && m.current() != seat; ++i) ok(m, m.current(), order("make_sail", 0));
  REQUIRE(m.current() == seat);
}

}  // namespace

TEST_CASE("scalawag: an elimination closes up the turn order and adjacency") {
  auto table = table_of({{G, S}, {M}, {M}, {M}, {M}});
  table.ships[0].compass = 10;
  table.ships[1].damage = 4;
  auto m = match_on(table, {0});
  CHECK_FALSE(m->table().adjacent(0, 2));
  ok(*m, 0, order("fire", 0));
  ok(*m, 0, targets({1}));
  CHECK_FALSE(ship(*m, 1).alive);
  CHECK(ship(*m, 1).hand.empty());
  CHECK(ship(*m, 1).compass == 0);
  CHECK(m->table().adjacent(0, 2));
  CHECK(m->current() == 2);
  CHECK_FALSE(m->is_over());
  pass_to(*m, 0);  // seat 1 has no more turns
}

TEST_CASE("scalawag: the last ship afloat wins") {
  auto table = table_of({{G, S, S}, {M}, {M}});
  table.ships[0].compass = 10;
  table.ships[2].damage = 4;
  sink_beforehand(table, 1);
  auto m = match_on(table, {0});
  ok(*m, 0, order("fire", 0));
  ok(*m, 0, targets({2}));
  REQUIRE(m->is_over());
  CHECK(m->result()["winners"] == Json::array({0}));
  CHECK(m->result()["reason"] == "last_ship");
  // Seat 0 is the first player: the English sentence counts from 1.
  CHECK(m->result()["message"] == "Seat 1 is the last ship afloat.");
  CHECK(m->actors().empty());
  CHECK(m->apply(0, order("make_sail", 0))->code == tortuga::code::kMatchOver);
}

TEST_CASE("scalawag: in alliance mode a team wins when only its members survive") {
  auto table = table_of({{G}, {M}, {M}, {M}, {M}, {M}});
  const int sides[] = {0, 1, 2, 0, 1, 2};
  for (int seat = 0; seat < 6; ++seat) table.ships[seat].allegiance = sides[seat];
  table.ships[0].compass = 10;
  table.ships[5].damage = 4;
  for (int seat : {1, 2, 3}) sink_beforehand(table, seat);
  auto m = match_on(table, {0}, {{"alliances", true}});
  ok(*m, 0, order("fire", 0));
  ok(*m, 0, targets({5}));
  CHECK_FALSE(m->is_over());  // seat 4 is of another side
  CHECK(m->current() == 4);
  // The partner went down earlier; the team still wins.
  auto again = m->table();
  again.ships[4].damage = 4;
  again.ships[0].compass = 10;
  auto end = match_on(again, {0}, {{"alliances", true}});
  ok(*end, 0, order("fire", 0));
  ok(*end, 0, targets({4}));
  REQUIRE(end->is_over());
  CHECK(end->result()["winners"] == Json::array({0, 3}));
  CHECK(end->result()["reason"] == "last_team");
  // The alliance is named, for a client to word in its own language.
  CHECK(end->result()["alliance"] == "english");
  CHECK(end->result()["key"] == "games.scalawag.result.last_team");
  CHECK(end->result()["params"] ==
        Json{{"alliance", {{"key", "games.scalawag.allegiance.english"}}},
             {"winners", {{{"seat", 0}}, {{"seat", 3}}}}});
  CHECK(end->result()["message"] == "The English alliance rules the sea: Seat 1 and Seat 4.");
  CHECK(end->spectator_view()["teams"]["english"] == Json::array({0, 3}));
}

TEST_CASE("scalawag: the Fog of War die places, moves and removes the fog") {
  // Faces 1-2 show symbol 1, faces 3-4 symbol 2, faces 5-6 symbol 3.
  auto m = match_on(table_of({{S, S, S}, {M}, {M}}), {0, 0, 2, 4, 2, 5});
  CHECK(m->table().fog == 0);  // out: to the left of the first player
  CHECK_FALSE(m->table().adjacent(0, 1));
  CHECK(m->table().adjacent(0, 2));
  CHECK(m->table().adjacent(1, 2));
  pass_to(*m, 1);
  pass_to(*m, 0);
  CHECK(m->table().fog == 1);  // in: one place clockwise
  CHECK_FALSE(m->table().adjacent(1, 2));
  pass_to(*m, 1);
  pass_to(*m, 0);
  CHECK(m->table().fog == 0);  // in: two places clockwise
  pass_to(*m, 1);
  pass_to(*m, 0);
  CHECK(m->table().fog == -1);  // in: removed
  pass_to(*m, 1);
  pass_to(*m, 0);
  CHECK(m->table().fog == 1);  // out: to the left of the second player
  pass_to(*m, 1);
  pass_to(*m, 0);
  CHECK(m->table().fog == -1);
}

TEST_CASE("scalawag: the fog breaks adjacency, a Lookout reaches through it") {
  auto table = table_of({{L, S, S}, {M, S}, {M}});
  table.ships[0].compass = 10;
  auto m = match_on(table, {0});
  ok(*m, 0, order("board", 0));
  CHECK(m->phase() == Phase::kTargets);
  CHECK_FALSE(has_legal(*m, 0, targets({1})));
  ok(*m, 0, simple("lookout"));
  all_decline(*m);
  CHECK(has_legal(*m, 0, targets({1})));
}

TEST_CASE("scalawag: a ship On Guard joins its neighbours across the fog") {
  auto table = table_of({{S, S, S}, {M}, {L, M}});
  auto m = match_on(table, {0, 0});
  pass_to(*m, 2);
  CHECK_FALSE(m->table().adjacent(0, 1));
  ok(*m, 2, order("on_guard"));
  all_decline(*m);
  CHECK(m->table().fog == 1);  // the new round's roll moved the fog one place
  CHECK(m->table().adjacent(0, 2));
}

TEST_CASE("scalawag: the fog leaves with the first elimination") {
  auto table = table_of({{G, S}, {M}, {M}});
  table.ships[0].compass = 10;
  table.ships[2].damage = 4;
  auto m = match_on(table, {0, 0});
  CHECK(m->table().fog == 0);
  ok(*m, 0, order("fire", 0));
  ok(*m, 0, targets({2}));
  CHECK(m->table().fog == -1);
  CHECK_FALSE(m->rules().fog);
  CHECK(m->table().adjacent(0, 1));
  pass_to(*m, 0);
  CHECK(m->table().fog == -1);  // no more rolls
}
