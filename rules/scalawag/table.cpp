#include "rules/scalawag/table.hpp"

#include <algorithm>

namespace tortuga::scalawag {

int Table::alive_count() const {
  return static_cast<int>(
      std::count_if(ships.begin(), ships.end(), [](const Ship& ship) { return ship.alive; }));
}

std::vector<int> Table::alive_seats() const {
  std::vector<int> seats;
  for (int seat : ring)
    if (ships[seat].alive) seats.push_back(seat);
  return seats;
}

int Table::ring_index(int seat) const {
  return static_cast<int>(std::find(ring.begin(), ring.end(), seat) - ring.begin());
}

int Table::next_alive(int seat) const {
  const int n = static_cast<int>(ring.size());
  const int at = ring_index(seat);
  for (int step = 1; step <= n; ++step) {
    const int next = ring[(at + step) % n];
    if (ships[next].alive) return next;
  }
  return seat;
}

bool Table::adjacent(int a, int b) const {
  if (a == b) return false;
  const int n = static_cast<int>(ring.size());
  const int start = ring_index(a);
  for (int dir : {1, n - 1}) {
    int at = start;
    for (int step = 1; step < n; ++step) {
      const int next = (at + dir) % n;
      // Gap k lies between ring[k] and ring[k + 1].
      const int gap = dir == 1 ? at : next;
      if (fog == gap) break;
      const int seat = ring[next];
      if (seat == b) return ships[b].alive;
      if (seat == a) break;
      if (ships[seat].alive && !ships[seat].on_guard) break;
      at = next;
    }
  }
  return false;
}

std::vector<int> Table::neighbours(int seat) const {
  std::vector<int> out;
  for (int other : alive_seats())
    if (adjacent(seat, other)) out.push_back(other);
  return out;
}

int Table::boarding_cost(int seat) const {
  const int damage = std::clamp(ships[seat].damage, 0, kDamageBoxes - 1);
  return boxes[damage];
}

int Table::fire_cost(int attacker, int target, int gunners, bool reach) const {
  const int base = reach || adjacent(attacker, target) ? kFireAdjacent : kFireAfar;
  const int guard = ships[target].on_guard ? kOnGuardSurcharge : 0;
  return std::max(0, base - gunners) + guard;
}

int Table::board_cost(int attacker, int target, int marines, bool reach) const {
  if (!reach && !adjacent(attacker, target)) return -1;
  const int guard = ships[target].on_guard ? kOnGuardSurcharge : 0;
  return std::max(0, boarding_cost(target) - marines) + guard;
}

void Table::gain(int seat, int points) {
  Ship& ship = ships[seat];
  ship.compass = std::clamp(ship.compass + points, 0, kMaxCompass);
}

bool Table::same_side(int a, int b) const {
  if (a == b) return true;
  const int side = ships[a].allegiance;
  return side >= 0 && side == ships[b].allegiance;
}

}  // namespace tortuga::scalawag
