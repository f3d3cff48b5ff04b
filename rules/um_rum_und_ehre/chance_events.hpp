// The chance events an Um Rum & Ehre match file may write, in the rulebook's words: the order of
// each stack in the dispenser (top first), the imaginary crew's die in the two-player game, and
// every roll of the die. The town is set with the option "arrangement" instead, as in a room.
// docs/games/um-rum-und-ehre.md lists them for people who write match files.
#pragma once

#include <span>
#include <string>

#include "rules/core/named_chance.hpp"
#include "rules/um_rum_und_ehre/kinds.hpp"

namespace tortuga::um_rum_und_ehre {

inline constexpr const char* kDiceEvent = "dice";
inline constexpr const char* kImaginaryCrewEvent = "imaginary_crew";
// The stacks' events are named as tile_stacks.json names the stacks: "taverns", "maps", ...

std::span<const ChanceEventInfo> chance_events();

// A tile as a match file writes it in its stack's order: "es_cruce-3" (a tavern), "yellow-4" (a
// map), "hook-2" (goods), "pirate-6" (an encounter), "21" (a scorpion, by its threshold), "5"
// (any other tile, by its value).
std::string tile_name(const Tile& tile);

}  // namespace tortuga::um_rum_und_ehre
