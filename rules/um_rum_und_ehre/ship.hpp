// The ship and its brawl. Each crew that boards takes the highest free row at the mast; its
// pirates stand side by side outward from the mast, so column c of a side holds the c-th pirate
// of every row that has more than c there. A series of brawls takes the columns of one side from
// the outermost inward: a lone pirate crosses to the other side unopposed, a contested column is
// fought by dice from the top of the mast down (equal or higher beats the standing winner), and
// its winner crosses, keeping its row, to stand outward of the pirates that crossed before it.
// Series follow series, side after side, until one crew is left. The ship knows nothing of dice
// or seats: the state asks it who rolls next and tells it the roll.
#pragma once

#include <array>
#include <vector>

namespace tortuga::um_rum_und_ehre {

inline constexpr int kImaginaryCrew = 5;  // the neutral crew of the two-player game

struct ShipRow {
  int crew = 0;                  // a seat, or kImaginaryCrew
  std::array<int, 2> pirates{};  // on the left (0) and the right (1) of the mast
  int total() const { return pirates[0] + pirates[1]; }
};

// What happened to one pirate in the brawl.
struct ShipEvent {
  enum What { kCrossed, kLost } what;
  int row;
  int crew;
  bool crew_out;  // kLost: that was the crew's last pirate aboard
};

class Ship {
 public:
  // Puts a crew's pirates on the highest free row, left of the mast.
  void board(int crew, int pirates);
  const std::vector<ShipRow>& rows() const { return rows_; }
  int crews_aboard() const;
  // The crews still aboard, from the top row down.
  std::vector<int> crews() const;

  // The row whose pirate rolls next, crossing lone pirates on the way; -1 once a single crew
  // (or none) is left aboard.
  int next_roller(std::vector<ShipEvent>& events);
  // The roll of next_roller()'s pirate.
  void rolled(int value, std::vector<ShipEvent>& events);

  // The fight in progress, for views: the side, column, rows fighting from the top, how many of
  // them have rolled, and the standing winner's row and roll (-1 before the first roll).
  int side() const { return side_; }
  int column() const { return column_; }
  const std::vector<int>& fighters() const { return fighters_; }
  int rolled_count() const { return next_; }
  int standing() const { return standing_; }
  int standing_roll() const { return standing_roll_; }

 private:
  friend class Sampler;  // resumes a fight as a view shows it (sampler.hpp)

  void cross(int row, std::vector<ShipEvent>& events);
  void lose(int row, std::vector<ShipEvent>& events);
  int outermost(int side) const;

  std::vector<ShipRow> rows_;
  int side_ = 0;
  int column_ = -2;  // -2: no series started yet
  std::vector<int> fighters_;
  int next_ = 0;
  int standing_ = -1;
  int standing_roll_ = 0;
};

}  // namespace tortuga::um_rum_und_ehre
