#include "rules/colpaccio/scoring.hpp"

#include <algorithm>
#include <numeric>

namespace tortuga::colpaccio {

int Holding::goods_total() const {
  return std::accumulate(goods.begin(), goods.end(), 0);
}

std::vector<Score> prestige(const std::vector<Holding>& holdings) {
  std::vector<Score> scores(holdings.size());
  for (int g = 0; g < kGoods; ++g) {
    int most = 0;
    for (const Holding& h : holdings) most = std::max(most, h.goods[g]);
    if (most == 0) continue;
    int second = 0;
    for (const Holding& h : holdings)
      if (h.goods[g] < most) second = std::max(second, h.goods[g]);
    for (std::size_t s = 0; s < holdings.size(); ++s) {
      const int count = holdings[s].goods[g];
      if (count == most)
        scores[s].majorities[g] = kMajorityPrestige;
      else if (second > 0 && count == second)
        scores[s].majorities[g] = count;
    }
  }
  for (std::size_t s = 0; s < holdings.size(); ++s) {
    Score& score = scores[s];
    score.ships = kShipPrestige * holdings[s].ships;
    score.penalty = holdings[s].penalty;
    score.total = std::accumulate(score.majorities.begin(), score.majorities.end(), 0) +
                  score.ships - score.penalty;
  }
  return scores;
}

std::vector<std::vector<int>> placings(const std::vector<Holding>& holdings,
                                       const std::vector<Score>& scores) {
  // Larger is better in every field: prestige, doubloons, then fewer goods.
  auto key = [&](int s) {
    return std::array<int, 3>{scores[s].total, holdings[s].doubloons, -holdings[s].goods_total()};
  };
  std::vector<int> seats(holdings.size());
  std::iota(seats.begin(), seats.end(), 0);
  std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) { return key(a) > key(b); });
  std::vector<std::vector<int>> places;
  for (int s : seats) {
    if (places.empty() || key(places.back().front()) != key(s)) places.emplace_back();
    places.back().push_back(s);
  }
  return places;
}

SoloScore solo_prestige(const Holding& player, const Holding& corsairs, bool corsairs_take_ties) {
  SoloScore solo;
  for (int g = 0; g < kGoods; ++g) {
    const int mine = player.goods[g], theirs = corsairs.goods[g];
    if (mine > theirs)
      solo.player.majorities[g] = 1;
    else if (theirs > mine)
      solo.corsairs.majorities[g] = 1;
    else if (mine > 0 && corsairs_take_ties)
      solo.corsairs.majorities[g] = 1;
  }
  auto finish = [](Score& score, const Holding& holding) {
    score.ships = holding.ships / 3;
    score.penalty = holding.penalty;
    score.total = std::accumulate(score.majorities.begin(), score.majorities.end(), 0) +
                  score.ships - score.penalty;
  };
  finish(solo.player, player);
  finish(solo.corsairs, corsairs);
  solo.won = solo.player.total > solo.corsairs.total;
  return solo;
}

}  // namespace tortuga::colpaccio
