// The chance events a Colpaccio match file may write, in the rulebook's words: the deck's order
// (by card id, top first), where the three threats go, the first player, and the ships a kraken
// drags from a personal area. docs/games/colpaccio.md lists them for people who write match files.
#pragma once

#include <span>
#include <string>

#include "rules/core/named_chance.hpp"

namespace tortuga::colpaccio {

inline constexpr const char* kDeckEvent = "deck";
inline constexpr const char* kThreatsEvent = "threats";
inline constexpr const char* kFirstPlayerEvent = "first_player";
inline constexpr const char* kKrakenEvent = "kraken";

std::span<const ChanceEventInfo> chance_events();

// A card as a match file writes it: its id, "17".
std::string card_name(int id);

}  // namespace tortuga::colpaccio
