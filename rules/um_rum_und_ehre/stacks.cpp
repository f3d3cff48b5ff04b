#include "rules/um_rum_und_ehre/stacks.hpp"

namespace tortuga::umrum {
namespace {

Tile tile(TileKind kind, int sort, int value, int threshold = 0) {
  return {kind, static_cast<std::int8_t>(sort), static_cast<std::int8_t>(value),
          static_cast<std::int8_t>(threshold)};
}

void add(Stack& stack, TileKind kind, int sort, std::initializer_list<int> values) {
  for (int v : values) stack.push_back(tile(kind, sort, v));
}

}  // namespace

Stacks all_tiles() {
  Stacks s;
  for (int t = 0; t < kTaverns; ++t)
    add(s.taverns, TileKind::kTavern, t, {2, 2, 3, 3, 3, 4, 4, 4, 5, 5});
  for (int c = 0; c < kColours; ++c) add(s.maps, TileKind::kMap, c, {3, 3, 3, 4, 4, 4, 5, 5, 6, 6});
  for (int a = 0; a < kArticles; ++a) add(s.goods, TileKind::kGoods, a, {2, 3, 3, 4, 5});
  // Two encounters per meeting place, worth 4 to 6.
  constexpr int kEncounterValues[kMeetings][2] = {{4, 6}, {4, 5}, {5, 6}, {4, 5}, {5, 6},
                                                  {4, 6}, {4, 5}, {5, 6}, {4, 6}};
  for (int m = 0; m < kMeetings; ++m)
    add(s.encounters, TileKind::kEncounter, m, {kEncounterValues[m][0], kEncounterValues[m][1]});
  add(s.chests, TileKind::kChest, 0, {4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6});
  for (int threshold = 10; threshold <= 21; ++threshold)
    s.scorpions.push_back(tile(TileKind::kScorpion, 0, -2, threshold));
  add(s.small_guards, TileKind::kSmallGuard, 0, {1, 1, 1, 2, 2, 2, 3, 3, 3});
  add(s.big_guards, TileKind::kBigGuard, 0, {4, 4, 4, 5, 5, 5, 6, 6, 6});
  add(s.ropes, TileKind::kRope, 0, {1, 1, 2, 2, 2});
  add(s.hammocks, TileKind::kHammock, 0, {3, 4, 4, 5, 5});
  add(s.bunks, TileKind::kBunk, 0, {6, 7, 7, 8, 8});
  return s;
}

Stacks shuffled_tiles(Chance& chance) {
  Stacks s = all_tiles();
  for (Stack* stack : {&s.taverns, &s.maps, &s.goods, &s.encounters, &s.chests, &s.scorpions,
                       &s.small_guards, &s.big_guards, &s.ropes, &s.hammocks, &s.bunks})
    chance.shuffle(*stack);
  return s;
}

std::optional<Tile> draw(Stack& stack) {
  if (stack.empty()) return std::nullopt;
  Tile top = stack.back();
  stack.pop_back();
  return top;
}

void refill_taverns(Display& display, Stacks& stacks) {
  while (display.taverns.size() < kFaceUpTaverns && !stacks.taverns.empty())
    display.taverns.push_back(*draw(stacks.taverns));
}

void refill_maps(Display& display, Stacks& stacks) {
  while (display.maps.size() < kFaceUpMaps && !stacks.maps.empty())
    display.maps.push_back(*draw(stacks.maps));
}

void refill_chests(Display& display, Stacks& stacks) {
  if (!display.chest) display.chest = draw(stacks.chests);
  if (!display.scorpion) display.scorpion = draw(stacks.scorpions);
}

void lay_out_sleeping(Display& display, Stacks& stacks, bool with_rope) {
  display.bunk = draw(stacks.bunks);
  display.hammock = draw(stacks.hammocks);
  display.rope = with_rope ? draw(stacks.ropes) : std::nullopt;
}

}  // namespace tortuga::umrum
