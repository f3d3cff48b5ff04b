// The rematch (room.hpp: rematch): the same seats and options again once a match is over, when
// every seated person has said yes.
#include "protocol/codes.hpp"
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

Json Room::rematch_json() const {
  if (!rematch_) return nullptr;
  Json accepted = Json::array();
  for (std::int64_t player : rematch_->accepted) accepted.push_back(player);
  return {{"by", rematch_->by}, {"accepted", std::move(accepted)}};
}

void Room::rematch(std::shared_ptr<Client> client, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  const int audience = audience_of(client);
  if (audience < 0) return client->refuse(re, {code::kNotInRoom, "join the room first"});
  if (audience == spectators())
    return client->refuse(re, {code::kNotYourSeat, "only the seated play a rematch"});
  if (status_ != Status::over)
    return client->refuse(re, {code::kNotOver, "a rematch is offered once the match is over"});
  for (const auto& s : seats_)
    if (s.player && gone_.count(*s.player))
      return client->refuse(
          re, {code::kNotEnoughPlayers, s.name + " has left: the same seats cannot meet again"});

  const std::int64_t player = client->player();
  if (!rematch_) rematch_ = Rematch{player, {}};
  rematch_->accepted.insert(player);
  for (const auto& s : seats_)
    if (s.player && !rematch_->accepted.count(*s.player))
      return send_room_to_all(client.get(), re);  // still waiting for someone

  if (!directory_.begin_match(id_)) {
    rematch_.reset();
    send_room_to_all();
    return client->refuse(
        re, {code::kDraining, "the server is draining: it starts no new matches; try again later"});
  }
  TORTUGA_LOG(info, "room " << id_ << ": every seat said yes to a rematch of match " << match_);
  store_new_match(client, re);
}

}  // namespace tortuga
