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
  d.summary = summary();
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
