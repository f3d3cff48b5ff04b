#include "rules/um_rum_und_ehre/ship.hpp"

#include <algorithm>

namespace tortuga::um_rum_und_ehre {

void Ship::board(int crew, int pirates) {
  ShipRow row;
  row.crew = crew;
  row.pirates[0] = pirates;
  rows_.push_back(row);
}

int Ship::crews_aboard() const {
  return static_cast<int>(
      std::count_if(rows_.begin(), rows_.end(), [](const ShipRow& r) { return r.total() > 0; }));
}

std::vector<int> Ship::crews() const {
  std::vector<int> out;
  for (const ShipRow& r : rows_)
    if (r.total() > 0) out.push_back(r.crew);
  return out;
}

int Ship::outermost(int side) const {
  int most = 0;
  for (const ShipRow& r : rows_) most = std::max(most, r.pirates[side]);
  return most - 1;
}

int Ship::next_roller(std::vector<ShipEvent>& events) {
  while (crews_aboard() > 1) {
    if (!fighters_.empty()) return fighters_[next_];
    if (column_ == -2) {
      side_ = 0;
      column_ = outermost(0);
    } else if (column_ < 0) {
      // A series is over: every pirate still aboard now stands on the other side.
      side_ = 1 - side_;
      column_ = outermost(side_);
    }
    for (int r = 0; r < static_cast<int>(rows_.size()); ++r)
      if (rows_[r].pirates[side_] > column_) fighters_.push_back(r);
    next_ = 0;
    standing_ = -1;
    if (fighters_.size() == 1) {
      cross(fighters_[0], events);
      fighters_.clear();
      --column_;
    }
  }
  return -1;
}

void Ship::rolled(int value, std::vector<ShipEvent>& events) {
  const int row = fighters_[next_++];
  if (standing_ < 0) {
    standing_ = row;
    standing_roll_ = value;
  } else if (value >= standing_roll_) {
    lose(standing_, events);
    standing_ = row;
    standing_roll_ = value;
  } else {
    lose(row, events);
  }
  if (next_ == static_cast<int>(fighters_.size())) {
    cross(standing_, events);
    fighters_.clear();
    standing_ = -1;
    --column_;
  }
}

void Ship::cross(int row, std::vector<ShipEvent>& events) {
  --rows_[row].pirates[side_];
  ++rows_[row].pirates[1 - side_];
  events.push_back({ShipEvent::kCrossed, row, rows_[row].crew, false});
}

void Ship::lose(int row, std::vector<ShipEvent>& events) {
  --rows_[row].pirates[side_];
  events.push_back({ShipEvent::kLost, row, rows_[row].crew, rows_[row].total() == 0});
}

}  // namespace tortuga::um_rum_und_ehre
