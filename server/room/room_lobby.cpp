// A room left empty (room.hpp: close_when_left_empty): once nobody has been in it for a while, it
// closes by itself, through the same path as the host's close_room, so that a table abandoned
// mid-match is stored as aborted and leaves the lobby rather than waiting there for ever. A room
// whose match has not started waits less: its host has gone and nobody waits in it, and rooms
// made and left behind would otherwise fill the lobby and the server (docs/security.md).
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

namespace {

const protocol::Reason kLeftEmpty{"nobody was left in the room", "room.reason.left_empty"};

}  // namespace

void Room::close_when_left_empty() {
  // An open room cannot start while empty: the wait chosen when it empties holds until then.
  const int timeout_s = status_ == Status::open ? settings_.empty_open_room_timeout_s
                                                : settings_.empty_room_timeout_s;
  const bool empty = members_.empty() && !closed_ && timeout_s > 0;
  if (!empty) {
    if (empty_armed_) empty_timer_->cancel();
    empty_armed_ = false;
    return;
  }
  if (empty_armed_) return;  // counting since it became empty, not since its last change
  empty_armed_ = true;
  // The timer is the room's own: it never calls back once the room is gone.
  empty_timer_->arm(std::chrono::seconds(timeout_s), [this, timeout_s] {
    empty_armed_ = false;
    if (closed_ || !members_.empty()) return;
    server_metrics().timer_fired(TimerKind::empty_room);
    TORTUGA_LOG_AT(info, log_context("room_left_empty"),
                   "room " << id_ << ": nobody in it for " << timeout_s << " s, closing");
    close(
        kLeftEmpty, [](Expected<Json>) {}, "server");
  });
}

}  // namespace tortuga
