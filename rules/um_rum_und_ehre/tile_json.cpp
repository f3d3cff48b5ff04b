#include "rules/um_rum_und_ehre/tile_json.hpp"

namespace tortuga::umrum {

nlohmann::json tile_json(const Tile& tile) {
  nlohmann::json j = {{"kind", tile_kind_name(tile.kind)}, {"value", tile.value}};
  if (tile.kind == TileKind::kTavern) j["tavern"] = tavern_name(tile.sort);
  if (tile.kind == TileKind::kMap) j["colour"] = colour_name(tile.sort);
  if (tile.kind == TileKind::kGoods) j["article"] = article_name(tile.sort);
  if (tile.kind == TileKind::kEncounter)
    j["meeting"] = meeting_name(static_cast<Meeting>(tile.sort));
  if (tile.kind == TileKind::kScorpion) j["threshold"] = tile.threshold;
  if (guard_pays_coin(tile)) j["coin"] = true;
  return j;
}

}  // namespace tortuga::umrum
