#include "rules/um_rum_und_ehre/stacks.hpp"

namespace tortuga::umrum {
void shuffle_stacks(Stacks& s, Chance& chance) {
  for (Stack* stack : {&s.taverns, &s.maps, &s.goods, &s.encounters, &s.chests, &s.scorpions,
                       &s.small_guards, &s.big_guards, &s.ropes, &s.hammocks, &s.bunks})
    chance.shuffle(*stack);
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
