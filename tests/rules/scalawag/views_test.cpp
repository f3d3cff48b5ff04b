// What each seat sees: its own hand and partner, the others' crew counts only, challenged cards
// shown to all, and the events of a mutiny told only to the two captains concerned.
#include "tests/rules/scalawag/support.hpp"

using namespace scalawag_test;

namespace {

bool logs(const Json& view, const char* event) {
  for (const Json& e : view["log"])
    if (e["event"] == event) return true;
  return false;
}

}  // namespace

TEST_CASE("scalawag: a seat sees its own hand and the others' crew counts") {
  auto m = match_on(table_of({{S, G, M}, {L, L}, {P}, {U, U, U}}));
  const Json view = m->view(1);
  CHECK(view["you"]["hand"] == Json::array({"lookout", "lookout"}));
  CHECK(view["you"]["allegiance"].is_null());
  CHECK(view["players"][3]["crew"] == 3);
  CHECK(view["players"][2]["crew"] == 1);
  CHECK_FALSE(view["players"][3].contains("hand"));
  CHECK(view["players"][0]["boarding_cost"] == 10);
  CHECK(view["players"][0]["adjacent"] == Json::array({1, 3}));
  CHECK(view["harbour"] == 0);
  CHECK(m->spectator_view()["you"].is_null());
  CHECK(m->full_view()["players"][3]["hand"] == Json::array({"mutineer", "mutineer", "mutineer"}));
}

TEST_CASE("scalawag: the window is in every view, with who may still challenge") {
  auto m = match_on(table_of({{S, G, M}, {L, L}, {P}, {U, U, U}}));
  ok(*m, 0, order("make_sail", 1));
  const Json view = m->spectator_view();
  CHECK(view["phase"] == "window");
  CHECK(view["claim"] ==
        Json({{"seat", 0}, {"crew", "sailor"}, {"count", 1}, {"waiting", {1, 2, 3}}}));
  CHECK(view["deadline"]["seats"] == Json::array({1, 2, 3}));
  CHECK(view["deadline"]["after_ms"] == 10000);
}

TEST_CASE("scalawag: a mutiny's cards are told only to the thief and the victim") {
  auto m = match_on(table_of({{U, S, S}, {M}, {G, M, L}, {M}}, {P, P}), {0, 0, 0});
  ok(*m, 0, order("mutiny"));
  all_decline(*m);
  ok(*m, 0, targets({2}, 1));
  CHECK(logs(m->view(0), "you_stole"));
  CHECK_FALSE(logs(m->view(0), "mutiny_on_you"));
  CHECK(logs(m->view(2), "mutiny_on_you"));
  CHECK_FALSE(logs(m->view(2), "you_stole"));
  for (const Json& view : {m->view(1), m->view(3), m->spectator_view()}) {
    CHECK_FALSE(logs(view, "you_stole"));
    CHECK_FALSE(logs(view, "mutiny_on_you"));
    CHECK(logs(view, "attack"));
  }
}

TEST_CASE("scalawag: a partner is known to its partner only, and all sides at the end") {
  auto table = table_of({{G}, {M}, {M}, {M}, {M}, {M}});
  const int sides[] = {0, 1, 2, 0, 1, 2};
  for (int seat = 0; seat < 6; ++seat) table.ships[seat].allegiance = sides[seat];
  auto m = match_on(table, {}, {{"alliances", true}});
  CHECK(m->view(0)["you"]["allegiance"] == "english");
  CHECK(m->view(0)["you"]["partner"] == 3);
  CHECK(m->view(4)["you"]["partner"] == 1);
  CHECK(m->view(4)["teams"].is_null());
  CHECK(m->spectator_view()["teams"].is_null());
}
