#include "rules/um_rum_und_ehre/chance_events.hpp"

namespace tortuga::um_rum_und_ehre {

std::span<const ChanceEventInfo> chance_events() {
  static constexpr const char* kStackOrder =
      "the stack's tiles, top first (the first ones may be given alone)";
  static constexpr ChanceEventInfo kEvents[] = {
      {"taverns", "tiles", false, kStackOrder},
      {"maps", "tiles", false, kStackOrder},
      {"goods", "tiles", false, kStackOrder},
      {"encounters", "tiles", false, kStackOrder},
      {"chests", "tiles", false, kStackOrder},
      {"scorpions", "tiles", false, kStackOrder},
      {"small_guards", "tiles", false, kStackOrder},
      {"big_guards", "tiles", false, kStackOrder},
      {"ropes", "tiles", false, kStackOrder},
      {"hammocks", "tiles", false, kStackOrder},
      {"bunks", "tiles", false, kStackOrder},
      {kImaginaryCrewEvent, "pirates", true,
       "the imaginary crew's die (1 to 6) at the start of each round, two players only"},
      {kDiceEvent, "faces", true, "each roll and reroll of the die (1 to 6), in the order made"},
  };
  return kEvents;
}

std::string tile_name(const Tile& tile) {
  const std::string value = std::to_string(tile.value);
  switch (tile.kind) {
    case TileKind::kTavern:
      return std::string(tavern_name(tile.sort)) + "-" + value;
    case TileKind::kMap:
      return std::string(colour_name(tile.sort)) + "-" + value;
    case TileKind::kGoods:
      return std::string(article_name(tile.sort)) + "-" + value;
    case TileKind::kEncounter:
      return std::string(meeting_name(static_cast<Meeting>(tile.sort))) + "-" + value;
    case TileKind::kScorpion:
      return std::to_string(tile.threshold);
    default:
      return value;
  }
}

}  // namespace tortuga::um_rum_und_ehre
