// The tiles in the dispenser: one shuffled stack per kind, and the face-up display in front of it
// (four taverns, four maps, a chest and a scorpion, the sleeping places under the ship). The top
// of a stack is its back; a tile put back "under the stack" goes to its front.
#pragma once

#include <optional>
#include <vector>

#include "rules/core/chance.hpp"
#include "rules/um_rum_und_ehre/kinds.hpp"

namespace tortuga::um_rum_und_ehre {

using Stack = std::vector<Tile>;

struct Stacks {
  Stack taverns, maps, goods, encounters, chests, scorpions, small_guards, big_guards;
  Stack ropes, hammocks, bunks;
};

struct Display {
  std::vector<Tile> taverns;  // up to four
  std::vector<Tile> maps;     // up to four
  std::optional<Tile> chest, scorpion;
  std::optional<Tile> rope, hammock, bunk;
};

inline constexpr int kFaceUpTaverns = 4;
inline constexpr int kFaceUpMaps = 4;
inline constexpr int kRumBarrels = 12;

// Shuffles each stack with `chance`, in a fixed order of stacks; a stack whose order the match
// file writes (chance_events.hpp) gets that order.
void shuffle_stacks(Stacks& stacks, Chance& chance);

std::optional<Tile> draw(Stack& stack);
inline void put_under(Stack& stack, const Tile& tile) {
  stack.insert(stack.begin(), tile);
}

// Fills the taverns and maps to four and the chest and scorpion to one each.
void refill_taverns(Display& display, Stacks& stacks);
void refill_maps(Display& display, Stacks& stacks);
void refill_chests(Display& display, Stacks& stacks);
// The sleeping places for the next brawl: a bunk, a hammock, and a rope with four or five players.
void lay_out_sleeping(Display& display, Stacks& stacks, bool with_rope);

}  // namespace tortuga::um_rum_und_ehre
