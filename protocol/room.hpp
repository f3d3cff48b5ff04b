// A room as its message describes it (docs/protocol.md, "room"): the plain facts the server knows
// of a room, which room_json writes in the protocol's words. The server fills a RoomInfo and never
// writes the room's JSON itself; the lobby's listing is the same JSON with fewer fields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga::protocol {

struct SeatInfo {
  std::optional<std::int64_t> player = {};  // a person's player id
  std::string name = {};                    // as logs and history name the seat; "" for a free one
  std::string bot = {};                     // a bot's kind; "" for a person or a free seat
  bool connected = false;                   // a person with a connection here; a bot always is
  // A person's seat with no connection here: since when, by the wall clock.
  std::optional<std::int64_t> away_since_ms = {};
  std::string stand_in = {};  // the kind of bot playing a person's seat while they are away
  // How long until a bot stands in for the absent person, when one will.
  std::optional<std::int64_t> stand_in_after_ms = {};
  // A seat's correspondence clock (docs/correspondence.md), in a room played so once a match
  // runs: when it runs out (wall clock; none while the rules do not wait for the seat), the time
  // it has left (the move's days unused, then its bank), its bank, and its timeouts in a row.
  struct Clock {
    std::optional<std::int64_t> due_ms;
    std::int64_t left_ms = 0;
    std::int64_t bank_ms = 0;
    int timeouts = 0;
    // While the seat's player is on vacation, when its clock runs again: until then it stands
    // still at left_ms.
    std::optional<std::int64_t> still_until_ms;
  };
  std::optional<Clock> clock = {};
};

struct RoomInfo {
  std::int64_t id = 0;
  std::string game;
  nlohmann::json options;
  bool is_private = false;
  std::optional<std::int64_t> host;
  std::string status;      // open, starting, playing, over
  std::int64_t match = 0;  // its current or last match; 0 for none yet
  std::vector<SeatInfo> seats;
  int spectators = 0;
  bool spectator_chat = false;
  int absent_bot_s = 0;
  bool public_when_over = false;
  // Whether the room's match is rated (docs/ratings.md); before one starts, whether it would be
  // as the seats are now.
  bool rated = false;
  // Played by correspondence: its pace (days_per_move, bank_extra_hours, bank_cap_days); null
  // when played live.
  nlohmann::json correspondence = nullptr;
  struct Rematch {
    std::int64_t by = 0;
    std::vector<std::int64_t> accepted;
  };
  std::optional<Rematch> rematch;  // the offer under way, once a match is over
  std::vector<std::pair<std::int64_t, std::string>> banned;  // removed by the host: id, name
};

nlohmann::json room_json(const RoomInfo& room);

}  // namespace tortuga::protocol
