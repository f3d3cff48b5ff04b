// The final scoring with the rulebook's examples, the ties, and the end of the match after the
// fifth round.
#include "rules/um_rum_und_ehre/scoring.hpp"
#include "tests/rules/um_rum_und_ehre/support.hpp"

using namespace um_rum_und_ehre_test;

namespace {

enum Article { kHook = 0, kPegLeg = 1, kEyePatch = 2, kParrot = 3 };
enum Colour { kYellow = 0, kPink = 1, kGreen = 2 };

// Plays a match to its end with every player boarding a single pirate at once.
void play_to_end(UmRumUndEhreState& s) {
  for (int step = 0; step < 2000 && !s.is_over(); ++step) {
    if (s.step() == Step::kTurn) {
      s.player(s.current()).supply = 1;
      play(s, "board");
    } else {
      play(s, s.legal_actions(actor(s))[0]);
    }
  }
  REQUIRE(s.is_over());
}

}  // namespace

TEST_CASE("the rulebook's scoring example, kind by kind") {
  std::vector<Tile> flag;
  // Taverns 5 + 5 + 4 + 4 + 3 = 21.
  for (int v : {5, 5, 4, 4, 3}) flag.push_back(tile(TileKind::kTavern, v, v % 3));
  // Chests 4 + 5, two scorpions: 9 - 4 = 5.
  flag.push_back(tile(TileKind::kChest, 4));
  flag.push_back(tile(TileKind::kChest, 5));
  flag.push_back(tile(TileKind::kScorpion, -2, 0, 13));
  flag.push_back(tile(TileKind::kScorpion, -2, 0, 18));
  // Guards 6 + 5 + 4 = 15.
  flag.push_back(tile(TileKind::kBigGuard, 6));
  flag.push_back(tile(TileKind::kBigGuard, 5));
  flag.push_back(tile(TileKind::kBigGuard, 4));
  // Sleeping places 8 + 4 + 2 = 14.
  flag.push_back(tile(TileKind::kBunk, 8));
  flag.push_back(tile(TileKind::kHammock, 4));
  flag.push_back(tile(TileKind::kRope, 2));
  // Goods: hook 5 and hook 3 (only the 5 counts), parrot 3: 8.
  flag.push_back(tile(TileKind::kGoods, 5, kHook));
  flag.push_back(tile(TileKind::kGoods, 3, kHook));
  flag.push_back(tile(TileKind::kGoods, 3, kParrot));
  // Fulfilled encounters 4 + 6 = 10 (an unfulfilled one stays on the flag, not under it).
  flag.push_back(tile(TileKind::kEncounter, 4, static_cast<int>(Meeting::kRum)));
  flag.push_back(tile(TileKind::kEncounter, 6, static_cast<int>(Meeting::kGuard)));
  // Maps: green 5 + 4 and yellow 4 + 4 pair up (17); the yellow 3 and the pink 5 do not.
  for (auto [v, c] :
       {std::pair{5, kGreen}, {4, kGreen}, {4, kYellow}, {4, kYellow}, {3, kYellow}, {5, kPink}})
    flag.push_back(tile(TileKind::kMap, v, c));
  const Score s = score_tiles(flag);
  CHECK(s.taverns == 21);
  CHECK(s.chests == 5);
  CHECK(s.guards == 15);
  CHECK(s.sleeping == 14);
  CHECK(s.goods == 8);
  CHECK(s.encounters == 10);
  CHECK(s.maps == 17);
  CHECK(s.total() == 90);
}

TEST_CASE("maps count only in pairs, the best pairs of each colour") {
  CHECK(score_tiles({tile(TileKind::kMap, 6, kPink)}).maps == 0);
  CHECK(score_tiles({tile(TileKind::kMap, 6, kPink), tile(TileKind::kMap, 3, kGreen)}).maps == 0);
  CHECK(score_tiles({tile(TileKind::kMap, 6, kPink), tile(TileKind::kMap, 3, kPink),
                     tile(TileKind::kMap, 5, kPink)})
            .maps == 11);
  CHECK(score_tiles({tile(TileKind::kGoods, 2, kEyePatch), tile(TileKind::kGoods, 4, kPegLeg),
                     tile(TileKind::kGoods, 5, kPegLeg)})
            .goods == 7);
}

TEST_CASE("five rounds, the first player passing clockwise, then the final scoring") {
  auto s = match(3);
  std::vector<int> firsts;
  int round = 0;
  for (int step = 0; step < 2000 && !s->is_over(); ++step) {
    if (s->round() != round) {
      round = s->round();
      firsts.push_back(s->first_player());
    }
    if (s->step() == Step::kTurn) {
      s->player(s->current()).supply = 1;
      play(*s, "board");
    } else {
      play(*s, s->legal_actions(actor(*s))[0]);
    }
  }
  REQUIRE(s->is_over());
  CHECK(firsts == std::vector<int>{0, 1, 2, 0, 1});
  CHECK(s->round() == 5);
  CHECK(s->legal_actions(0).empty());
  // Everything is revealed once it is over.
  CHECK(s->spectator_view()["players"][1].contains("flag"));
  CHECK(s->view(0)["players"][2].contains("coins"));
  CHECK(s->view(0).contains("stack_order"));
}

TEST_CASE("ties: fewer pirates in the office, then more rum, then more coins, then shared") {
  auto s = match(3);
  play_to_end(*s);
  for (int seat = 0; seat < 3; ++seat) {
    s->player(seat).flag = {tile(TileKind::kBunk, 7)};
    s->player(seat).office = 2;
    s->player(seat).rum = 1;
    s->player(seat).coins = 3;
  }
  s->player(2).flag.push_back(tile(TileKind::kRope, 1));
  CHECK(s->result()["winners"] == Json::array({2}));
  s->player(2).flag.pop_back();
  CHECK(s->result()["winners"] == Json::array({0, 1, 2}));
  s->player(1).office = 1;
  CHECK(s->result()["winners"] == Json::array({1}));
  s->player(0).office = 1;
  s->player(0).rum = 2;
  CHECK(s->result()["winners"] == Json::array({0}));
  s->player(1).rum = 2;
  s->player(1).coins = 4;
  CHECK(s->result()["winners"] == Json::array({1}));
  s->player(0).coins = 4;
  CHECK(s->result()["winners"] == Json::array({0, 1}));
  CHECK(s->result()["scores"] == Json::array({7, 7, 7}));
  CHECK(s->result()["reason"] == "score");
}
