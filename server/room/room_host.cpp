// The host's controls at the table (room.hpp: transfer_host, remove_player, close_room, stand_in)
// and the host's role passing on by itself. Removing and closing are the operator's controls
// (room_controls.cpp), answered to the host.
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

namespace event = protocol::event;

bool Room::refused_unless_host(const std::shared_ptr<Client>& client, const Json& re) {
  if (closed_) return client->refuse(re, kHasClosed), true;
  if (audience_of(client) < 0)
    return client->refuse(re, {code::kNotInRoom, "join the room first"}), true;
  if (client->player() != seating_.host())
    return client->refuse(re, {code::kNotHost, "only the host may do that"}), true;
  return false;
}

void Room::transfer_host(std::shared_ptr<Client> client, std::int64_t player, Json re) {
  if (refused_unless_host(client, re)) return;
  if (!seating_.seat_of(player))
    return client->refuse(
        re, {code::kNotInRoom, "player " + std::to_string(player) + " holds no seat in this room"});
  seating_.set_host(player);
  send_room_to_all(client.get(), re);
}

void Room::remove_player(std::shared_ptr<Client> client, std::int64_t player, Json re) {
  if (refused_unless_host(client, re)) return;
  if (player == client->player())
    return client->refuse(
        re, {code::kBadField,
             "the host leaves with leave_room (the role passes on), or passes it first"});
  // A running match waits for every seat, so a bot takes it; before the start it is free again.
  const SeatAfter after = status_ == Status::open ? SeatAfter::open : SeatAfter::bot;
  remove(
      player, after, kNoReasonGiven,
      [self = shared_from_this(), client, re](Expected<Json> done) {
        if (!done) return client->refuse(re, done.error());
        // Everyone, the host too, has the room as it is now; the host's own copy answers.
        Json room = *done;
        if (self->private_) room["code"] = self->code_;
        const int audience = self->audience_of(client);
        const bool seated = audience >= 0 && audience != self->spectators();
        client->send(
            event::room(re, room, seated ? std::optional<int>(audience) : std::nullopt, !seated));
      },
      "host");
}

void Room::allow_player(std::shared_ptr<Client> client, std::int64_t player, Json re) {
  if (refused_unless_host(client, re)) return;
  if (!seating_.allow(player))
    return client->refuse(re, {code::kBadField, "player " + std::to_string(player) +
                                                    " is not kept out of this room"});
  send_room_to_all(client.get(), re);
}

void Room::close_room(std::shared_ptr<Client> client, std::optional<std::string> reason, Json re) {
  if (refused_unless_host(client, re)) return;
  close(
      reason ? protocol::Reason{std::move(*reason), ""} : kNoReasonGiven,
      [self = shared_from_this(), client, re](Expected<Json> done) {
        // Everyone, the host too, has been sent room_closed; the host's request is answered.
        if (!done) return client->refuse(re, done.error());
        client->send(event::left(re, self->id_));
      },
      "host");
}

void Room::stand_in(std::shared_ptr<Client> client, int seat, std::string kind, Json re) {
  if (refused_unless_host(client, re)) return;
  if (!seating_.has(seat))
    return client->refuse(
        re, {code::kBadField, "seat must be 0.." + std::to_string(seating_.size() - 1)});
  if (status_ != Status::playing || !match_.started() || match_.over())
    return client->refuse(re, {code::kNotPlaying, "a stand-in plays only in a running match"});
  if (!seating_[seat].player)
    return client->refuse(re, {code::kBadField, "seat " + std::to_string(seat) +
                                                    " is a bot's: it needs no stand-in"});
  if (has_members(seat))
    return client->refuse(re, {code::kPlayerPresent, "the player of seat " + std::to_string(seat) +
                                                         " is here: they play it"});
  if (auto refused = refused_bot(kind)) return client->refuse(re, *refused);
  TORTUGA_LOG(info, "room " << id_ << ": a " << kind << " bot stands in at seat " << seat);
  put_stand_in(seat, kind, client.get(), re);
}

bool Room::host_present() const {
  const auto& host = seating_.host();
  if (!host) return false;
  for (const auto& [key, member] : members_)
    if (member.client->player() == *host) return true;
  return false;
}

void Room::pass_host_if_gone() {
  if (!seating_.host() || host_present()) return;
  seating_.pass_host_to([this](int seat) { return has_members(seat); });
}

}  // namespace tortuga
