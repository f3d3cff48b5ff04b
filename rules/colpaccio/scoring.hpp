// Prestige at the end of a match. With 2 to 5 players: for each good, 7 to whoever has the most
// cards of it and 1 per card to whoever is second; 2 per ship in the personal area; 3 lost to the
// Corsairs threat by a player without doubloons. Solo: 1 per good held in majority, 1 per three
// ships. docs/games/colpaccio.md says how ties within a majority are settled.
#pragma once

#include <array>
#include <vector>

#include "rules/colpaccio/cards.hpp"

namespace tortuga::colpaccio {

// What counts at the end: cards per good in the play area, ships in the personal area.
struct Holding {
  std::array<int, kGoods> goods{};
  int ships = 0;
  int doubloons = 0;
  int penalty = 0;  // prestige lost to the Corsairs threat

  int goods_total() const;
};

struct Score {
  std::array<int, kGoods> majorities{};  // prestige from each good
  int ships = 0;
  int penalty = 0;
  int total = 0;
};

inline constexpr int kMajorityPrestige = 7;
inline constexpr int kShipPrestige = 2;
inline constexpr int kCorsairsPenalty = 3;

// Per good, everyone tied for the most cards (at least one) scores 7; everyone with the next
// lower count (at least one) scores 1 per card.
std::vector<Score> prestige(const std::vector<Holding>& holdings);

// Seats grouped by place, best first: more prestige, then more doubloons, then fewer goods cards;
// seats still tied share a place.
std::vector<std::vector<int>> placings(const std::vector<Holding>& holdings,
                                       const std::vector<Score>& scores);

struct SoloScore {
  Score player;
  Score corsairs;
  bool won = false;  // the player scores more than the Corsairs
};

// The solo duel: 1 per good held by more cards than the other side, 1 per three ships.
// `corsairs_take_ties` (the hard variant): the Corsairs also score the goods tied, when both hold
// at least one card of them.
SoloScore solo_prestige(const Holding& player, const Holding& corsairs, bool corsairs_take_ties);

}  // namespace tortuga::colpaccio
