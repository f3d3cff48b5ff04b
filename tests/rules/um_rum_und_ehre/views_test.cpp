// Views and deadlines: what each seat sees of hidden things, the decision clock and the default
// answer the room's timer applies to each kind of question.
#include "tests/rules/um_rum_und_ehre/support.hpp"
#include "tests/why.hpp"

using namespace um_rum_und_ehre_test;

namespace {

void timeout(tortuga::State& s) {
  auto refused = s.apply(tortuga::kSystem, {{"type", "timeout"}});
  REQUIRE_MESSAGE(!refused, tortuga::why(refused));
}

}  // namespace

TEST_CASE("a minute a question by default; decision_s 0 for no clock; every question waits") {
  auto plain = match(3);
  REQUIRE(plain->deadline().has_value());
  CHECK(plain->deadline()->after_ms == 60000);
  CHECK(plain->view(0)["deadline"]["seats"] == Json::array({0}));
  auto unclocked = match(3, {{"decision_s", 0}});
  CHECK_FALSE(unclocked->deadline().has_value());
  CHECK(unclocked->apply(tortuga::kSystem, {{"type", "timeout"}})->code == "illegal_action");
  auto s = match(3, {{"decision_s", 30}});
  REQUIRE(s->deadline().has_value());
  CHECK(s->deadline()->after_ms == 30000);
  CHECK(s->deadline()->seats == std::vector<int>{0});
  CHECK(s->view(1)["deadline"]["seats"] == Json::array({0}));
  // An opponent asked to join a drink is the one waited on.
  s->display().taverns = {tile(TileKind::kTavern, 3, 0)};
  s->set_captain(at(0, 0));
  play(*s, move(alley(*s, at(0, 0), at(1, 0))));
  CHECK(s->deadline()->seats == std::vector<int>{1});
}

TEST_CASE("timeouts: decline the drink, roll, keep the roll, end the turn, board") {
  auto s = match(3, {{"decision_s", 10}});
  s->display().taverns = {tile(TileKind::kTavern, 5, 0)};
  s->player(0).rum = 1;
  s->script_dice({6, 1, 1});
  s->set_captain(at(0, 0));
  play(*s, move(alley(*s, at(0, 0), at(1, 0))));
  play(*s, "join");  // seat 1
  timeout(*s);       // seat 2 declines
  CHECK(s->view(0)["events"][0] ==
        Json{{"event", "timeout"}, {"seat", 2}, {"action", {{"type", "decline"}}}});
  CHECK(s->drink().drinkers == std::vector<int>{0, 1});
  CHECK(s->player(2).coins == 2);
  timeout(*s);  // seat 0 rolls: 6
  CHECK(s->step() == Step::kRum);
  timeout(*s);  // and keeps it
  CHECK(s->player(0).flag == std::vector<Tile>{tile(TileKind::kTavern, 5, 0)});
  CHECK(s->player(0).rum == 1);
  CHECK(s->step() == Step::kAfterMove);
  timeout(*s);  // ends the turn
  CHECK(s->current() == 1);
  timeout(*s);  // seat 1, at the start of a turn, boards
  CHECK(s->player(1).done);
  CHECK(s->ship().rows()[0].crew == 1);
}

TEST_CASE("timeouts: keep the drawn article, clear no alley at the HQ") {
  auto s = match(3, {{"decision_s", 10}});
  s->stacks().goods.push_back(tile(TileKind::kGoods, 2, 1));
  s->set_captain(at(3, 2));
  play(*s, move(alley(*s, at(3, 2), at(3, 1))));
  timeout(*s);
  CHECK(s->player(0).flag == std::vector<Tile>{tile(TileKind::kGoods, 2, 1)});
  // The timeout event does not say what was kept.
  CHECK(s->view(1)["events"][1] == Json{{"event", "kept_goods"}, {"seat", 0}});
  play(*s, move(alley(*s, at(3, 1), at(2, 1))));
  play(*s, move(alley(*s, at(2, 1), at(2, 2))));
  REQUIRE(s->step() == Step::kHq);
  const int supply = s->player(0).supply;
  timeout(*s);
  CHECK(s->player(0).supply == supply);
  CHECK(s->step() == Step::kAfterMove);
}

TEST_CASE("views: the stacks show their sizes only; the pile under a flag is its owner's") {
  auto s = match(4);
  for (int seat = -1; seat < 4; ++seat) {
    const Json v = seat < 0 ? s->spectator_view() : s->view(seat);
    CHECK_FALSE(v.contains("stack_order"));
    CHECK(v["stacks"]["goods"] == 20);
    for (const Json& p : v["players"]) CHECK(p.contains("flag") == (p["seat"] == seat));
  }
  CHECK(s->full_view().contains("stack_order"));
  CHECK(s->full_view()["players"][3].contains("coins"));
  // The town, the captain and the face-up tiles are public.
  CHECK(s->spectator_view()["captain"] == s->town().hq());
  CHECK(s->spectator_view()["display"]["taverns"].size() == 4);
  CHECK(s->spectator_view()["town"]["alleys"].size() == 84);
}
