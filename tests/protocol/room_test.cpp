// The room message's payload (protocol/room.hpp), written from the plain facts of a room: every
// field present, null where there is nothing to say, a seat's player named as the seat is.
#include <doctest/doctest.h>

#include "protocol/room.hpp"

namespace tortuga::protocol {
namespace {

using Json = nlohmann::json;

TEST_CASE("a room's facts become the room message's payload, null where there are none") {
  RoomInfo info;
  info.id = 4;
  info.game = "tally";
  info.options = {{"players", 3}};
  info.is_private = true;
  info.host = 7;
  info.status = "playing";
  info.match = 12;
  info.spectators = 2;
  info.spectator_chat = true;
  info.absent_bot_s = 30;
  info.public_when_over = true;
  info.rated = true;
  info.correspondence = {{"days_per_move", 3}, {"bank_extra_hours", 12}, {"bank_cap_days", 7}};
  info.seats.push_back(
      {.player = 7,
       .name = "Anne",
       .connected = true,
       .clock = SeatInfo::Clock{.due_ms = 5000, .left_ms = 4000, .bank_ms = 2000, .timeouts = 1}});
  info.seats.push_back({.player = 8,
                        .name = "Ben",
                        .away_since_ms = 1000,
                        .stand_in = "smart",
                        .stand_in_after_ms = 0});
  info.seats.push_back({.name = "Bot 3 (random)", .bot = "random", .connected = true});
  info.rematch = RoomInfo::Rematch{8, {7, 8}};
  info.banned = {{9, "Mallory"}};
  const Json expected = Json::parse(R"json({
    "id": 4, "game": "tally", "options": {"players": 3}, "private": true, "host": 7,
    "status": "playing", "match": 12, "spectators": 2, "spectator_chat": true,
    "absent_bot_s": 30, "public_when_over": true, "rated": true,
    "correspondence": {"days_per_move": 3, "bank_extra_hours": 12, "bank_cap_days": 7},
    "rematch": {"by": 8, "accepted": [7, 8]},
    "banned": [{"id": 9, "name": "Mallory"}],
    "seats": [
      {"seat": 0, "name": "Anne", "player": {"id": 7, "name": "Anne"}, "bot": null,
       "connected": true, "away_since_ms": null, "stand_in": null, "stand_in_after_ms": null,
       "clock": {"due_ms": 5000, "left_ms": 4000, "bank_ms": 2000, "timeouts": 1}},
      {"seat": 1, "name": "Ben", "player": {"id": 8, "name": "Ben"}, "bot": null,
       "connected": false, "away_since_ms": 1000, "stand_in": "smart", "stand_in_after_ms": 0,
       "clock": null},
      {"seat": 2, "name": "Bot 3 (random)", "player": null, "bot": "random",
       "connected": true, "away_since_ms": null, "stand_in": null, "stand_in_after_ms": null,
       "clock": null}]
  })json");
  CHECK(room_json(info) == expected);
}

TEST_CASE("an open room with a free seat, no host, no match and no offer says so with nulls") {
  RoomInfo info;
  info.id = 1;
  info.game = "tally";
  info.options = Json::object();
  info.status = "open";
  info.seats.emplace_back();
  const Json room = room_json(info);
  CHECK(room.at("host").is_null());
  CHECK(room.at("match").is_null());
  CHECK(room.at("rematch").is_null());
  CHECK(room.at("banned") == Json::array());
  CHECK(room.at("correspondence").is_null());  // played live
  const Json free_seat = Json::parse(R"json({"seat": 0, "name": null, "player": null,
    "bot": null, "connected": false, "away_since_ms": null, "stand_in": null,
    "stand_in_after_ms": null, "clock": null})json");
  CHECK(room.at("seats")[0] == free_seat);
}

}  // namespace
}  // namespace tortuga::protocol
