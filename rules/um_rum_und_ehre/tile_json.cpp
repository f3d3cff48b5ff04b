#include "rules/um_rum_und_ehre/tile_json.hpp"

namespace tortuga::um_rum_und_ehre {

void write_tile(ViewWriter& out, const Tile& tile) {
  out.begin_object();
  if (tile.kind == TileKind::kGoods) out.member("article", article_name(tile.sort));
  if (guard_pays_coin(tile)) out.member("coin", true);
  if (tile.kind == TileKind::kMap) out.member("colour", colour_name(tile.sort));
  out.member("kind", tile_kind_name(tile.kind));
  if (tile.kind == TileKind::kEncounter)
    out.member("meeting", meeting_name(static_cast<Meeting>(tile.sort)));
  if (tile.kind == TileKind::kTavern) out.member("tavern", tavern_name(tile.sort));
  if (tile.kind == TileKind::kScorpion) out.member("threshold", tile.threshold);
  out.member("value", tile.value);
  out.end_object();
}

nlohmann::json tile_json(const Tile& tile) {
  JsonWriter out;
  write_tile(out, tile);
  return out.take();
}

}  // namespace tortuga::um_rum_und_ehre
