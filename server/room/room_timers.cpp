#include "server/room/room_timers.hpp"

#include "server/ops/server_metrics.hpp"

namespace tortuga {

RoomTimers::RoomTimers(Owner& owner, RoomClock& clock, const RoomStrand& strand, int seats,
                       int bot_delay_ms)
    : owner_(owner),
      bot_delay_(bot_delay_ms),
      deadline_(clock.timer(strand)),
      bot_(clock.timer(strand)),
      empty_(clock.timer(strand)) {
  for (int i = 0; i < seats; ++i) absent_.push_back(clock.timer(strand));
}

bool RoomTimers::owed_at(std::int64_t version) const {
  return !owner_.closed() && owner_.version() == version && !owner_.settling();
}

void RoomTimers::settled() {
  arm_deadline();
  arm_bot();
}

void RoomTimers::arm_deadline() {
  const auto after = owner_.deadline();
  if (!after) return deadline_->cancel();
  deadline_->arm(*after, [this, hold = owner_.hold(), version = owner_.version()] {
    server_metrics().timer_fired(TimerKind::deadline);
    if (owed_at(version)) owner_.timeout();
  });
}

void RoomTimers::arm_bot() {
  const auto seat = owner_.bot_to_move();
  if (!seat) {
    bot_armed_for_ = -1;
    return bot_->cancel();
  }
  // Settled twice at one version (a rebuild that dropped nothing): its move is already on its way,
  // and its pause is not made longer.
  const std::int64_t version = owner_.version();
  if (bot_armed_for_ == version) return;
  bot_armed_for_ = version;
  bot_->arm(bot_delay_, [this, hold = owner_.hold(), seat = *seat, version] {
    server_metrics().timer_fired(TimerKind::bot);
    if (!owed_at(version)) {
      bot_armed_for_ = -1;
      return;
    }
    // Its player came back while it waited: the seat is the player's again, another bot may act.
    if (!owner_.has_bot(seat)) {
      bot_armed_for_ = -1;
      return arm_bot();
    }
    owner_.bot_move(seat);  // still on its way until the bot answers
  });
}

bool RoomTimers::bot_answered(std::int64_t version, bool same_bot) {
  if (bot_armed_for_ == version) bot_armed_for_ = -1;
  if (same_bot && owed_at(version)) return true;
  server_metrics().bot_dropped(BotDrop::late);
  // A version still being stored arms its own move once it settles.
  if (!owner_.closed() && !owner_.settling()) arm_bot();
  return false;
}

void RoomTimers::bot_refused(std::int64_t version) {
  if (bot_armed_for_ == version) bot_armed_for_ = -1;
  arm_bot();
}

void RoomTimers::pause_match() {
  deadline_->cancel();
  bot_->cancel();
  bot_armed_for_ = -1;
}

void RoomTimers::arm_absent(int seat) {
  const auto after = owner_.absent_bot_after_ms(seat);
  if (!after) return absent_[seat]->cancel();
  absent_[seat]->arm(std::chrono::milliseconds(*after), [this, hold = owner_.hold(), seat] {
    server_metrics().timer_fired(TimerKind::absent_bot);
    // The player came back, the match ended, the host stood a bot in: only a seat still owed its
    // bot gets one, and one owed it later waits for then.
    const auto due = owner_.absent_bot_after_ms(seat);
    if (!due) return;
    if (*due > 0) return arm_absent(seat);
    owner_.stand_in_for_absent(seat);
  });
}

void RoomTimers::arm_absent_all() {
  for (int seat = 0; seat < static_cast<int>(absent_.size()); ++seat) arm_absent(seat);
}

void RoomTimers::members_changed() {
  const auto after_s = owner_.close_when_empty_after_s();
  if (!after_s) {
    if (empty_armed_) empty_->cancel();
    empty_armed_ = false;
    return;
  }
  if (empty_armed_) return;  // counting since it became empty, not since its last change
  empty_armed_ = true;
  // The timer is the room's own: it never calls back once the room is gone, which it does not
  // keep for the minutes it counts.
  empty_->arm(std::chrono::seconds(*after_s), [this, after_s = *after_s] {
    empty_armed_ = false;
    if (!owner_.close_when_empty_after_s()) return;
    server_metrics().timer_fired(TimerKind::empty_room);
    owner_.close_left_empty(after_s);
  });
}

void RoomTimers::stop() {
  pause_match();
  empty_->cancel();
  for (auto& timer : absent_) timer->cancel();
}

}  // namespace tortuga
