// A room falling dormant (room.hpp, "Dormancy"): checked on the room's strand, its writes
// committed, then handed to the directory, which keeps what it takes to wake it.
#include "server/room/room.hpp"

namespace tortuga {

std::optional<DormantRoom> Room::idle_as_dormant(const DormancySettings& settings) const {
  // A room whose match has not started is nowhere but in memory; one whose match is over waits
  // for a rematch among those still here, or closes.
  if (!settings.on() || closed_ || dormant_ || status_ != Status::playing) return std::nullopt;
  if (!members_.empty() || !empty_since_ms_ || waiting_for_store_ || !match_.settled())
    return std::nullopt;
  if (clock().now_ms() - *empty_since_ms_ < settings.after.count()) return std::nullopt;
  // A bot's move is due within its pause.
  if (bot_to_move()) return std::nullopt;
  // A live clock's deadline is in memory only (a rebuild starts it afresh): a room that slept
  // through it would never fire it. A correspondence room's clocks are stored, and the lobby
  // wakes it for their deadline.
  if (!clocks_ && deadline()) return std::nullopt;
  DormantRoom d;
  d.id = id_;
  d.match = match_id_;
  d.code = code_;
  d.game = game_.info().id;
  d.epoch = ownership_.epoch;
  d.cluster = ownership_.cluster;
  for (const auto& s : seating_.seats())
    if (s.player) d.seated.push_back(*s.player);
  d.summary = summary().dump();
  return d;
}

void Room::fall_dormant_if_idle(DormancySettings settings) {
  if (!idle_as_dormant(settings)) return;
  // What the room handed the store (chat lines, seats marked gone) commits before the room goes:
  // a write that keeps nothing is committed after every write queued before it.
  const std::int64_t version = match_.applied();
  store_.probe_write(
      [self = shared_from_this(), settings, version](const store::Outcome<void>& written) {
        if (!written) return;  // the store fails: the room stays, and waits for it as rooms do
        self->post([self, settings, version] {
          // Anything that happened meanwhile (someone came, a write failed) keeps the room awake.
          auto dormant = self->idle_as_dormant(settings);
          if (!dormant || self->match_.applied() != version) return;
          if (!self->directory_.room_dormant(self, *dormant)) return;
          self->dormant_ = true;
          self->timers_.stop();
          TORTUGA_LOG_AT(debug, self->log_context("room_dormant"),
                         "room " << self->id_ << " fell dormant");
        });
      });
}

}  // namespace tortuga

namespace tortuga {

std::optional<DormantRoom> dormant_as_stored(const Game& game, const store::Match& match,
                                             const store::CorrespondenceClocks& stored,
                                             const RoomSettings& settings,
                                             const DormancySettings& dormancy, std::int64_t room,
                                             Ownership ownership, std::int64_t now_ms) {
  if (!dormancy.on() || match.status != store::MatchStatus::running) return std::nullopt;
  const Json options = played_options(game, match.options_json);
  const int seats = static_cast<int>(stored.seats.size());
  // Clocks for other seats than the match has are not the room's to judge: it is rebuilt.
  if (!options.is_object() || options.value("players", -1) != seats ||
      static_cast<int>(match.seats.size()) != seats)
    return std::nullopt;
  const int stand_in_after = settings.correspondence_rules.stand_in_after;
  const CorrespondenceClock clocks(stored, seats, stand_in_after);
  protocol::RoomInfo info;
  info.id = room;
  info.game = game.info().id;
  info.options = options;
  info.is_private = !match.private_code.empty();
  info.status = "playing";
  info.match = match.id;
  info.public_when_over = info.is_private && match.public_when_over;
  info.rated = match.rated;
  info.correspondence = {{"days_per_move", stored.pace.days_per_move},
                         {"bank_extra_hours", stored.pace.bank_extra_hours},
                         {"bank_cap_days", stored.pace.bank_cap_days}};
  info.seats.resize(seats);
  std::optional<std::int64_t> due;
  DormantRoom d;
  for (const store::Seat& s : match.seats) {
    if (s.seat < 0 || s.seat >= seats) return std::nullopt;
    const store::SeatClock& clock = stored.seats[s.seat];
    const bool stand_in = s.player_id && s.bot.empty() && stand_in_after > 0 &&
                          clocks.timeouts(s.seat) >= stand_in_after;
    // A bot, or a stand-in, waited for moves within its pause: the room must be there to play it.
    if (clock.waiting && (!s.bot.empty() || stand_in)) return std::nullopt;
    if (clock.due_ms > 0 && (!due || clock.due_ms < *due)) due = clock.due_ms;
    protocol::SeatInfo& seat = info.seats[s.seat];
    seat.name = s.name;
    seat.player = s.player_id;
    if (s.player_id) {
      // As a rebuilt room has it: nobody is back yet, every player away from now.
      seat.away_since_ms = now_ms;
      seat.stand_in = stand_in ? kStandIn : "";
      seat.clock = protocol::SeatInfo::Clock{.due_ms = clocks.due_ms(s.seat),
                                             .left_ms = clocks.left_ms(s.seat, now_ms),
                                             .bank_ms = clock.bank_ms,
                                             .timeouts = clocks.timeouts(s.seat)};
      d.seated.push_back(*s.player_id);
      if (!info.host) info.host = s.player_id;
    } else if (!s.bot.empty()) {
      seat.bot = s.bot;
      seat.connected = true;
    }
  }
  // Due soon: the room is wanted now.
  if (due && *due - now_ms <= dormancy.lookahead.count()) return std::nullopt;
  d.id = room;
  d.match = match.id;
  d.code = match.private_code;
  d.game = info.game;
  d.epoch = ownership.epoch;
  d.cluster = ownership.cluster;
  d.summary = listed_summary(protocol::room_json(info), match.created_ms, false).dump();
  d.due_ms = due;
  return d;
}

}  // namespace tortuga
