// The chance events a Scalawag! match file may write, in the rulebook's words: the flags dealt
// (so the turn order), each captain's three crew cards, the allegiance cards, the Fog of War die,
// and the cards taken at random (a harbour draw, a mutiny's steal, a wreck's war prize).
// docs/games/scalawag.md lists them for people who write match files.
#pragma once

#include <span>
#include <vector>

#include "rules/core/named_chance.hpp"
#include "rules/scalawag/table.hpp"

namespace tortuga::scalawag {

inline constexpr const char* kFlagsEvent = "flags";
inline constexpr const char* kHandsEvent = "hands";
inline constexpr const char* kAllegiancesEvent = "allegiances";
inline constexpr const char* kFogDieEvent = "fog_die";
inline constexpr const char* kHarbourDrawEvent = "harbour_draw";
inline constexpr const char* kMutinyStealEvent = "mutiny_steal";
inline constexpr const char* kWarPrizeEvent = "war_prize";

std::span<const ChanceEventInfo> chance_events();

// Deals the hands the "hands" event writes (seat by seat, three cards each) out of `deck`, which
// keeps the rest. False when the file writes none, or when they are refused (recorded on
// `chance`): the deck is then untouched, to be shuffled and dealt as usual.
bool deal_written_hands(Chance& chance, Hand& deck, std::vector<Ship>& ships);

}  // namespace tortuga::scalawag
