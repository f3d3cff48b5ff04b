#include "rules/raft_and_scupper/deal.hpp"

#include <algorithm>
#include <cassert>
#include <string>

#include "rules/core/named_chance.hpp"

namespace tortuga::raft_and_scupper {
namespace {

Expected<std::vector<Kind>> written_deal(const nlohmann::json& written,
                                         const std::vector<Kind>& tiles) {
  std::vector<std::string> names;
  for (Kind tile : tiles) names.emplace_back(kind_name(tile));
  auto order = written_order(kShipsEvent, written, names, true);
  if (!order) return order.error();
  std::vector<Kind> placed;
  for (std::size_t i : *order) placed.push_back(tiles[i]);
  for (std::size_t k = 1; k < placed.size(); k += 2)
    if (placed[k] != opposite(placed[k - 1]))
      return bad_chance_event(
          kShipsEvent, "the ship at position " + std::to_string(k + 1) + " is " +
                           std::string(kind_name(placed[k])) +
                           ", but a pair's second ship has the " +
                           "other cargo and rigging of its first (position " + std::to_string(k) +
                           ", " + std::string(kind_name(placed[k - 1])) +
                           "): " + std::string(kind_name(opposite(placed[k - 1]))));
  return placed;
}

}  // namespace

std::vector<Kind> ship_tiles(int ships) {
  std::vector<Kind> tiles;
  tiles.reserve(ships);
  for (int kind = 0; kind < kKinds; ++kind) tiles.insert(tiles.end(), ships / kKinds, kind);
  return tiles;
}

std::vector<Kind> deal(std::vector<Kind> tiles, Chance& chance) {
  if (const nlohmann::json* written = chance.take(kShipsEvent)) {
    auto placed = written_deal(*written, tiles);
    if (placed) return std::move(*placed);
    chance.refuse(placed.error());
  }
  chance.shuffle(tiles);
  return deal_from_pile(std::move(tiles), chance);
}

std::vector<Kind> deal_from_pile(std::vector<Kind> pile, Chance& chance) {
  const std::size_t positions = pile.size();
  std::vector<Kind> placed;
  placed.reserve(positions);
  std::vector<Kind> turned_up;  // face up beside the pile, not placed
  std::size_t next = 0;         // the top of the face-down pile

  auto turn_up = [&]() {
    if (next == pile.size()) {
      // Every unplaced tile is face up now: turn them face down, mix them, and carry on.
      pile = std::move(turned_up);
      turned_up.clear();
      next = 0;
      chance.shuffle(pile);
    }
    return pile[next++];
  };

  while (placed.size() < positions) {
    if (placed.size() % 2 == 0) {
      placed.push_back(turn_up());
    } else {
      // There is always one: each placed pair takes one tile of a kind and one of its opposite,
      // so the unplaced tiles hold as many of each kind as of its opposite.
      const Kind wanted = opposite(placed.back());
      for (;;) {
        const Kind tile = turn_up();
        if (tile == wanted) {
          placed.push_back(tile);
          break;
        }
        turned_up.push_back(tile);
      }
    }
  }
  return placed;
}

}  // namespace tortuga::raft_and_scupper
