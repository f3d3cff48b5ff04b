// The town and the set-up: the nine designed tiles, how an arrangement places and turns them,
// the alleys and dark alleys, and everything a match starts with.
#include <map>
#include <set>

#include "rules/um_rum_und_ehre/town.hpp"
#include "tests/rules/um_rum_und_ehre/support.hpp"
#include "tests/why.hpp"

using namespace um_rum_und_ehre_test;

TEST_CASE("the nine tiles use every kind of space as the rulebook counts them") {
  std::map<Space, int> count;
  std::set<int> numbers;
  for (const TownTile& t : standard_tiles()) {
    numbers.insert(t.number);
    int coins = 0;
    for (Space s : t.spaces) {
      ++count[s];
      coins += s == Space::kCoin;
    }
    CHECK(coins == 1);  // one numbered coin space per tile
    for (int seg : t.alleys) CHECK((seg >= 1 && seg <= 3));
    for (int seg : t.stubs) CHECK((seg >= 1 && seg <= 2));
  }
  CHECK(numbers == std::set<int>{1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(count.size() == kSpaceKinds);
  CHECK(count[Space::kCoin] == 9);
  CHECK(count[Space::kHq] == 1);
  CHECK(count[Space::kGuard] == 3);
  for (Space s : {Space::kTavernEsCruce, Space::kTavernFrereJacques, Space::kTavernJollyRoger})
    CHECK(count[s] == 1);
  for (Space s : {Space::kMapYellow, Space::kMapPink, Space::kMapGreen}) CHECK(count[s] == 2);
}

TEST_CASE("the town: 36 spaces, alleys of 1 to 3 segments, 24 dark alleys at the edge") {
  auto s = match(3);
  const Town& town = s->town();
  CHECK(town.spaces().size() == 36);
  CHECK(town.alleys().size() == 84);
  int dark = 0;
  for (const Alley& a : town.alleys()) {
    if (a.dark) {
      ++dark;
      CHECK((a.segments >= 1 && a.segments <= 2));  // the half segment and at most one more
      const TownSpace& sp = town.space(a.spaces[0]);
      CHECK((sp.x == 0 || sp.y == 0 || sp.x == 5 || sp.y == 5));
    } else {
      CHECK((a.segments >= 1 && a.segments <= 3));
      const TownSpace& p = town.space(a.spaces[0]);
      const TownSpace& q = town.space(a.spaces[1]);
      CHECK(std::abs(p.x - q.x) + std::abs(p.y - q.y) == 1);
    }
  }
  CHECK(dark == 24);
  for (const TownSpace& sp : town.spaces()) CHECK(sp.alleys.size() == 4);
  for (int n = 1; n <= 9; ++n) {
    CHECK(town.space(town.coin_space(n)).kind == Space::kCoin);
    CHECK(town.space(town.coin_space(n)).tile == n);
  }
  // The plain arrangement: tile 1 in the top-left corner, unturned.
  CHECK(town.space(at(0, 0)).kind == Space::kCoin);
  CHECK(town.space(at(1, 0)).kind == Space::kTavernEsCruce);
  CHECK(town.space(at(1, 1)).kind == Space::kMapYellow);
  CHECK(town.space(at(0, 1)).kind == Space::kPirate);
  CHECK(town.hq() == at(2, 2));
  // Tile 1's top inner alley has 2 segments; tiles 1 and 2 meet with stubs 1 and 1 (one segment).
  CHECK(town.alley(alley(*s, at(0, 0), at(1, 0))).segments == 2);
  CHECK(town.alley(alley(*s, at(1, 0), at(2, 0))).segments == 1);
  // Tile 1's stub NE-right is 1, tile 2's NW-left stub is 1... and row 1: SE-right 1 + SW-left 2.
  CHECK(town.alley(alley(*s, at(1, 1), at(2, 1))).segments == 2);
  // The dark alleys of the top-left corner: tile 1's stubs NW-up (1) and NW-left (2).
  auto corner = dark_alleys(*s, at(0, 0));
  REQUIRE(corner.size() == 2);
  CHECK(town.alley(corner[0]).segments + town.alley(corner[1]).segments == 3);
}

TEST_CASE("a turned tile turns its spaces, alleys and stubs clockwise") {
  Json tiles = plain_arrangement();
  tiles[0]["rotation"] = 1;
  auto s = match(3, {{"arrangement", tiles}});
  const Town& town = s->town();
  // Tile 1 turned a quarter clockwise: the coin goes from the top-left to the top-right corner.
  CHECK(town.space(at(1, 0)).kind == Space::kCoin);
  CHECK(town.space(at(1, 1)).kind == Space::kTavernEsCruce);
  CHECK(town.space(at(0, 1)).kind == Space::kMapYellow);
  CHECK(town.space(at(0, 0)).kind == Space::kPirate);
  // Its top inner alley (2) now runs down the right side; its left one (2) along the top.
  CHECK(town.alley(alley(*s, at(1, 0), at(1, 1))).segments == 2);
  CHECK(town.alley(alley(*s, at(0, 0), at(1, 0))).segments == 2);
  CHECK(town.alley(alley(*s, at(0, 1), at(1, 1))).segments == 1);  // was its right alley
  CHECK(town.alley(alley(*s, at(0, 0), at(0, 1))).segments == 3);  // was its bottom alley
}

TEST_CASE("the arrangement option is checked and the default is random") {
  const auto& game = um_rum_und_ehre();
  auto bad = [&](Json arrangement, const std::string& words) {
    auto result = game.normalize_options({{"players", 3}, {"arrangement", arrangement}});
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().code == "bad_options");
    CHECK_MESSAGE(tortuga::why(result).find(words) != std::string::npos, tortuga::why(result));
  };
  Json twice = plain_arrangement();
  twice[1]["tile"] = 1;
  bad(twice, "placed twice");
  Json turned = plain_arrangement();
  turned[2]["rotation"] = 4;
  bad(turned, "rotation must be 0..3");
  bad(Json::array({1, 2, 3}), "nine");
  Json extra = plain_arrangement();
  extra[0]["flip"] = true;
  bad(extra, "position 0");
  // Random arrangements differ from seed to seed, and the view shows the one dealt.
  std::set<std::string> seen;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto s = um_rum_und_ehre().new_state(*game.normalize_options({{"players", 2}}), Chance(seed));
    seen.insert(s->view(0)["town"]["arrangement"].dump());
  }
  CHECK(seen.size() == 5);
}

TEST_CASE("set-up: coins, pirates, the face-up tiles, the captain on the HQ") {
  for (int players = 2; players <= 5; ++players) {
    CAPTURE(players);
    auto s = match(players);
    CHECK(s->captain() == s->town().hq());
    CHECK(s->current() == 0);
    CHECK(s->round() == 1);
    for (int seat = 0; seat < players; ++seat) {
      CHECK(s->player(seat).coins == 2);
      CHECK(s->player(seat).supply == 10);
      CHECK(s->player(seat).office == 5);
      CHECK(s->player(seat).rum == 0);
    }
    const Display& d = s->display();
    CHECK(d.taverns.size() == 4);
    CHECK(d.maps.size() == 4);
    CHECK(d.chest.has_value());
    CHECK(d.scorpion.has_value());
    CHECK(d.bunk.has_value());
    CHECK(d.hammock.has_value());
    CHECK(d.rope.has_value() == (players >= 4));  // no rope with two or three players
    CHECK(s->stacks().taverns.size() == 26);
    CHECK(s->stacks().maps.size() == 26);
    CHECK(s->stacks().goods.size() == 20);
    CHECK(s->stacks().encounters.size() == 18);
    CHECK(s->stacks().chests.size() == 11);
    CHECK(s->stacks().scorpions.size() == 11);
    CHECK(s->stacks().small_guards.size() == 9);
    CHECK(s->stacks().big_guards.size() == 9);
    CHECK(s->stacks().bunks.size() == 4);
    // The two-player game's imaginary crew stands on the top row from the start.
    if (players == 2) {
      REQUIRE(s->ship().rows().size() == 1);
      CHECK(s->ship().rows()[0].crew == kImaginaryCrew);
      CHECK((s->ship().rows()[0].pirates[0] >= 1 && s->ship().rows()[0].pirates[0] <= 6));
    } else {
      CHECK(s->ship().rows().empty());
    }
  }
}

namespace {

// Our nine tiles in the option's format.
Json our_tiles() {
  Json tiles = Json::array();
  for (const TownTile& t : standard_tiles()) {
    Json spaces = Json::array();
    for (Space s : t.spaces) spaces.push_back(space_name(s));
    tiles.push_back(
        {{"number", t.number}, {"spaces", spaces}, {"alleys", t.alleys}, {"stubs", t.stubs}});
  }
  return tiles;
}

}  // namespace

TEST_CASE("a match may bring its own tiles, checked like ours") {
  Json tiles = our_tiles();
  // Tile 1 with its tavern and map swapped and a long top alley.
  tiles[0]["spaces"] = {"coin", "map_yellow", "tavern_es_cruce", "pirate"};
  tiles[0]["alleys"][0] = 3;
  auto s = match(3, {{"tiles", tiles}});
  CHECK(s->town().space(at(1, 0)).kind == Space::kMapYellow);
  CHECK(s->town().space(at(1, 1)).kind == Space::kTavernEsCruce);
  CHECK(s->town().alley(alley(*s, at(0, 0), at(1, 0))).segments == 3);

  const auto& game = um_rum_und_ehre();
  auto bad = [&](Json given, const std::string& words) {
    auto result = game.normalize_options({{"players", 3}, {"tiles", given}});
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().code == "bad_options");
    CHECK_MESSAGE(tortuga::why(result).find(words) != std::string::npos, tortuga::why(result));
  };
  Json two_hq = our_tiles();
  two_hq[0]["spaces"][1] = "hq";
  bad(two_hq, "exactly one hq");
  Json no_coin = our_tiles();
  no_coin[1]["spaces"][1] = "rum";
  bad(no_coin, "tile 2 must have exactly one coin space");
  Json long_alley = our_tiles();
  long_alley[2]["alleys"][0] = 4;
  bad(long_alley, "tile 3: alleys");
  Json long_stub = our_tiles();
  long_stub[2]["stubs"][7] = 3;
  bad(long_stub, "tile 3: stubs");
  Json twice = our_tiles();
  twice[4]["number"] = 4;
  bad(twice, "tile 4 is given twice");
  Json unknown = our_tiles();
  unknown[5]["spaces"][0] = "brothel";
  bad(unknown, "unknown space kind");
  bad(Json::array({1}), "nine tiles");
}
