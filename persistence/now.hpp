// The time the store stamps on what it creates (a player, a match given no creation time):
// milliseconds since the Unix epoch by the wall clock, the unit every time column holds. In a
// header of its own because the store's front and its statements both stamp, and any backend
// would stamp alike.
#pragma once

#include <chrono>
#include <cstdint>

namespace tortuga::store {

inline std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace tortuga::store
