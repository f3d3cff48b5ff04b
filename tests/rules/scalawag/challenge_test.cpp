// Claims and challenges: the window and who is in it, its deadline and timeout, the first
// challenge deciding, what a true and a false claim cost, and bluffs that nobody calls.
#include "tests/rules/scalawag/support.hpp"

using namespace scalawag_test;

TEST_CASE("scalawag: a claim opens a window for every other surviving captain") {
  auto table = table_of({{S, S, M}, {G}, {G}, {G}, {G}});
  table.ships[3].alive = false;
  table.ships[3].hand.clear();
  auto m = match_on(table, {}, {{"window_s", 7}});
  ok(*m, 0, order("make_sail", 2));
  CHECK(m->phase() == Phase::kWindow);
  CHECK(m->actors() == std::vector<int>{1, 2, 4});
  auto deadline = m->deadline();
  REQUIRE(deadline);
  CHECK(deadline->after_ms == 7000);
  CHECK(deadline->seats == std::vector<int>{1, 2, 4});
  CHECK(m->legal_actions(1) == Json::array({simple("challenge"), simple("decline")}));
  CHECK(m->legal_actions(0).empty());
  refused(*m, 3, simple("decline"), tortuga::code::kNotYourTurn);
  refused(*m, 0, simple("challenge"), tortuga::code::kNotYourTurn);
  ok(*m, 2, simple("decline"));
  CHECK(m->actors() == std::vector<int>{1, 4});
  CHECK(m->deadline()->seats == std::vector<int>{1, 4});
  ok(*m, 1, simple("decline"));
  ok(*m, 4, simple("decline"));
  // All declined: the order goes on.
  CHECK(ship(*m, 0).compass == 2 + 3 + 2);
  CHECK(m->current() == 1);
  // The window's deadline is gone; the next captain's order has the turn clock's.
  CHECK(m->deadline()->after_ms == 45000);
  CHECK(m->deadline()->seats == std::vector<int>{1});
}

TEST_CASE("scalawag: the window's time running out is a decline by all who kept silent") {
  auto m = match_on(table_of({{S, M, M}, {G}, {G}, {G}}), {}, {{"turn_clock_s", 0}});
  CHECK(m->apply(tortuga::kSystem, simple("timeout")).has_value());  // nothing waits yet
  ok(*m, 0, order("make_sail", 3));  // a bluff: no three Sailors here
  ok(*m, 2, simple("decline"));
  ok(*m, tortuga::kSystem, simple("timeout"));
  CHECK(ship(*m, 0).compass == 2 + 4 + 2);
  CHECK(ship(*m, 0).damage == 0);
}

TEST_CASE("scalawag: when several challenge, the first received decides") {
  auto m = match_on(table_of({{S, M, M}, {G, S}, {G, S}, {G, S}}));
  ok(*m, 0, order("make_sail", 1));
  ok(*m, 3, simple("challenge"));
  refused(*m, 1, simple("challenge"), tortuga::code::kNotYourTurn);
  CHECK(m->penalty().payer == 3);
}

TEST_CASE("scalawag: a false claim costs the penalty and the order") {
  auto table = table_of({{S, M, M}, {G, S}, {G, S}, {G, S}});
  table.ships[0].compass = 9;
  auto m = match_on(table);
  ok(*m, 0, order("fire", 2));
  ok(*m, 1, simple("challenge"));
  CHECK(m->actors() == std::vector<int>{0});
  CHECK(m->legal_actions(0) ==
        Json::array({penalty_damage(), penalty_crew("sailor"), penalty_crew("marine")}));
  ok(*m, 0, penalty_crew("marine"));
  CHECK(ship(*m, 0).hand == Hand{S, M});
  CHECK(m->table().locker == Hand{M});
  CHECK(ship(*m, 0).compass == 10);  // two points, the cap discards the excess
  CHECK(m->current() == 1);
  for (int seat : {1, 2, 3}) CHECK(ship(*m, seat).damage == 0);
}

TEST_CASE("scalawag: a true claim costs the challenger, and the shown cards are replaced") {
  auto m = match_on(table_of({{S, S, M}, {G, P}, {G, S}, {G, S}}, {L, L}), {1, 0});
  ok(*m, 0, order("make_sail", 2));
  ok(*m, 1, simple("challenge"));
  CHECK(m->penalty().payer == 1);
  CHECK(m->penalty().chooser == 1);
  ok(*m, 1, penalty_damage());
  CHECK(ship(*m, 1).damage == 1);
  // Both Sailors went to the harbour and two cards came from it.
  CHECK(ship(*m, 0).hand == Hand{M, L, L});
  CHECK(count_of(m->table().harbour, S) == 2);
  CHECK(ship(*m, 0).compass == 2 + 3 + 2);
  // Everyone saw the two Sailors.
  const Json log = m->spectator_view()["log"];
  bool shown = false;
  for (const Json& event : log)
    if (event["event"] == "scalawag") {
      CHECK(event["truthful"] == true);
      CHECK(event["shown"] == Json::array({"sailor", "sailor"}));
      shown = true;
    }
  CHECK(shown);
}

TEST_CASE("scalawag: the claimant's refusals never reveal the hand") {
  auto m = match_on(table_of({{S, S, M}, {G, P}, {G, S}, {G, S}}));
  // Any count of crew may be claimed, held or not.
  for (int n = 0; n <= 3; ++n) CHECK(has_legal(*m, 0, order("make_sail", n)));
  refused(*m, 0, order("make_sail", 4), tortuga::code::kBadAction);
}

TEST_CASE("scalawag: a challenger eliminated by the penalty is out of the turn order") {
  auto table = table_of({{S, S, M}, {G}, {G, S}, {G, S}}, {L, L});
  table.ships[1].damage = 4;
  auto m = match_on(table, {0, 0, 0});
  ok(*m, 0, order("make_sail", 1));
  ok(*m, 1, simple("challenge"));
  // Either choice would sink seat 1: the claimant chooses, and takes the sinking's war prize.
  CHECK(m->actors() == std::vector<int>{0});
  ok(*m, 0, penalty_damage());
  CHECK_FALSE(ship(*m, 1).alive);
  CHECK(ship(*m, 0).hand.size() == 4);  // seat 1's Gunner, then the locker takes one
  ok(*m, 0, card("to_locker", "gunner"));
  CHECK(m->current() == 2);
  CHECK(m->table().adjacent(0, 2));
}
