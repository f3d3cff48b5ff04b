// The nine town tiles as data: ours from town_tiles.json, or a match's own through the option
// "tiles" (for owners of the printed game), checked the same way.
#include <string>

#include "rules/um_rum_und_ehre/town.hpp"
#include "rules/um_rum_und_ehre/town_tiles_data.hpp"

namespace tortuga::um_rum_und_ehre {
namespace {

Error refuse(std::string message) {
  return {code::kBadOptions, "option tiles: " + std::move(message)};
}

// The integers of `list`, which must have `size` of them within [lo, hi].
bool int_list(const nlohmann::json& list, std::size_t size, int lo, int hi, int* out) {
  if (!list.is_array() || list.size() != size) return false;
  for (std::size_t i = 0; i < size; ++i) {
    if (!list[i].is_number_integer()) return false;
    const long long v = list[i].get<long long>();
    if (v < lo || v > hi) return false;
    out[i] = static_cast<int>(v);
  }
  return true;
}

}  // namespace

Expected<TownTiles> parse_tiles(const nlohmann::json& given) {
  if (!given.is_array() || given.size() != kTownTiles)
    return refuse("must be an array of nine tiles");
  TownTiles out;
  std::array<bool, kTownTiles> seen{};
  int hqs = 0;
  for (const nlohmann::json& j : given) {
    if (!j.is_object() || !j.contains("number") || !j.contains("spaces") || !j.contains("alleys") ||
        !j.contains("stubs") || j.size() != 4)
      return refuse("each tile is {\"number\", \"spaces\", \"alleys\", \"stubs\"}");
    int number = 0;
    if (!int_list(nlohmann::json::array({j["number"]}), 1, 1, kTownTiles, &number))
      return refuse("a tile's number must be 1..9");
    const std::string which = "tile " + std::to_string(number);
    if (seen[number - 1]) return refuse(which + " is given twice");
    seen[number - 1] = true;
    TownTile tile;
    tile.number = number;
    const nlohmann::json& spaces = j["spaces"];
    if (!spaces.is_array() || spaces.size() != 4)
      return refuse(which + ": spaces must list four space kinds");
    int coins = 0;
    for (int c = 0; c < 4; ++c) {
      auto kind =
          spaces[c].is_string() ? space_from_name(spaces[c].get<std::string>()) : std::nullopt;
      if (!kind) return refuse(which + ": unknown space kind " + spaces[c].dump());
      tile.spaces[c] = *kind;
      coins += *kind == Space::kCoin;
      hqs += *kind == Space::kHq;
    }
    if (coins != 1) return refuse(which + " must have exactly one coin space");
    if (!int_list(j["alleys"], 4, 1, 3, tile.alleys.data()))
      return refuse(which + ": alleys must be four segment counts of 1..3");
    if (!int_list(j["stubs"], 8, 1, 2, tile.stubs.data()))
      return refuse(which + ": stubs must be eight segment counts of 1..2");
    out[number - 1] = tile;
  }
  if (hqs != 1) return refuse("the town needs exactly one hq space");
  return out;
}

const TownTiles& standard_tiles() {
  static const TownTiles tiles = [] {
    auto parsed = parse_tiles(nlohmann::json::parse(kTownTilesJson).at("tiles"));
    return parsed.ok() ? *parsed : TownTiles{};
  }();
  return tiles;
}

}  // namespace tortuga::um_rum_und_ehre
