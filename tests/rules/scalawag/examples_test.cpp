// Every example of the rulebook, played out: Steve's, Michelle's and Kim's turns, the penalty a
// player may not choose because it would eliminate them, and the war prizes.
#include "tests/rules/scalawag/support.hpp"

using namespace scalawag_test;

TEST_CASE("scalawag: Steve's turn: Gunner, Pilot, Lookout, then Alex and Kim") {
  // Five ships: Steve is seat 0, Alex seat 2 and Kim seat 3, neither adjacent to Steve.
  auto table = table_of({{G, P, L}, {S}, {S}, {S}, {S}});
  table.ships[0].compass = 10;
  auto m = match_on(table);
  CHECK_FALSE(m->table().adjacent(0, 2));
  CHECK_FALSE(m->table().adjacent(0, 3));
  ok(*m, 0, order("fire", 1));
  CHECK(m->claim().crew == G);
  all_decline(*m);
  ok(*m, 0, simple("second_fire"));
  CHECK(m->claim().crew == P);
  all_decline(*m);
  // Without the Lookout both shots cost 8 - 1 = 7: too much for ten points.
  refused(*m, 0, targets({2, 3}));
  ok(*m, 0, simple("lookout"));
  CHECK(m->claim().crew == L);
  all_decline(*m);
  ok(*m, 0, targets({2, 3}));
  CHECK(ship(*m, 2).damage == 1);
  CHECK(ship(*m, 3).damage == 1);
  CHECK(ship(*m, 0).compass == 10 - 4 - 4 + 2);
  CHECK(m->current() == 1);
}

TEST_CASE("scalawag: Michelle's turn: two Gunners and a Pilot fire at Steve and Alex") {
  // Michelle is seat 0, Steve seat 1 (adjacent), Alex seat 2 (not adjacent).
  auto table = table_of({{G, G, P}, {S}, {S}, {S}, {S}});
  table.ships[0].compass = 10;
  auto m = match_on(table);
  ok(*m, 0, order("fire", 2));
  all_decline(*m);
  ok(*m, 0, simple("second_fire"));
  all_decline(*m);
  // The two fires must have different targets.
  refused(*m, 0, targets({1, 1}));
  ok(*m, 0, targets({1, 2}));
  // 5 - 2 = 3 for Steve, 8 - 2 = 6 for Alex: nine in all.
  CHECK(ship(*m, 0).compass == 10 - 9 + 2);
  CHECK(ship(*m, 1).damage == 1);
  CHECK(ship(*m, 2).damage == 1);
}

TEST_CASE("scalawag: Kim's perfect timing: the Lookout claim accepts the Gunners") {
  // Kim (seat 0) holds no Gunner: once she claims the Lookout, only the Lookout can be challenged.
  auto table = table_of({{L, S, S}, {S, M}, {S, M}, {S, M}}, {M});
  table.ships[0].compass = 10;
  auto m = match_on(table, {0});
  ok(*m, 0, order("fire", 2));
  all_decline(*m);
  ok(*m, 0, simple("lookout"));
  ok(*m, 2, simple("challenge"));
  // The Lookout was there: the challenger pays, and Kim keeps her order.
  CHECK(m->phase() == Phase::kPenalty);
  CHECK(m->penalty().payer == 2);
  ok(*m, 2, penalty_damage());
  CHECK(ship(*m, 2).damage == 1);
  CHECK(ship(*m, 0).hand == Hand{S, S, M});  // the Lookout went back, a Marine came
  CHECK(m->phase() == Phase::kTargets);
  ok(*m, 0, targets({2}));  // not adjacent, but the Lookout reaches it: 5 - 2
  CHECK(ship(*m, 2).damage == 2);
  CHECK(ship(*m, 0).compass == 10 - 3 + 2);
}

TEST_CASE("scalawag: Kim's turn: a successful Scalawag! costs her the order") {
  auto table = table_of({{S, S, M}, {S, M}, {S, M}, {S, M}});
  table.ships[0].compass = 6;
  auto m = match_on(table);
  ok(*m, 0, order("fire", 2));
  ok(*m, 1, simple("challenge"));  // Alex
  CHECK(m->phase() == Phase::kPenalty);
  CHECK(m->penalty().payer == 0);
  CHECK(m->actors() == std::vector<int>{0});
  ok(*m, 0, penalty_damage());
  CHECK(ship(*m, 0).damage == 1);
  CHECK(ship(*m, 0).compass == 6 + 2);  // no fire paid for, two points taken
  CHECK(ship(*m, 1).damage == 0);
  CHECK(m->current() == 1);
}

TEST_CASE("scalawag: Kim's turn: two failed challenges and a war prize") {
  // Kim 0, Alex 1, Steve 2 (one card, four damage), Michelle 3.
  auto table = table_of({{G, G, P}, {S, M, U}, {S}, {M, M, L}}, {L, S, M});
  table.ships[0].compass = 10;
  table.ships[0].damage = 1;
  table.ships[2].damage = 4;
  // Kim's two new cards: harbour index 0 then 2; her card for the Pilot: index 1.
  auto m = match_on(table, {0, 2, 1});
  ok(*m, 0, order("fire", 2));
  ok(*m, 1, simple("challenge"));
  // The two Gunners are shown: Alex pays and chooses a crew loss.
  CHECK(m->penalty().payer == 1);
  ok(*m, 1, penalty_crew("sailor"));
  CHECK(ship(*m, 1).hand.size() == 2);
  CHECK(m->table().locker == Hand{S});
  CHECK(ship(*m, 0).hand == Hand{P, L, M});
  CHECK(m->table().harbour.size() == 3);

  ok(*m, 0, simple("second_fire"));
  ok(*m, 2, simple("challenge"));
  // Steve is out whatever he takes: Kim chooses, and takes the crew loss for her war prize.
  CHECK(m->phase() == Phase::kPenalty);
  CHECK(m->penalty().chooser == 0);
  CHECK(m->legal_actions(0) == Json::array({penalty_damage(), penalty_crew()}));
  ok(*m, 0, penalty_crew());
  CHECK_FALSE(ship(*m, 2).alive);
  CHECK(ship(*m, 0).damage == 0);            // the prize: one damage repaired
  CHECK(ship(*m, 0).hand == Hand{L, M, S});  // the Pilot went back, a Sailor came

  ok(*m, 0, targets({1, 3}));
  CHECK(ship(*m, 1).damage == 1);
  CHECK(ship(*m, 3).damage == 1);
  CHECK(ship(*m, 0).compass == 10 - 3 - 3 + 2);
}

TEST_CASE("scalawag: a penalty that would eliminate may not be chosen") {
  SUBCASE("one card and two damage: the damage it must be") {
    auto table = table_of({{S, M, G}, {G}, {M}, {M}}, {L});
    auto m = match_on(table, {0});
    ok(*m, 0, order("make_sail", 1));
    ok(*m, 1, simple("challenge"));
    // No question asked: the only choice that does not eliminate is applied.
    CHECK(ship(*m, 1).damage == 1);
    CHECK(ship(*m, 1).hand == Hand{G});
    CHECK(m->current() == 1);
    CHECK(ship(*m, 0).compass == 2 + 2 + 2);
  }
  SUBCASE("four damage and two cards: a crew loss, of the player's choice") {
    auto table = table_of({{S, M, G}, {G, P}, {M}, {M}}, {L});
    table.ships[1].damage = 4;
    auto m = match_on(table, {0});
    ok(*m, 0, order("make_sail", 1));
    ok(*m, 1, simple("challenge"));
    CHECK(m->phase() == Phase::kPenalty);
    CHECK(m->legal_actions(1) == Json::array({penalty_crew("gunner"), penalty_crew("pilot")}));
    CHECK(refused(*m, 1, penalty_damage()).find("sink") != std::string::npos);
    refused(*m, 1, penalty_crew("lookout"));
    ok(*m, 1, penalty_crew("pilot"));
    CHECK(ship(*m, 1).hand == Hand{G});
    CHECK(ship(*m, 1).alive);
  }
}

TEST_CASE("scalawag: war prizes") {
  SUBCASE("a sinking: a random card of the wreck, and a fourth card goes to the locker") {
    auto table = table_of({{G, G, S}, {M, L}, {S}, {S}});
    table.ships[0].compass = 10;
    table.ships[1].damage = 4;
    auto m = match_on(table, {1});  // the prize: the wreck's card at index 1, the Lookout
    ok(*m, 0, order("fire", 0));
    ok(*m, 0, targets({1}));
    CHECK_FALSE(ship(*m, 1).alive);
    CHECK(m->phase() == Phase::kPrizeDiscard);
    CHECK(m->actors() == std::vector<int>{0});
    CHECK(ship(*m, 0).hand.size() == 4);
    ok(*m, 0, card("to_locker", "sailor"));
    CHECK(ship(*m, 0).hand == Hand{G, G, L});
    CHECK(m->table().locker == Hand{M, S});  // the wreck's other card, then the discard
    CHECK(m->current() == 2);
  }
  SUBCASE("the last crew card: one damage repaired") {
    auto table = table_of({{M, M, S}, {G}, {S}, {S}});
    table.ships[0].compass = 10;
    table.ships[0].damage = 2;
    auto m = match_on(table);
    ok(*m, 0, order("board", 0));
    ok(*m, 0, targets({1}));
    CHECK_FALSE(ship(*m, 1).alive);
    CHECK(ship(*m, 0).damage == 1);
    CHECK(m->table().locker == Hand{G});
  }
  SUBCASE("the last crew card taken by an intact ship: nothing more") {
    auto table = table_of({{M, M, S}, {G}, {S}, {S}});
    table.ships[0].compass = 10;
    auto m = match_on(table);
    ok(*m, 0, order("board", 0));
    ok(*m, 0, targets({1}));
    CHECK_FALSE(ship(*m, 1).alive);
    CHECK(ship(*m, 0).damage == 0);
    CHECK(ship(*m, 0).hand.size() == 3);
  }
}
