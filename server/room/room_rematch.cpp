// The rematch (room.hpp: rematch): the same seats and options again once a match is over, when
// every seated person has said yes.
#include "protocol/codes.hpp"
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

void Room::rematch(std::shared_ptr<Client> client, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  const int audience = audience_of(client);
  if (audience < 0) return client->refuse(re, {code::kNotInRoom, "join the room first"});
  if (audience == spectators())
    return client->refuse(re, {code::kNotYourSeat, "only the seated play a rematch"});
  if (status_ != Status::over)
    return client->refuse(re, {code::kNotOver, "a rematch is offered once the match is over"});
  if (const RoomSeat* left = seating_.seat_given_up())
    return client->refuse(
        re, {code::kNotEnoughPlayers, left->name + " has left: the same seats cannot meet again"});

  if (!seating_.accept_rematch(client->player()))
    return send_room_to_all(client.get(), re);  // still waiting for someone

  if (!directory_.begin_match(id_)) {
    seating_.withdraw_rematch();
    send_room_to_all();
    return client->refuse(
        re, {code::kDraining, "the server is draining: it starts no new matches; try again later"});
  }
  TORTUGA_LOG(info, "room " << id_ << ": every seat said yes to a rematch of match " << match_id_);
  store_new_match(client, re);
}

}  // namespace tortuga
