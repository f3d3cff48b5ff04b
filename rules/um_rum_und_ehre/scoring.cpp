#include "rules/um_rum_und_ehre/scoring.hpp"

#include <algorithm>
#include <array>
#include <functional>

#include "rules/core/result_words.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {

Score score_tiles(const std::vector<Tile>& flag) {
  Score s;
  std::array<int, kArticles> best_article{};
  std::array<std::vector<int>, kColours> maps;
  for (const Tile& t : flag) {
    switch (t.kind) {
      case TileKind::kTavern:
        s.taverns += t.value;
        break;
      case TileKind::kMap:
        maps[t.sort].push_back(t.value);
        break;
      case TileKind::kGoods:
        best_article[t.sort] = std::max(best_article[t.sort], static_cast<int>(t.value));
        break;
      case TileKind::kEncounter:
        s.encounters += t.value;
        break;
      case TileKind::kChest:
      case TileKind::kScorpion:
        s.chests += t.value;
        break;
      case TileKind::kSmallGuard:
      case TileKind::kBigGuard:
        s.guards += t.value;
        break;
      case TileKind::kRope:
      case TileKind::kHammock:
      case TileKind::kBunk:
        s.sleeping += t.value;
        break;
    }
  }
  for (int v : best_article) s.goods += v;
  for (auto& colour : maps) {
    std::sort(colour.begin(), colour.end(), std::greater<>());
    const std::size_t paired = colour.size() / 2 * 2;
    for (std::size_t i = 0; i < paired; ++i) s.maps += colour[i];
  }
  return s;
}

int UmRumUndEhreState::score(int seat) const {
  return score_tiles(players_[seat].flag).total();
}

Json UmRumUndEhreState::result() const {
  if (!is_over()) return nullptr;
  // Most points; ties go to fewer pirates in the recruiting office, then more rum, then more
  // coins; a tie on all of them is shared.
  auto key = [&](int seat) {
    const Player& p = players_[seat];
    return std::array<int, 4>{score(seat), -p.office, p.rum, p.coins};
  };
  std::array<int, 4> best = key(0);
  for (int seat = 1; seat < seats(); ++seat) best = std::max(best, key(seat));
  std::vector<int> winners;
  Json scores = Json::array(), detail = Json::array();
  for (int seat = 0; seat < seats(); ++seat) {
    if (key(seat) == best) winners.push_back(seat);
    const Score s = score_tiles(players_[seat].flag);
    scores.push_back(s.total());
    detail.push_back({{"seat", seat},
                      {"points", s.total()},
                      {"taverns", s.taverns},
                      {"maps", s.maps},
                      {"goods", s.goods},
                      {"encounters", s.encounters},
                      {"chests", s.chests},
                      {"guards", s.guards},
                      {"sleeping", s.sleeping},
                      {"office", players_[seat].office},
                      {"rum", players_[seat].rum},
                      {"coins", players_[seat].coins}});
  }
  const int points = best[0];
  const bool alone = winners.size() == 1;
  return result_words::said(
      {{"winners", winners},
       {"reason", "score"},
       {"scores", std::move(scores)},
       {"detail", std::move(detail)}},
      "games.um-rum-und-ehre.result.score",
      {{"winners", result_words::players(winners)}, {"count", winners.size()}, {"points", points}},
      result_words::seats_text(winners) + (alone ? " has" : " share") +
          " the most honour: " + std::to_string(points) + " points.");
}

}  // namespace tortuga::um_rum_und_ehre
