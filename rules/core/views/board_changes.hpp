// What an action changed in a board every audience shares, named by the game as patch ops
// (RFC 6902 add, remove and replace) instead of found by writing the whole board again and
// diffing it (see Observer::write_board_changes). A path is a list of steps from the board's root:
// member names and array positions.
#pragma once

#include <initializer_list>
#include <string_view>

#include "rules/core/views/view_writer.hpp"

namespace tortuga {

struct PathStep {
  PathStep(const char* name) : key(name) {}       // NOLINT: paths read as {"ships", 3, "cell"}
  PathStep(std::string_view name) : key(name) {}  // NOLINT
  PathStep(int position) : index(position) {}     // NOLINT
  std::string_view key;
  int index = -1;  // an array position when not negative
};

using Path = std::initializer_list<PathStep>;

class BoardChanges {
 public:
  virtual ~BoardChanges() = default;
  // Each op is written in the order the ops apply. replace and add return the writer of the
  // op's value: the caller writes exactly one value there before naming the next op.
  virtual ViewWriter& replace(Path path) = 0;
  virtual ViewWriter& add(Path path) = 0;
  virtual void remove(Path path) = 0;
};

}  // namespace tortuga
