// The vocabulary of Raft & Scupper: the four kinds of ship tile, the four traits a flotilla can
// share, the two crews and their four pirate figures, and their names in actions and views.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tortuga::raft_and_scupper {

// A tile's kind packs its cargo in bit 0 (0 gold, 1 spice) and its rigging in bit 1 (0 round,
// 1 square), so the tile of the other cargo and the other rigging is always kind ^ 3.
using Kind = std::uint8_t;
inline constexpr Kind kGoldRound = 0;
inline constexpr Kind kSpiceRound = 1;
inline constexpr Kind kGoldSquare = 2;
inline constexpr Kind kSpiceSquare = 3;
inline constexpr int kKinds = 4;

constexpr Kind opposite(Kind kind) {
  return static_cast<Kind>(kind ^ 3);
}

// What a flotilla shares: one cargo or one rigging.
enum class Trait : std::uint8_t { kGold, kSpice, kRound, kSquare };
inline constexpr Trait kAllTraits[] = {Trait::kGold, Trait::kSpice, Trait::kRound, Trait::kSquare};

constexpr bool has_trait(Kind kind, Trait trait) {
  switch (trait) {
    case Trait::kGold:
      return (kind & 1) == 0;
    case Trait::kSpice:
      return (kind & 1) == 1;
    case Trait::kRound:
      return (kind & 2) == 0;
    case Trait::kSquare:
      return (kind & 2) == 2;
  }
  return false;
}

enum class Crew : std::uint8_t { kYellowbeards = 0, kBlackbeards = 1 };

constexpr Crew rival(Crew crew) {
  return crew == Crew::kYellowbeards ? Crew::kBlackbeards : Crew::kYellowbeards;
}
constexpr int index(Crew crew) {
  return static_cast<int>(crew);
}

// Yellowbeards favour gold and round rigging; Blackbeards spice and square rigging.
constexpr Trait cargo_trait(Crew crew) {
  return crew == Crew::kYellowbeards ? Trait::kGold : Trait::kSpice;
}
constexpr Trait rigging_trait(Crew crew) {
  return crew == Crew::kYellowbeards ? Trait::kRound : Trait::kSquare;
}
constexpr bool favours(Crew crew, Kind kind) {
  return has_trait(kind, cargo_trait(crew)) || has_trait(kind, rigging_trait(crew));
}

// Four pirate figures: ids 0 and 1 are the Yellowbeards, 2 and 3 the Blackbeards.
inline constexpr int kPirates = 4;
constexpr Crew crew_of_pirate(int pirate) {
  return pirate < 2 ? Crew::kYellowbeards : Crew::kBlackbeards;
}
constexpr int first_pirate(Crew crew) {
  return crew == Crew::kYellowbeards ? 0 : 2;
}

std::string_view cargo_name(Kind kind);    // "gold" | "spice"
std::string_view rigging_name(Kind kind);  // "round" | "square"
// Cargo and rigging, as a match file writes a tile: "gold-round", "spice-square", ...
std::string_view kind_name(Kind kind);
std::string_view trait_name(Trait trait);  // "gold" | "spice" | "round" | "square"
// As the rulebook names a flotilla: "gold", "spice", "round-rigged", "square-rigged".
std::string_view flotilla_name(Trait trait);
std::string_view crew_name(Crew crew);    // "yellowbeards" | "blackbeards"
std::string_view figure_name(Crew crew);  // "yellowbeard" | "blackbeard"
std::string_view crew_title(Crew crew);   // "Yellowbeards" | "Blackbeards", for messages
// "gold or round-rigged", the ships a figure may stand on.
std::string favoured_ships(Crew crew);

}  // namespace tortuga::raft_and_scupper
