// "My matches" (docs/protocol.md#watch_my_matches): a player's running matches as the store keeps
// them, whether their rooms are in memory here, dormant, or another node's. Each says whose turn it
// is (the seats awaited, stored with every action: store::Match::awaiting) and when the player's
// own wait runs out (a correspondence clock's due time, or the rules' live deadline); those waiting
// for the player come first, then the soonest deadline, then the newest.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

#include "persistence/store.hpp"

namespace tortuga {

// The most matches one list carries; beyond it the list says how many more there are.
inline constexpr int kMyMatchesShown = 100;

struct MyMatches {
  nlohmann::json matches = nlohmann::json::array();
  std::int64_t more = 0;  // running matches of the player's not in `matches`
};

// What a client gives join_room to reach a match's room: the room's id, a private room's code, or
// null when no room is known for it. `room_of` finds the room here of a match that names none (a
// node alone: the store keeps no room for a match).
using RoomOfMatch = std::function<std::optional<std::int64_t>(std::int64_t match)>;

// Reads the store: throws store::Unavailable.
MyMatches read_my_matches(store::Store& store, std::int64_t player, const RoomOfMatch& room_of);

}  // namespace tortuga
