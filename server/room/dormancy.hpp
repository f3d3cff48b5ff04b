// Dormant rooms (docs/operations.md, "Dormant rooms"): a running match nobody is connected to, with
// nothing due soon, leaves memory; its store holds all of it, and the lobby rebuilds it from there
// as a restart does when someone asks for it or its next deadline comes near.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tortuga {

// When a room falls dormant: after `after` with nobody in it, if nothing is due within
// `lookahead`. A zero `after` keeps every room in memory.
struct DormancySettings {
  std::chrono::milliseconds after{0};
  std::chrono::milliseconds lookahead{0};
  bool on() const { return after.count() > 0; }
};

// What is kept of a dormant room: enough to find it by every name a client may use, to list it,
// and to wake it before its next deadline.
struct DormantRoom {
  std::int64_t id = 0;
  std::int64_t match = 0;
  std::string code;  // a private room's, else ""
  std::string game;
  std::int64_t epoch = 0;  // the ownership epoch its appends name
  bool cluster = false;
  std::vector<std::int64_t> seated;  // players
  // Room::summary as it fell dormant, for the lobby's list: as text, which takes a tenth of
  // what its tree of JSON values does, times every dormant room.
  std::string summary;
  std::optional<std::int64_t> due_ms;  // its next stored deadline, on the wall clock
};

}  // namespace tortuga
