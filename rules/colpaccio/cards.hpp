// Colpaccio's cards: 60 ship cards, each a good with a location, maybe a prize and maybe a
// cannonball on its goods side, and the three threats. The printed per-card list is lost, so the
// deck lives in deck.json beside this file (built into the library) and a match may bring its own
// through the "deck" option, keeping the counts the rulebook gives.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"
#include "rules/core/views/view_writer.hpp"

namespace tortuga::colpaccio {

// In the rulebook's order: luxury, special, common goods.
enum class Good : std::uint8_t { kGems, kSilverware, kFabrics, kRum, kPistols, kSabres };
inline constexpr int kGoods = 6;
inline constexpr std::array<int, kGoods> kGoodCounts = {8, 8, 10, 10, 12, 12};

enum class Location : std::uint8_t { kInn, kTower, kDock, kBeach };
inline constexpr int kLocations = 4;
inline constexpr int kCardsPerLocation = 15;

enum class Prize : std::uint8_t { kNone, kDoubloon, kTwoDoubloons, kShip, kSpyglass };

enum class Threat : std::uint8_t { kCorsairs, kGhostShip, kKraken };
inline constexpr int kThreats = 3;

inline constexpr int kDeckSize = 60;

struct Card {
  Good good = Good::kGems;
  Location location = Location::kInn;
  Prize prize = Prize::kNone;
  bool cannonball = false;
};

// Indexed by card id: a card's id is its place in the deck list, from 0.
using Deck = std::vector<Card>;

std::string_view good_name(Good good);
std::string_view location_name(Location location);
std::string_view prize_name(Prize prize);  // "" for kNone
std::string_view threat_name(Threat threat);
std::optional<Good> good_from(std::string_view name);

inline int index(Good good) {
  return static_cast<int>(good);
}
inline Good good_at(int i) {
  return static_cast<Good>(i);
}

// {"id", "good", "location", "prize" (null when none), "cannonball"}.
void write_card(ViewWriter& out, const Deck& deck, int id);
nlohmann::json card_json(const Deck& deck, int id);

// Checks a deck given as an array of {"good", "location", "prize", "cannonball"}: exactly 60
// cards, 8 gems, 8 silverware, 10 fabrics, 10 rum, 12 pistols, 12 sabres, and 15 of each location.
// Refuses with code bad_options and a precise message.
Expected<Deck> parse_deck(const nlohmann::json& cards);

// The deck we ship (deck.json), shared by every match that uses it.
std::shared_ptr<const Deck> standard_deck();

}  // namespace tortuga::colpaccio
