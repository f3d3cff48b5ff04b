// The tiles in the dispenser: the rulebook's counts and ranges, our values in tile_stacks.json, and
// a match's own values through the "stacks" option.
#include <map>
#include <set>

#include "rules/um_rum_und_ehre/stack_data.hpp"
#include "tests/rules/um_rum_und_ehre/support.hpp"
#include "tests/why.hpp"

using namespace um_rum_und_ehre_test;

TEST_CASE("the tile stacks hold the rulebook's counts and value ranges") {
  const Stacks& all = standard_stacks();
  CHECK(all.taverns.size() == 30);
  CHECK(all.maps.size() == 30);
  CHECK(all.goods.size() == 20);
  CHECK(all.encounters.size() == 18);
  CHECK(all.chests.size() == 12);
  CHECK(all.scorpions.size() == 12);
  CHECK(all.small_guards.size() == 9);
  CHECK(all.big_guards.size() == 9);
  CHECK(all.ropes.size() == 5);
  CHECK(all.hammocks.size() == 5);
  CHECK(all.bunks.size() == 5);
  auto in = [](const Stack& stack, int lo, int hi) {
    for (const Tile& t : stack) CHECK((t.value >= lo && t.value <= hi));
  };
  in(all.taverns, 2, 5);
  in(all.maps, 3, 6);
  in(all.goods, 2, 5);
  in(all.encounters, 4, 6);
  in(all.chests, 4, 6);
  in(all.small_guards, 1, 3);
  in(all.big_guards, 4, 6);
  in(all.ropes, 1, 2);
  in(all.hammocks, 3, 5);
  in(all.bunks, 6, 8);
  std::set<int> thresholds;
  for (const Tile& t : all.scorpions) {
    CHECK(t.value == -2);
    thresholds.insert(t.threshold);
  }
  CHECK(thresholds.size() == 12);
  CHECK(*thresholds.begin() == 10);
  CHECK(*thresholds.rbegin() == 21);
  std::map<int, int> per_meeting;
  for (const Tile& t : all.encounters) ++per_meeting[t.sort];
  CHECK(per_meeting.size() == kMeetings);
  for (auto [m, n] : per_meeting) CHECK(n == 2);
}

TEST_CASE("a match may bring its own tile values, any part of them, checked") {
  Json bunks = Json::array({8, 8, 8, 8, 8});
  Json taverns = {{"es_cruce", {5, 5, 5, 5, 5, 5, 5, 5, 5, 5}},
                  {"frere_jacques", {2, 2, 2, 2, 2, 2, 2, 2, 2, 2}},
                  {"jolly_roger", {3, 3, 3, 3, 3, 3, 3, 3, 3, 3}}};
  auto s = match(3, {{"stacks", {{"bunks", bunks}, {"taverns", taverns}}}});
  CHECK(s->display().bunk == tile(TileKind::kBunk, 8));
  for (const Tile& t : s->display().taverns)
    CHECK(t.value == (t.sort == 0 ? 5 : t.sort == 1 ? 2 : 3));
  // The parts not given are ours.
  CHECK(s->stacks().goods.size() == 20);
  CHECK(s->stacks().scorpions.size() + 1 == 12);

  const auto& game = um_rum_und_ehre();
  auto bad = [&](Json stacks, const std::string& words) {
    auto result = game.normalize_options({{"players", 3}, {"stacks", stacks}});
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().code == "bad_options");
    CHECK_MESSAGE(tortuga::why(result).find(words) != std::string::npos, tortuga::why(result));
  };
  bad({{"bunks", {8, 8, 8, 8}}}, "bunks must list 5 values");
  bad({{"bunks", {8, 8, 8, 8, 9}}}, "bunks values must be 6..8");
  bad({{"scorpions", {9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}}}, "10..21");
  bad({{"doubloons", {1}}}, "unknown part doubloons");
  Json short_taverns = taverns;
  short_taverns.erase("jolly_roger");
  bad({{"taverns", short_taverns}}, "taverns must be an object of 3 lists");
  Json renamed = taverns;
  renamed.erase("jolly_roger");
  renamed["blue_anchor"] = Json::array({3, 3, 3, 3, 3, 3, 3, 3, 3, 3});
  bad({{"taverns", renamed}}, "taverns lacks jolly_roger");
  bad({{"encounters", {{"pirate", {4, 7}}}}}, "encounters must be an object of 9 lists");
}
