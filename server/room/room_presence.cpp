// Who is at the table (room.hpp: seat_returned, member_gone, the absent bot): a person's seat
// with no connection in the room is away, and says since when. While a match runs, a seat away
// for longer than the room's absent_bot_s is played by a smart bot, the same stand-in the host
// can put there at once, until its player comes back; so one absent player never freezes the
// table, and the seat is the player's again the moment they return. The bot comes only while
// another player is at the table: a match everybody has left (or a server restarted at night)
// waits for its players rather than being played out by bots.
#include <algorithm>
#include <chrono>

#include "persistence/now.hpp"
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

namespace {

// The bot that plays for an absent player: the one that plays the game properly, as for a
// removed player's seat.
constexpr const char* kAbsentBot = "smart";

}  // namespace

void Room::seat_returned(int seat) {
  RoomSeat& s = seating_[seat];
  s.away_at.reset();
  // The others away are owed their bots again, now that someone is at the table.
  timers_.arm_absent_all();
  mark_gone(seat, false);
  if (s.stand_in.empty()) return;
  s.stand_in.clear();
  bots_[seat].reset();  // a move of the stand-in already on its timer finds no bot (bot_move)
  TORTUGA_LOG(info, "room " << id_ << ": the player of seat " << seat << " is back");
}

void Room::member_gone(int audience) {
  if (!seating_.has(audience)) return;  // a spectator
  RoomSeat& s = seating_[audience];
  if (!s.player || has_members(audience)) return;  // freed, or still here in another tab
  s.away_at = clock().now_ms();
  timers_.arm_absent_all();  // this seat's, and the others' should nobody be left at the table
}

std::optional<std::int64_t> Room::absent_bot_after_ms(int seat) const {
  const RoomSeat& s = seating_[seat];
  if (settings_.absent_bot_s <= 0 || status_ != Status::playing || !match_.started() ||
      match_.over() || closed_ || !s.player || !s.away_at || !s.stand_in.empty() ||
      !another_player_here(seat))
    return std::nullopt;
  const std::int64_t wait = std::int64_t{settings_.absent_bot_s} * 1000;
  return std::max<std::int64_t>(0, wait - (clock().now_ms() - *s.away_at));
}

void Room::stand_in_for_absent(int seat) {
  TORTUGA_LOG(info, "room " << id_ << ": the player of seat " << seat << " is away: a "
                            << kAbsentBot << " bot plays for them");
  put_stand_in(seat, kAbsentBot, nullptr, nullptr);
}

bool Room::another_player_here(int seat) const {
  for (const auto& [key, member] : members_)
    if (member.audience != seat && member.audience != spectators()) return true;
  return false;
}

void Room::put_stand_in(int seat, const std::string& kind, const Client* asker, const Json& re) {
  // Not stored: the seat stays its player's, in the match's record as on the table.
  seating_[seat].stand_in = kind;
  bots_[seat] = game_.make_bot(kind);
  mark_gone(seat, true);
  timers_.arm_absent(seat);  // cancelled: a bot plays the seat
  send_room_to_all(asker, re);
  // The bot plays at once if the rules wait for this seat; with actions still being stored,
  // after_settled arms it.
  if (match_.settled()) timers_.arm_bot();
}

void Room::mark_gone(int seat, bool gone) {
  RoomSeat& s = seating_[seat];
  if (!s.player || s.gone == gone || status_ != Status::playing || match_id_ == 0) return;
  s.gone = gone;
  store_.mark_seat_gone(match_id_, seat, gone, nullptr);
}

void Room::add_presence(int seat, protocol::SeatInfo& out) const {
  const RoomSeat& s = seating_[seat];
  // The room's clock is not the wall's: the time away is carried over to the wall clock, which
  // clients share well enough to say "away for 3 min".
  if (s.player && s.away_at) out.away_since_ms = store::now_ms() - (clock().now_ms() - *s.away_at);
  out.stand_in_after_ms = absent_bot_after_ms(seat);
}

}  // namespace tortuga
