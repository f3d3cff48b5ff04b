// The room's chat (room.hpp: chat, mute, set_spectator_chat): who may speak, who hears whom, and
// which lines go into the match's history.
#include <algorithm>

#include "persistence/now.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

namespace event = protocol::event;

void Room::chat(std::shared_ptr<Client> client, std::string text, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  const int audience = audience_of(client);
  if (audience < 0) return client->refuse(re, {code::kNotInRoom, "join or watch the room first"});
  const bool watching = audience == spectators();
  if (watching && !spectator_chat_)
    return client->refuse(
        re, {code::kChatClosed, "the host has not opened this room's chat to spectators"});
  const std::int64_t player = client->player();
  if (!chat_.admit(player, ChatLog::Clock::now()))
    return client->refuse(
        re, {code::kChatRateLimited,
             "at most " + std::to_string(ChatLog::kBurst) + " lines at once, then one every " +
                 std::to_string(ChatLog::kRefill.count() / 1000) + " s: wait a moment",
             {{"lines", ChatLog::kBurst}, {"every_s", ChatLog::kRefill.count() / 1000}}});

  // The step everybody has been sent: a line answers what its speaker saw, not an action still
  // being stored.
  const bool in_match = match_id_ != 0 && (status_ == Status::playing || status_ == Status::over);
  const std::int64_t time = store::now_ms();
  Json line = {{"player", player},
               {"name", client->name()},
               {"seat", watching ? Json(nullptr) : Json(audience)},
               {"match", in_match ? Json(match_id_) : Json(nullptr)},
               {"step", in_match ? Json(match_.committed()) : Json(nullptr)},
               {"text", text},
               {"time_ms", time}};
  // The talk after the last action ("well played") belongs to the match too.
  if (in_match) {
    store::ChatLine stored{
        match_id_, match_.committed(), watching ? std::nullopt : std::optional(audience),
        player,    client->name(),     text,
        time};
    store_.append_chat(stored, [match = match_id_](const store::Outcome<void>& written) {
      if (!written)
        TORTUGA_LOG(error,
                    "match " << match << ": a chat line not stored: " << written.failure().why);
    });
  }
  const Message pushed = std::make_shared<const std::string>(event::chat(id_, line));
  for (const auto& [key, member] : members_) {
    if (chat_.muted(member.client->player(), player)) continue;
    if (member.client == client && !re.is_null())
      member.client->send(event::answering(re, *pushed));
    else
      member.client->send(pushed);
  }
  chat_.said(std::move(line));
}

void Room::mute(std::shared_ptr<Client> client, std::int64_t player, bool muted, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  if (audience_of(client) < 0)
    return client->refuse(re, {code::kNotInRoom, "join or watch the room first"});
  if (player == client->player())
    return client->refuse(re, {code::kBadField, "field \"player\" must be someone else"});
  // Only someone who could be heard here may be muted: a seated player, a member, or the speaker
  // of a line the room still shows; so a member's mutes are as many as the room's people, and
  // within a bound.
  if (muted && !chat_.muted(client->player(), player)) {
    const bool here = seating_.seat_of(player) || chat_.spoke(player) ||
                      std::any_of(members_.begin(), members_.end(), [&](const auto& m) {
                        return m.second.client->player() == player;
                      });
    if (!here)
      return client->refuse(
          re, {code::kNotInRoom, "player " + std::to_string(player) + " is not in this room"});
    if (chat_.mutes_of(client->player()) >=
        static_cast<std::size_t>(settings_.max_mutes_per_member)) {
      server_metrics().limit_refused(Limit::mutes_per_member);
      return client->refuse(
          re, {code::kTooManyMutes, "at most " + std::to_string(settings_.max_mutes_per_member) +
                                        " players muted in one room; unmute one first"});
    }
  }
  chat_.set_muted(client->player(), player, muted);
  client->send(event::mutes(re, id_, chat_.muted_by(client->player())));
}

void Room::set_spectator_chat(std::shared_ptr<Client> client, bool allowed, Json re) {
  if (closed_) return client->refuse(re, kHasClosed);
  if (audience_of(client) < 0)
    return client->refuse(re, {code::kNotInRoom, "join or watch the room first"});
  if (client->player() != seating_.host())
    return client->refuse(re, {code::kNotHost, "only the host opens the chat to spectators"});
  spectator_chat_ = allowed;
  send_room_to_all(client.get(), re);
}

void Room::send_chat_log(const std::shared_ptr<Client>& client) {
  Json lines = chat_.recent_for(client->player());
  if (!lines.empty()) client->send(event::chat_log(id_, lines));
}

}  // namespace tortuga
