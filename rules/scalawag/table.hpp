// The table of a Scalawag! match: every ship with its crew, compass points and damage, the turn
// order around the table, the harbour (face down), Davy Jones' locker (face up) and the Fog of
// War. Pure data and the rulebook's arithmetic on it (adjacency, costs, the ten-point cap); the
// flow of a turn lives in ScalawagState.
#pragma once

#include <array>
#include <vector>

#include "rules/scalawag/crew.hpp"

namespace tortuga::scalawag {

inline constexpr int kMaxCompass = 10;
inline constexpr int kDamageBoxes = 5;  // the fifth damage sinks a ship
inline constexpr int kMaxCrew = 3;
inline constexpr int kTurnGain = 2;
inline constexpr int kOnGuardSurcharge = 2;
inline constexpr int kFireAdjacent = 5;
inline constexpr int kFireAfar = 8;

struct Ship {
  Hand hand;  // face down: seen only by its captain
  int compass = 2;
  int damage = 0;
  bool alive = true;
  bool on_guard = false;
  int flag = 0;         // index into the flags of data.json
  int allegiance = -1;  // alliance mode: index into the allegiances; -1 otherwise
};

struct Table {
  std::vector<Ship> ships;  // by seat
  std::vector<int> ring;    // every seat in turn order, the first player first
  Hand harbour;             // face down; draws are at random, so its order means nothing
  Hand locker;              // Davy Jones' locker: face up, out of the game
  int fog = -1;  // the Fog of War lies between ring[fog] and the next seat of the ring; -1: none
  std::array<int, kDamageBoxes> boxes = {10, 8, 6, 4, 2};  // damage box numbers, highest first

  int seats() const { return static_cast<int>(ships.size()); }
  int alive_count() const;
  std::vector<int> alive_seats() const;  // in turn order from the first player
  // The surviving seat after `seat` in turn order (`seat` itself when it is the only one).
  int next_alive(int seat) const;
  int ring_index(int seat) const;

  // Adjacent in turn order, closing up over the dead and over ships On Guard (whose neighbours
  // become adjacent to each other), and never across the Fog of War.
  bool adjacent(int a, int b) const;
  std::vector<int> neighbours(int seat) const;
  // The highest damage box still uncovered.
  int boarding_cost(int seat) const;
  // What each attack costs `attacker` against `target`, with `crew` Gunners or Marines assigned
  // and, with `reach`, a Lookout making every ship adjacent. Board: -1 when out of reach.
  int fire_cost(int attacker, int target, int gunners, bool reach) const;
  int board_cost(int attacker, int target, int marines, bool reach) const;

  // Adds compass points, discarding whatever would pass ten.
  void gain(int seat, int points);
  // The seats that fight alongside `seat` (itself, and its partner in alliance mode).
  bool same_side(int a, int b) const;
};

}  // namespace tortuga::scalawag
