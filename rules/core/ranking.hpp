// The order a finished match puts its players in, as ratings read it: teams of seats, each with
// its place (0 the best; equal places are a tie). Each game derives it from its own result
// (Game::ranking, in the game's ranking.cpp), so that the rating engine knows no game.
#pragma once

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga {

struct Place {
  std::vector<int> seats;  // a team: one seat, or an alliance's
  int rank = 0;
  bool operator==(const Place&) const = default;
};
using Ranking = std::vector<Place>;

namespace ranking {

// Every seat a team of its own, ranked by `key` (higher is better): each rank the number of seats
// with a better key, so that equal keys tie. None when `key` gives none for some seat.
template <class Key>
Ranking by_key(int seats, const std::vector<Key>& keys) {
  Ranking out;
  for (int s = 0; s < seats; ++s) {
    int better = 0;
    for (int o = 0; o < seats; ++o)
      if (keys[o] > keys[s]) ++better;
    out.push_back({{s}, better});
  }
  return out;
}

// The result's "winners" as a list of seats each below `seats`; none if it is not one.
std::optional<std::vector<int>> winners(const nlohmann::json& result, int seats);

// The result's numbers under `name` (its "scores"), one per seat; none if they are not.
std::optional<std::vector<int>> numbers(const nlohmann::json& result, const char* name, int seats);

// Winners first (tied at 0), then the others ranked among themselves by `key` (higher is
// better) from 1.
Ranking winners_then(const std::vector<int>& winners, int seats, const std::vector<int>& key);

}  // namespace ranking
}  // namespace tortuga
