// The town: nine square tiles of four spaces in a 3x3 square, 36 spaces in a 6x6 grid, and the
// alleys between neighbouring spaces, each split into segments. The printed tiles are lost; ours
// live in town_tiles.json beside this file (built into the library), and a match chooses where
// each tile lies and how it is turned through the "arrangement" option (random by default).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/chance.hpp"
#include "rules/core/error.hpp"
#include "rules/um_rum_und_ehre/kinds.hpp"

namespace tortuga::um_rum_und_ehre {

inline constexpr int kTownTiles = 9;
inline constexpr int kTownSide = 6;  // spaces per row and column
inline constexpr int kSpaces = kTownSide * kTownSide;

// One printed tile: corners clockwise from the top-left, inner alleys (top, right, bottom, left),
// and the eight stubs clockwise from the top edge's left end (see town_tiles.json).
struct TownTile {
  int number = 0;  // also the number of its coin space, 1..9
  std::array<Space, 4> spaces{};
  std::array<int, 4> alleys{};
  std::array<int, 8> stubs{};
};

// Where the tile numbered `tile` lies (positions 0..8 in reading order) and how many quarter
// turns clockwise it is turned.
struct Placement {
  int tile = 0;
  int rotation = 0;
};
using Arrangement = std::array<Placement, kTownTiles>;
using TownTiles = std::array<TownTile, kTownTiles>;

struct Alley {
  int id = 0;
  std::array<int, 2> spaces{-1, -1};  // a dark alley has only spaces[0]
  int segments = 1;
  bool dark = false;
};

struct TownSpace {
  int id = 0;
  int x = 0, y = 0;
  Space kind = Space::kCoin;
  int tile = 0;  // the number of the tile it lies on
  std::vector<int> alleys;
};

class Town {
 public:
  Town(const TownTiles& tiles, const Arrangement& arrangement);

  const std::vector<TownSpace>& spaces() const { return spaces_; }
  const std::vector<Alley>& alleys() const { return alleys_; }
  const TownSpace& space(int id) const { return spaces_[id]; }
  const Alley& alley(int id) const { return alleys_[id]; }
  const Arrangement& arrangement() const { return arrangement_; }
  int hq() const { return hq_; }
  // The coin space of the tile numbered 1..9.
  int coin_space(int number) const { return coin_spaces_[number - 1]; }
  // The space at the other end of an ordinary alley.
  int across(int alley, int from) const;
  const nlohmann::json& json() const { return json_; }

 private:
  Arrangement arrangement_;
  std::vector<TownSpace> spaces_;
  std::vector<Alley> alleys_;
  std::array<int, kTownTiles> coin_spaces_{};
  int hq_ = 0;
  nlohmann::json json_;
};

// The nine tiles of town_tiles.json, checked once.
const TownTiles& standard_tiles();

// Checks nine tiles given as in town_tiles.json: numbers 1..9 once each, four known space kinds
// with one coin space per tile and one HQ in all, inner alleys of 1..3 segments, stubs of 1..2.
// Returns them in the order of their numbers; refuses with code bad_options and the reason.
Expected<TownTiles> parse_tiles(const nlohmann::json& given);

// Checks an arrangement given as [{"tile": 1..9, "rotation": 0..3}, ...] for the nine positions
// in reading order, each tile once. Refuses with code bad_options and a precise message.
Expected<Arrangement> parse_arrangement(const nlohmann::json& given);
Arrangement random_arrangement(Chance& chance);
nlohmann::json arrangement_json(const Arrangement& arrangement);

}  // namespace tortuga::um_rum_und_ehre
