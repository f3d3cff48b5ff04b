// A room left empty (room.hpp: close_when_left_empty): once nobody has been in it for a while, it
// closes by itself, through the same path as the host's close_room, so that a table abandoned
// mid-match is stored as aborted and leaves the lobby rather than waiting there for ever.
#include "server/log.hpp"
#include "server/room.hpp"

namespace tortuga {

namespace {

const protocol::Reason kLeftEmpty{"nobody was left in the room", "room.reason.left_empty"};

}  // namespace

void Room::close_when_left_empty() {
  const bool empty = members_.empty() && !closed_ && settings_.empty_room_timeout_s > 0;
  if (!empty) {
    if (empty_armed_) empty_timer_->cancel();
    empty_armed_ = false;
    return;
  }
  if (empty_armed_) return;  // counting since it became empty, not since its last change
  empty_armed_ = true;
  // The timer is the room's own: it never calls back once the room is gone.
  empty_timer_->arm(std::chrono::seconds(settings_.empty_room_timeout_s), [this] {
    empty_armed_ = false;
    if (closed_ || !members_.empty()) return;
    server_metrics().timer_fired(TimerKind::empty_room);
    TORTUGA_LOG_AT(
        info, log_context("room_left_empty"),
        "room " << id_ << ": nobody in it for " << settings_.empty_room_timeout_s << " s, closing");
    close(
        kLeftEmpty, [](Expected<Json>) {}, "server");
  });
}

}  // namespace tortuga
