// The turn clock (option turn_clock_s): every question but a challenge window has a deadline, and
// when it passes the room's timeout answers for the silent captain.
#include "tests/rules/scalawag/support.hpp"

using namespace scalawag_test;

namespace {

void time_out(ScalawagState& m) {
  ok(m, tortuga::kSystem, simple("timeout"));
  CHECK(m.spectator_view()["last_action"] == Json({{"seat", nullptr}, {"type", "timeout"}}));
}

}  // namespace

TEST_CASE("scalawag: without a clock only the challenge windows have deadlines") {
  auto m = match_on(table_of({{S, S, M}, {G}, {G}, {G}}), {}, {{"turn_clock_s", 0}});
  CHECK_FALSE(m->deadline());
}

TEST_CASE("scalawag: by default every question but a window waits 45 seconds") {
  auto m = match_on(table_of({{S, S, M}, {G}, {G}, {G}}));
  REQUIRE(m->deadline());
  CHECK(m->deadline()->after_ms == 45000);
  CHECK(m->deadline()->seats == std::vector<int>{0});
  CHECK(m->view(2)["deadline"]["seats"] == Json::array({0}));
  CHECK(scalawag().normalize_options(Json::object())->at("turn_clock_s") == 45);
  CHECK(scalawag().normalize_options(Json::object())->at("window_s") == 10);
}

TEST_CASE("scalawag: the turn clock answers for the silent captain") {
  const Json clock = {{"turn_clock_s", 20}};
  SUBCASE("an order: make sail with no crew") {
    auto m = match_on(table_of({{S, S, M}, {G}, {G}, {G}}), {}, clock);
    REQUIRE(m->deadline());
    CHECK(m->deadline()->after_ms == 20000);
    CHECK(m->deadline()->seats == std::vector<int>{0});
    time_out(*m);
    CHECK(ship(*m, 0).compass == 2 + 1 + 2);
    CHECK(m->current() == 1);
  }
  SUBCASE("targets: the order is lost") {
    auto table = table_of({{G, S, M}, {G}, {G}, {G}});
    table.ships[0].compass = 10;
    auto m = match_on(table, {}, clock);
    ok(*m, 0, order("fire", 0));
    time_out(*m);
    CHECK(ship(*m, 0).compass == 10);
    for (int seat : {1, 2, 3}) CHECK(ship(*m, seat).damage == 0);
    CHECK(m->current() == 1);
  }
  SUBCASE("a penalty: the damage") {
    auto m = match_on(table_of({{S, M, M}, {G, S}, {G}, {G}}), {}, clock);
    ok(*m, 0, order("make_sail", 2));  // a bluff
    // The window keeps its own time, not the clock's.
    CHECK(m->deadline()->after_ms == 10000);
    ok(*m, 1, simple("challenge"));
    CHECK(m->deadline()->seats == std::vector<int>{0});
    time_out(*m);
    CHECK(ship(*m, 0).damage == 1);
    CHECK(ship(*m, 0).hand.size() == 3);
  }
  SUBCASE("a boarded ship: its first card in the crew table's order") {
    auto table = table_of({{M, S, S}, {L, G}, {G}, {G}});
    table.ships[0].compass = 10;
    auto m = match_on(table, {}, clock);
    ok(*m, 0, order("board", 0));
    ok(*m, 0, targets({1}));
    CHECK(m->deadline()->seats == std::vector<int>{1});
    time_out(*m);
    CHECK(ship(*m, 1).hand == Hand{L});
  }
}
