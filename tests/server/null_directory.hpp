// A lobby's bookkeeping that keeps nothing but which rooms have closed.
#pragma once

#include <set>

#include "server/room/room.hpp"

namespace tortuga::testing {

struct NullDirectory : RoomDirectory {
  std::set<std::int64_t> closed;
  void seat_taken(std::int64_t, std::int64_t) override {}
  void seat_released(std::int64_t, std::int64_t) override {}
  bool begin_match(std::int64_t) override { return true; }
  void match_started(std::int64_t, std::int64_t) override {}
  void match_ended(std::int64_t) override {}
  void room_closed(std::int64_t room, std::int64_t) override { closed.insert(room); }
};

}  // namespace tortuga::testing
