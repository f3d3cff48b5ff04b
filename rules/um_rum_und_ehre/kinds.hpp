// The words of the game: the kinds of town space and the kinds of tile, with their names in
// actions and views.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tortuga::um_rum_und_ehre {

// A town space. The three taverns and the three map colours are kinds of their own, because a
// tavern's or a map's space only wins tiles of its own tavern or colour.
enum class Space : std::uint8_t {
  kCoin,
  kHq,
  kPirate,
  kGoods,
  kEncounter,
  kMapYellow,
  kMapPink,
  kMapGreen,
  kTavernEsCruce,
  kTavernFrereJacques,
  kTavernJollyRoger,
  kChest,
  kRum,
  kGuard,
};
inline constexpr int kSpaceKinds = 14;

std::string_view space_name(Space kind);
std::optional<Space> space_from_name(std::string_view name);

bool is_map(Space kind);
bool is_tavern(Space kind);
int map_colour(Space kind);  // 0..2 for a map space
int tavern_of(Space kind);   // 0..2 for a tavern space

// What an encounter tile asks for: the nine kinds of space a pirate may meet his sweetheart at.
// The three taverns count as one place, the three map colours as three.
enum class Meeting : std::uint8_t {
  kPirate,
  kGoods,
  kMapYellow,
  kMapPink,
  kMapGreen,
  kTavern,
  kChest,
  kRum,
  kGuard,
};
inline constexpr int kMeetings = 9;
std::string_view meeting_name(Meeting meeting);
// The meeting a space fulfils, if any (coin, HQ and encounter spaces fulfil none).
std::optional<Meeting> meeting_at(Space kind);

enum class TileKind : std::uint8_t {
  kTavern,     // sort: the tavern 0..2
  kMap,        // sort: the colour 0..2
  kGoods,      // sort: the article 0..3
  kEncounter,  // sort: the Meeting
  kChest,
  kScorpion,  // value -2, threshold 10..21
  kSmallGuard,
  kBigGuard,
  kRope,
  kHammock,
  kBunk,
};

struct Tile {
  TileKind kind = TileKind::kTavern;
  std::int8_t sort = 0;
  std::int8_t value = 0;
  std::int8_t threshold = 0;  // scorpions only
  bool operator==(const Tile&) const = default;
};

std::string_view tile_kind_name(TileKind kind);
std::string_view tavern_name(int tavern);
std::string_view colour_name(int colour);
std::string_view article_name(int article);
inline constexpr int kTaverns = 3;
inline constexpr int kColours = 3;
inline constexpr int kArticles = 4;

// A small guard of 1 or 2 points also pays a coin.
inline bool guard_pays_coin(const Tile& tile) {
  return tile.kind == TileKind::kSmallGuard && tile.value <= 2;
}

}  // namespace tortuga::um_rum_und_ehre
