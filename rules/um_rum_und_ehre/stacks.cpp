#include "rules/um_rum_und_ehre/stacks.hpp"

#include <utility>

#include "rules/um_rum_und_ehre/chance_events.hpp"

namespace tortuga::um_rum_und_ehre {
void shuffle_stacks(Stacks& s, Chance& chance) {
  const std::pair<const char*, Stack*> stacks[] = {{"taverns", &s.taverns},
                                                   {"maps", &s.maps},
                                                   {"goods", &s.goods},
                                                   {"encounters", &s.encounters},
                                                   {"chests", &s.chests},
                                                   {"scorpions", &s.scorpions},
                                                   {"small_guards", &s.small_guards},
                                                   {"big_guards", &s.big_guards},
                                                   {"ropes", &s.ropes},
                                                   {"hammocks", &s.hammocks},
                                                   {"bunks", &s.bunks}};
  for (const auto& [name, stack] : stacks) order_pile(chance, name, *stack, tile_name);
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

}  // namespace tortuga::um_rum_und_ehre
