// The spaces without dice: coin, HQ, pirate, pirate goods, encounter, treasure map, rum barrel,
// city guard (with the rulebook's guard examples).
#include "tests/rules/um_rum_und_ehre/support.hpp"

using namespace um_rum_und_ehre_test;

namespace {

// Puts the captain next to `space` and moves seat 0 onto it along the alley from `from`.
void arrive(UmRumUndEhreState& s, int from, int space) {
  s.set_captain(from);
  play(s, move(alley(s, from, space)));
}

}  // namespace

TEST_CASE("coin space: one coin, hidden from the others") {
  auto s = match(3);
  arrive(*s, at(3, 3), at(2, 3));
  CHECK(s->player(0).coins == 3);
  CHECK(s->view(0)["players"][0]["coins"] == 3);
  CHECK_FALSE(s->view(1)["players"][0].contains("coins"));
  CHECK_FALSE(s->spectator_view()["players"][0].contains("coins"));
}

TEST_CASE("HQ: take back the pirates of one alley, or of two dark alleys") {
  auto s = match(3);
  const auto darks = dark_alleys(*s, at(0, 0));
  s->set_alley_owner(darks[0], 0);
  s->set_alley_owner(darks[1], 0);
  s->set_alley_owner(alley(*s, at(0, 0), at(1, 0)), 1);  // another seat's alley
  const int in = alley(*s, at(2, 1), at(2, 2));
  const int inner = alley(*s, at(4, 4), at(5, 4));
  s->set_alley_owner(inner, 0);
  s->player(0).supply = 6;
  arrive(*s, at(2, 1), at(2, 2));
  REQUIRE(s->step() == Step::kHq);
  const int used = s->town().alley(in).segments;
  CHECK(s->player(0).supply == 6 - used);
  // Two alleys only when both are dark; never another seat's alley.
  refuse(*s, {{"type", "take_back"}, {"alleys", {in, inner}}}, "both are dark");
  refuse(*s, {{"type", "take_back"}, {"alleys", {alley(*s, at(0, 0), at(1, 0))}}}, "none of your");
  refuse(*s, {{"type", "take_back"}, {"alleys", {darks[0], darks[0]}}}, "both are dark");
  CHECK(offers(*s, {{"type", "take_back"}, {"alleys", {darks[0], darks[1]}}}));
  CHECK(offers(*s, {{"type", "take_back"}, {"alleys", {in}}}));
  // The alley just used may be cleared and used again at once.
  play(*s, {{"type", "take_back"}, {"alleys", {in}}});
  CHECK(s->player(0).supply == 6);
  CHECK(s->alley_owner(in) == -1);
  CHECK(offers(*s, move(in)));
  // Two dark alleys, on another visit.
  auto t = match(3);
  t->set_alley_owner(darks[0], 0);
  t->set_alley_owner(darks[1], 0);
  arrive(*t, at(2, 1), at(2, 2));
  const int before = t->player(0).supply;
  play(*t, {{"type", "take_back"}, {"alleys", {darks[0], darks[1]}}});
  CHECK(t->player(0).supply ==
        before + t->town().alley(darks[0]).segments + t->town().alley(darks[1]).segments);
}

TEST_CASE("pirate space: one from the recruiting office, nothing once it is empty") {
  auto s = match(3);
  arrive(*s, at(2, 2), at(3, 2));
  const int seg = s->town().alley(alley(*s, at(2, 2), at(3, 2))).segments;
  CHECK(s->player(0).office == 4);
  CHECK(s->player(0).supply == 10 - seg + 1);
  auto t = match(3);
  t->player(0).office = 0;
  arrive(*t, at(2, 2), at(3, 2));
  CHECK(t->player(0).office == 0);
  CHECK(t->player(0).supply == 10 - seg);
}

TEST_CASE("pirate goods: keep the drawn article secretly, or sell it under the stack for two") {
  auto s = match(3);
  s->stacks().goods.push_back(tile(TileKind::kGoods, 5, 0));
  const std::size_t stack = s->stacks().goods.size();
  arrive(*s, at(3, 2), at(3, 1));
  REQUIRE(s->step() == Step::kGoods);
  CHECK(s->view(0)["question"]["drawn"]["value"] == 5);
  CHECK_FALSE(s->view(1)["question"].contains("drawn"));
  CHECK_FALSE(s->spectator_view()["question"].contains("drawn"));
  CHECK(s->view(1)["events"].back() == Json{{"event", "drew_goods"}, {"seat", 0}});
  play(*s, "sell");
  CHECK(s->player(0).coins == 4);
  CHECK(s->stacks().goods.size() == stack);
  CHECK(s->stacks().goods.front() == tile(TileKind::kGoods, 5, 0));  // under the stack
  CHECK(s->player(0).flag.empty());

  auto t = match(3);
  t->stacks().goods.push_back(tile(TileKind::kGoods, 4, 2));
  arrive(*t, at(3, 2), at(3, 1));
  play(*t, "keep");
  REQUIRE(t->player(0).flag.size() == 1);
  CHECK(t->player(0).flag[0] == tile(TileKind::kGoods, 4, 2));
  CHECK(t->player(0).coins == 2);
  CHECK(t->view(0)["players"][0]["flag"].size() == 1);
  CHECK_FALSE(t->view(2)["players"][0].contains("flag"));
}

TEST_CASE("encounter: drawn face down, fulfilled only when its owner moves the captain there") {
  auto s = match(3);
  const Tile rum_meeting = tile(TileKind::kEncounter, 6, static_cast<int>(Meeting::kRum));
  s->stacks().encounters.push_back(rum_meeting);
  s->stacks().encounters.push_back(rum_meeting);
  arrive(*s, at(2, 3), at(3, 3));  // tile 5's encounter space
  REQUIRE(s->player(0).meetings.size() == 1);
  CHECK(s->view(1)["players"][0]["encounters_face_down"] == 1);
  CHECK_FALSE(s->view(1)["players"][0].contains("encounters"));
  CHECK(s->view(0)["players"][0]["encounters"][0]["meeting"] == "rum");
  // Another player taking the captain to a rum space fulfils nothing of seat 0's.
  s->player(0).meetings.push_back(rum_meeting);
  play(*s, "end_turn");
  s->set_captain(at(3, 3));
  play(*s, move(alley(*s, at(3, 3), at(4, 3))));
  CHECK(s->player(0).meetings.size() == 2);
  CHECK(s->player(1).rum == 2);
  play(*s, "end_turn");
  play(*s, "rest");  // seat 2
  // Seat 0 moves there himself: one of his two identical encounters is fulfilled.
  s->set_captain(at(4, 2));
  play(*s, move(alley(*s, at(4, 2), at(4, 3))));
  CHECK(s->player(0).meetings.size() == 1);
  REQUIRE(s->player(0).flag.size() == 1);
  CHECK(s->player(0).flag[0] == rum_meeting);
  CHECK(s->player(0).rum == 2);  // the space's own action happens as well
  CHECK(s->view(1)["events"].size() >= 2);
  for (const Json& e : s->view(1)["events"]) CHECK_FALSE(e.contains("meeting"));
}

TEST_CASE("treasure map: a face-up map of the space's colour, then four again") {
  auto s = match(3);
  Display& d = s->display();
  d.maps = {tile(TileKind::kMap, 3, 0), tile(TileKind::kMap, 6, 0), tile(TileKind::kMap, 5, 1),
            tile(TileKind::kMap, 4, 2)};
  s->stacks().maps.push_back(tile(TileKind::kMap, 4, 1));
  arrive(*s, at(0, 1), at(1, 1));  // yellow
  REQUIRE(s->step() == Step::kMap);
  CHECK_FALSE(offers(*s, {{"type", "take_map"}, {"slot", 2}}));
  refuse(*s, {{"type", "take_map"}, {"slot", 2}}, "no yellow map");
  play(*s, {{"type", "take_map"}, {"slot", 1}});
  CHECK(s->player(0).flag == std::vector<Tile>{tile(TileKind::kMap, 6, 0)});
  CHECK(d.maps.size() == 4);
  CHECK(d.maps.back() == tile(TileKind::kMap, 4, 1));
  // No map of the colour: nothing happens.
  auto t = match(3);
  t->display().maps = {tile(TileKind::kMap, 3, 1), tile(TileKind::kMap, 6, 1)};
  arrive(*t, at(0, 1), at(1, 1));
  CHECK(t->step() == Step::kAfterMove);
  CHECK(t->player(0).flag.empty());
}

TEST_CASE("rum barrel: two barrels, shown to everyone; fewer when the supply runs short") {
  auto s = match(3);
  arrive(*s, at(2, 2), at(2, 1));
  CHECK(s->player(0).rum == 2);
  CHECK(s->rum_supply() == 10);
  CHECK(s->view(1)["players"][0]["rum"] == 2);
  CHECK(s->spectator_view()["players"][0]["rum"] == 2);
}

TEST_CASE("city guard examples: a 5 needs six pirates, a 2 needs three and pays a coin") {
  auto guard = [](int supply_after, TileKind kind, int value) {
    auto s = match(3);
    auto& stack = kind == TileKind::kBigGuard ? s->stacks().big_guards : s->stacks().small_guards;
    stack.push_back(tile(kind, value));
    const int a = alley(*s, at(2, 3), at(1, 3));
    s->player(0).supply = supply_after + s->town().alley(a).segments;
    arrive(*s, at(2, 3), at(1, 3));
    REQUIRE(s->step() == Step::kGuard);
    play(*s, {{"type", "guard"}, {"size", kind == TileKind::kBigGuard ? "big" : "small"}});
    return s;
  };
  auto won5 = guard(6, TileKind::kBigGuard, 5);
  CHECK(won5->player(0).flag == std::vector<Tile>{tile(TileKind::kBigGuard, 5)});
  CHECK(won5->player(0).coins == 2);
  auto lost5 = guard(5, TileKind::kBigGuard, 5);
  CHECK(lost5->player(0).flag.empty());
  CHECK(lost5->stacks().big_guards.front() == tile(TileKind::kBigGuard, 5));  // under the stack
  CHECK(lost5->stacks().big_guards.size() == 10);
  auto won2 = guard(3, TileKind::kSmallGuard, 2);
  CHECK(won2->player(0).flag == std::vector<Tile>{tile(TileKind::kSmallGuard, 2)});
  CHECK(won2->player(0).coins == 3);
  auto lost2 = guard(2, TileKind::kSmallGuard, 2);
  CHECK(lost2->player(0).flag.empty());
  CHECK(lost2->player(0).coins == 2);
  auto won3 = guard(4, TileKind::kSmallGuard, 3);
  CHECK(won3->player(0).coins == 2);  // a 3 pays no coin
}
