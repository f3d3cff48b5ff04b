// The text of the patch ops a game names (BoardChanges): what a room sends for the shared board
// when the game names an action's changes rather than have them found by a diff.
#pragma once

#include <optional>
#include <string>

#include "protocol/shape.hpp"
#include "rules/core/views/board_changes.hpp"

namespace tortuga::protocol {

class ChangesText final : public BoardChanges {
 public:
  ViewWriter& replace(Path path) override;
  ViewWriter& add(Path path) override;
  void remove(Path path) override;

  // The ops named since the last take, as the text of a JSON array written as Json::dump()
  // writes it. Throws std::logic_error if an op's value was not written.
  std::string take();

 private:
  // Starts an op's text, after ending the last one.
  void open(const char* name, Path path);
  // Ends the op named last, if it waits for its value (a replace or an add).
  void close();

  std::string text_ = "[";
  std::string path_;
  Shape value_;                        // the value of the op named last, written by the game
  std::optional<ShapeWriter> writer_;  // engaged while that op waits for its value
};

}  // namespace tortuga::protocol
