// The convoy line and the rules for taking from it. The line holds card ids; position 0 is its
// outer end, away from the deck. When the convoy is refilled the cards left slide toward the outer
// end, keeping their order, and new cards join at the deck's end; cards taken in the middle of a
// turn close up at once, so those left beside each other are adjacent from then on.
#pragma once

#include <string>
#include <vector>

#include "rules/colpaccio/cards.hpp"

namespace tortuga::colpaccio {

inline constexpr int kConvoySize = 5;

// Why the cards at `positions` (ascending) may not be raided together as a main action, or "" when
// they may: one card always; two or three only when adjacent and all of the same good or all of
// the same location.
std::string why_not_raid(const Deck& deck, const std::vector<int>& convoy,
                         const std::vector<int>& positions);

// The groups of positions a main action may raid: every single card, then every adjacent pair
// and triple of identical goods or of one location.
std::vector<std::vector<int>> raidable_groups(const Deck& deck, const std::vector<int>& convoy);

// The solo Corsairs' raid: every card of the location most present in the line, ties going to the
// location with a card nearest the outer end; `adjacent` when the cards taken are side by side
// (one card is), which earns them a ship.
struct CorsairsRaid {
  std::vector<int> positions;  // ascending
  Location location = Location::kInn;
  bool adjacent = false;
};
CorsairsRaid corsairs_raid(const Deck& deck, const std::vector<int>& convoy);

}  // namespace tortuga::colpaccio
