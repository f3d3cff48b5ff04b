// Every Captain's Order and its costs: make sail, fire cannons, close and board, recruit crew,
// sail to windward, mutiny and on guard, with the crew that lowers or allows each.
#include "tests/rules/scalawag/support.hpp"

using namespace scalawag_test;

TEST_CASE("scalawag: make sail gains one point and one per Sailor, never past ten") {
  auto m = match_on(table_of({{S, S, M}, {G}, {G}, {G}}));
  ok(*m, 0, order("make_sail", 2));
  all_decline(*m);
  CHECK(ship(*m, 0).compass == 2 + 3 + 2);

  auto table = table_of({{S, S, M}, {G}, {G}, {G}});
  table.ships[0].compass = 9;
  auto full = match_on(table);
  ok(*full, 0, order("make_sail", 0));  // no crew assigned: no window
  CHECK(full->current() == 1);
  CHECK(ship(*full, 0).compass == 10);
}

TEST_CASE("scalawag: fire costs 5 adjacent, 8 afar, one less per Gunner") {
  auto table = table_of({{G, S, S}, {M}, {M}, {M}, {M}});
  table.ships[0].compass = 8;
  SUBCASE("adjacent") {
    auto m = match_on(table);
    ok(*m, 0, order("fire", 1));
    all_decline(*m);
    ok(*m, 0, targets({4}));
    CHECK(ship(*m, 0).compass == 8 - 4 + 2);
    CHECK(ship(*m, 4).damage == 1);
  }
  SUBCASE("not adjacent") {
    auto m = match_on(table);
    ok(*m, 0, order("fire", 0));
    ok(*m, 0, targets({2}));
    CHECK(ship(*m, 0).compass == 0 + 2);
  }
  SUBCASE("too dear") {
    table.ships[0].compass = 4;
    auto m = match_on(table);
    CHECK_FALSE(has_legal(*m, 0, order("fire", 0)));
    CHECK(has_legal(*m, 0, order("fire", 1)));
    refused(*m, 0, order("fire", 0));
    ok(*m, 0, order("fire", 1));
    all_decline(*m);
    CHECK(refused(*m, 0, targets({2})).find("costs 7") != std::string::npos);
    ok(*m, 0, targets({1}));
  }
}

TEST_CASE("scalawag: a second fire needs a Pilot and a second target") {
  auto table = table_of({{G, P, S}, {M}, {M}, {M}});
  table.ships[0].compass = 10;
  auto m = match_on(table);
  ok(*m, 0, order("fire", 1));
  all_decline(*m);
  refused(*m, 0, targets({1, 3}));  // no Pilot claimed yet
  ok(*m, 0, simple("second_fire"));
  all_decline(*m);
  refused(*m, 0, simple("second_fire"));
  ok(*m, 0, targets({1, 3}));
  CHECK(ship(*m, 0).compass == 10 - 4 - 4 + 2);
}

TEST_CASE("scalawag: boarding costs the highest uncovered box, less one per Marine") {
  auto table = table_of({{M, M, S}, {G, P}, {S}, {S}});
  table.ships[0].compass = 10;
  SUBCASE("an intact ship costs 10") {
    auto m = match_on(table);
    CHECK(m->table().boarding_cost(1) == 10);
    ok(*m, 0, order("board", 0));
    ok(*m, 0, targets({1}));
    // The boarded ship chooses the card it loses.
    CHECK(m->phase() == Phase::kLoseCrew);
    CHECK(m->actors() == std::vector<int>{1});
    refused(*m, 1, card("lose_crew", "marine"));
    ok(*m, 1, card("lose_crew", "pilot"));
    CHECK(ship(*m, 1).hand == Hand{G});
    CHECK(m->table().locker == Hand{P});
    CHECK(ship(*m, 0).compass == 0 + 2);
  }
  SUBCASE("one damage covers the 10: 8, and two Marines make it 6") {
    table.ships[1].damage = 1;
    table.ships[0].compass = 6;
    auto m = match_on(table);
    CHECK(m->table().boarding_cost(1) == 8);
    CHECK_FALSE(has_legal(*m, 0, order("board", 1)));
    ok(*m, 0, order("board", 2));
    all_decline(*m);
    refused(*m, 0, targets({2}));  // not adjacent
    ok(*m, 0, targets({1}));
    ok(*m, 1, card("lose_crew", "gunner"));
    CHECK(ship(*m, 0).compass == 0 + 2);
  }
  SUBCASE("the damage boxes may be set by option") {
    auto m = match_on(table, {}, {{"damage_boxes", {9, 7, 5, 3, 1}}});
    CHECK(m->table().boarding_cost(1) == 9);
  }
}

TEST_CASE("scalawag: recruit draws three from the harbour and puts back any three") {
  auto m = match_on(table_of({{S, S, S}, {M}, {M}, {M}}, {G, G, M}), {0, 0, 0});
  ok(*m, 0, order("recruit"));
  CHECK(m->phase() == Phase::kReturn);
  CHECK(ship(*m, 0).hand.size() == 6);
  CHECK(m->table().harbour.empty());
  refused(*m, 0, give_back({"sailor", "sailor"}));
  refused(*m, 0, give_back({"sailor", "sailor", "pilot"}));
  ok(*m, 0, give_back({"sailor", "sailor", "sailor"}));
  Hand hand = ship(*m, 0).hand;
  std::sort(hand.begin(), hand.end());
  CHECK(hand == Hand{G, G, M});
  CHECK(m->table().harbour == Hand{S, S, S});
  CHECK(m->current() == 1);
}

TEST_CASE("scalawag: sail to windward steals two from an adjacent ship and discards one") {
  auto table = table_of({{P, S, S}, {M}, {M}, {M}});
  table.ships[1].compass = 5;
  auto m = match_on(table);
  ok(*m, 0, order("windward"));
  CHECK(m->claim().crew == P);
  all_decline(*m);
  refused(*m, 0, targets({2}));  // not adjacent
  ok(*m, 0, targets({1}));
  CHECK(ship(*m, 1).compass == 3);
  CHECK(ship(*m, 0).compass == 2 + 2 - 1 + 2);
}

TEST_CASE("scalawag: mutiny steals random cards, the victim refills, the thief puts back") {
  // Stolen: the victim's cards at index 2 (Lookout) then 0 (Gunner); refills from the harbour.
  auto table = table_of({{U, S, S}, {M}, {G, M, L}, {M}}, {P, P});
  auto m = match_on(table, {2, 0, 0, 0});
  ok(*m, 0, order("mutiny"));
  CHECK(m->claim().crew == U);
  all_decline(*m);
  refused(*m, 0, targets({2}));  // how many to steal must be said
  ok(*m, 0, targets({2}, 2));    // any ship, adjacent or not
  CHECK(ship(*m, 2).hand == Hand{M, P, P});
  CHECK(ship(*m, 0).hand.size() == 5);
  CHECK(m->phase() == Phase::kReturn);
  CHECK(m->return_count() == 2);
  ok(*m, 0, give_back({"sailor", "mutineer"}));
  Hand hand = ship(*m, 0).hand;
  std::sort(hand.begin(), hand.end());
  CHECK(hand == Hand{S, G, L});
}

TEST_CASE("scalawag: on guard costs attackers two more and joins the neighbours") {
  auto table = table_of({{L, S, S}, {G, G, S}, {M}, {M}, {M}});
  table.ships[1].compass = 10;
  auto m = match_on(table);
  CHECK_FALSE(m->table().adjacent(1, 4));
  ok(*m, 0, order("on_guard"));
  CHECK(m->claim().crew == L);
  all_decline(*m);
  CHECK(ship(*m, 0).on_guard);
  CHECK(m->table().adjacent(1, 4));  // as if seat 0 were gone
  CHECK(m->table().adjacent(1, 0));
  // Seat 1 fires at seat 0: 5 - 2 + 2.
  ok(*m, 1, order("fire", 2));
  all_decline(*m);
  ok(*m, 1, targets({0}));
  CHECK(ship(*m, 1).compass == 10 - 5 + 2);
  for (int seat : {2, 3, 4}) ok(*m, seat, order("make_sail", 0));
  // On Guard ends when its captain's turn comes again.
  CHECK(m->current() == 0);
  CHECK_FALSE(ship(*m, 0).on_guard);
  CHECK_FALSE(m->table().adjacent(1, 4));
}

TEST_CASE("scalawag: a Lookout makes every ship adjacent for one attack") {
  auto table = table_of({{L, S, S}, {M}, {M}, {M}, {M}});
  table.ships[2].compass = 4;
  auto m = match_on(table);
  ok(*m, 0, order("windward"));
  all_decline(*m);
  CHECK_FALSE(has_legal(*m, 0, targets({2})));
  ok(*m, 0, simple("lookout"));
  all_decline(*m);
  refused(*m, 0, simple("lookout"));
  ok(*m, 0, targets({2}));
  CHECK(ship(*m, 2).compass == 2);
}
