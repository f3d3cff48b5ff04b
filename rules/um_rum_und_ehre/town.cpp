#include "rules/um_rum_und_ehre/town.hpp"

#include <string>

namespace tortuga::um_rum_und_ehre {
namespace {

Error refuse(std::string message) {
  return {code::kBadOptions, "option arrangement: " + std::move(message)};
}

// Corner offsets inside a tile, clockwise from the top-left.
constexpr int kCornerX[4] = {0, 1, 1, 0};
constexpr int kCornerY[4] = {0, 0, 1, 1};
// The stub slots: which corner they leave and in which direction (0 up, 1 right, 2 down, 3 left).
constexpr int kStubCorner[8] = {0, 1, 1, 2, 2, 3, 3, 0};
constexpr int kStubDirection[8] = {0, 0, 1, 1, 2, 2, 3, 3};

}  // namespace

Town::Town(const TownTiles& tiles, const Arrangement& arrangement) : arrangement_(arrangement) {
  spaces_.resize(kSpaces);
  // stub[space][direction]: segments of the stub leaving the space that way, 0 if none.
  std::array<std::array<int, 4>, kSpaces> stub{};
  auto at = [](int x, int y) { return y * kTownSide + x; };
  for (int p = 0; p < kTownTiles; ++p) {
    const Placement placed = arrangement[p];
    const TownTile& tile = tiles[placed.tile - 1];
    const int x0 = (p % 3) * 2, y0 = (p / 3) * 2;
    for (int c = 0; c < 4; ++c) {
      const int turned = (c + placed.rotation) % 4;
      TownSpace& space = spaces_[at(x0 + kCornerX[turned], y0 + kCornerY[turned])];
      space.kind = tile.spaces[c];
      space.tile = tile.number;
    }
    for (int s = 0; s < 8; ++s) {
      const int turned = (s + 2 * placed.rotation) % 8;
      const int corner = kStubCorner[turned];
      stub[at(x0 + kCornerX[corner], y0 + kCornerY[corner])][kStubDirection[turned]] =
          tile.stubs[s];
    }
  }
  for (int id = 0; id < kSpaces; ++id) {
    spaces_[id].id = id;
    spaces_[id].x = id % kTownSide;
    spaces_[id].y = id / kTownSide;
    if (spaces_[id].kind == Space::kCoin) coin_spaces_[spaces_[id].tile - 1] = id;
    if (spaces_[id].kind == Space::kHq) hq_ = id;
  }
  auto add = [&](int a, int b, int segments, bool dark) {
    const int id = static_cast<int>(alleys_.size());
    alleys_.push_back({id, {a, b}, segments, dark});
    spaces_[a].alleys.push_back(id);
    if (b >= 0) spaces_[b].alleys.push_back(id);
  };
  // Inner alleys of each tile, then the alleys across tile edges, in reading order.
  auto inner = [&](int x, int y, int dx, int dy) {
    const int p = (y / 2) * 3 + x / 2;
    const Placement placed = arrangement[p];
    const int lx = x % 2, ly = y % 2;
    // The tile side this alley runs along: top (0), right (1), bottom (2) or left (3).
    const int side = dx ? (ly == 0 ? 0 : 2) : (lx == 0 ? 3 : 1);
    const int printed = ((side - placed.rotation) % 4 + 4) % 4;
    return tiles[placed.tile - 1].alleys[printed];
  };
  for (int y = 0; y < kTownSide; ++y) {
    for (int x = 0; x < kTownSide; ++x) {
      if (x + 1 < kTownSide) {
        const int seg =
            x % 2 == 0 ? inner(x, y, 1, 0) : stub[at(x, y)][1] + stub[at(x + 1, y)][3] - 1;
        add(at(x, y), at(x + 1, y), seg, false);
      }
      if (y + 1 < kTownSide) {
        const int seg =
            y % 2 == 0 ? inner(x, y, 0, 1) : stub[at(x, y)][2] + stub[at(x, y + 1)][0] - 1;
        add(at(x, y), at(x, y + 1), seg, false);
      }
    }
  }
  // Dark alleys, clockwise round the town's edge from its top-left corner.
  for (int x = 0; x < kTownSide; ++x) add(at(x, 0), -1, stub[at(x, 0)][0], true);
  for (int y = 0; y < kTownSide; ++y) add(at(5, y), -1, stub[at(5, y)][1], true);
  for (int x = kTownSide - 1; x >= 0; --x) add(at(x, 5), -1, stub[at(x, 5)][2], true);
  for (int y = kTownSide - 1; y >= 0; --y) add(at(0, y), -1, stub[at(0, y)][3], true);

  // Compact on purpose: the town is in every view after every action, and never changes. Space
  // id is y * 6 + x; an alley is [space, other space or null when dark, segments], by id.
  json_ = nlohmann::json::object();
  json_["arrangement"] = arrangement_json(arrangement_);
  nlohmann::json kinds = nlohmann::json::array(), numbers = nlohmann::json::array();
  for (const TownSpace& s : spaces_) {
    kinds.push_back(space_name(s.kind));
    numbers.push_back(s.tile);
  }
  nlohmann::json alleys = nlohmann::json::array();
  for (const Alley& a : alleys_)
    alleys.push_back(
        {a.spaces[0], a.dark ? nlohmann::json(nullptr) : nlohmann::json(a.spaces[1]), a.segments});
  json_["spaces"] = std::move(kinds);
  json_["tiles"] = std::move(numbers);
  json_["alleys"] = std::move(alleys);
}

int Town::across(int alley, int from) const {
  const Alley& a = alleys_[alley];
  return a.spaces[0] == from ? a.spaces[1] : a.spaces[0];
}

Expected<Arrangement> parse_arrangement(const nlohmann::json& given) {
  if (!given.is_array() || given.size() != kTownTiles)
    return refuse("must be an array of nine {\"tile\": 1..9, \"rotation\": 0..3} in reading order");
  Arrangement out;
  std::array<bool, kTownTiles> used{};
  for (int p = 0; p < kTownTiles; ++p) {
    const auto& j = given[p];
    const std::string which = "position " + std::to_string(p);
    if (!j.is_object() || !j.contains("tile") || !j.contains("rotation") || j.size() != 2 ||
        !j["tile"].is_number_integer() || !j["rotation"].is_number_integer())
      return refuse(which + " must be {\"tile\": 1..9, \"rotation\": 0..3}");
    const long long tile = j["tile"].get<long long>(), turn = j["rotation"].get<long long>();
    if (tile < 1 || tile > kTownTiles) return refuse(which + ": tile must be 1..9");
    if (turn < 0 || turn > 3) return refuse(which + ": rotation must be 0..3");
    if (used[tile - 1]) return refuse("tile " + std::to_string(tile) + " is placed twice");
    used[tile - 1] = true;
    out[p] = {static_cast<int>(tile), static_cast<int>(turn)};
  }
  return out;
}

Arrangement random_arrangement(Chance& chance) {
  std::vector<int> order = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  chance.shuffle(order);
  Arrangement out;
  for (int p = 0; p < kTownTiles; ++p) out[p] = {order[p], static_cast<int>(chance.below(4))};
  return out;
}

nlohmann::json arrangement_json(const Arrangement& arrangement) {
  nlohmann::json out = nlohmann::json::array();
  for (const Placement& p : arrangement)
    out.push_back({{"tile", p.tile}, {"rotation", p.rotation}});
  return out;
}

}  // namespace tortuga::um_rum_und_ehre
