// A room played by correspondence (room.hpp; docs/correspondence.md): its match runs on a
// CorrespondenceClock rather than the game's live clock. Each version the clocks follow the seats
// the rules wait for; the room's deadline timer is armed at the clocks' timeout; when it falls due
// a vacation day of the player's is spent first, else the game's timeout answers for every seat
// still silent, and a seat out of time too often in a row gets the stand-in the host's stand_in
// would put there. The clocks are stored with the action that changed them, so that a rebuilt
// match goes on with its deadlines as they were.
#include <algorithm>

#include "server/notify/notifier.hpp"
#include "server/ops/log.hpp"
#include "server/room/room.hpp"

namespace tortuga {

namespace {

// The timeout the rules accept from a correspondence clock at any wait (rules/core/state.cpp).
const Json kCorrespondenceTimeout = {{"type", "timeout"}, {"clock", "correspondence"}};

}  // namespace

store::CorrespondenceClocks Room::stored_clocks() const {
  store::CorrespondenceClocks clocks = clocks_->stored();
  clocks.match = match_id_;
  return clocks;
}

store::Done Room::clocks_told() {
  return [self = shared_from_this(), told = seated_players()](const store::Outcome<void>&) {
    self->post([self, told] { self->directory_.matches_changed(told); });
  };
}

void Room::start_clocks(std::function<void()> stored) {
  clocks_.emplace(*settings_.correspondence, seating_.size(),
                  settings_.correspondence_rules.stand_in_after);
  match_.hide_deadlines();
  const std::int64_t now = wall_ms();
  // A player on vacation as the match starts: their seat's days begin when it ends.
  for (int seat = 0; seat < seating_.size(); ++seat)
    if (const auto& player = seating_[seat].player)
      if (auto until = directory_.on_vacation_until(*player, now))
        clocks_->pause(seat, now, *until);
  wait_for_actors(now);
  store_.save_correspondence(
      stored_clocks(), [stored = std::move(stored)](const store::Outcome<void>&) { stored(); });
}

void Room::resume_clocks(store::CorrespondenceClocks clocks) {
  settings_.correspondence = clocks.pace;
  // A match that lasts weeks is not played out by the absent bot (nor closed when empty while it
  // runs: close_when_empty_after_s).
  settings_.absent_bot_s = 0;
  const int stand_in_after = settings_.correspondence_rules.stand_in_after;
  clocks_.emplace(std::move(clocks), seating_.size(), stand_in_after);
  match_.hide_deadlines();
  // Stand-ins are not stored: the timeouts in a row that owed one owe it again.
  for (int seat = 0; seat < seating_.size(); ++seat)
    if (seating_[seat].player && !bots_[seat] && stand_in_after > 0 &&
        clocks_->timeouts(seat) >= stand_in_after) {
      seating_[seat].stand_in = kStandIn;
      bots_[seat] = game_.make_bot(kStandIn);
    }
  publish_summary(room_json());
}

void Room::clocks_after(int seat, bool own) {
  if (!clocks_) return;
  const std::int64_t now = wall_ms();
  if (own && seating_.has(seat)) {
    clocks_->moved(seat, now);
    // The player is back at their seat: the stand-in there gives it back.
    if (!seating_[seat].stand_in.empty()) seat_returned(seat);
  }
  wait_for_actors(now);
}

void Room::wait_for_actors(std::int64_t now_ms) {
  std::vector<bool> waited(seating_.size());
  for (int seat = 0; seat < seating_.size(); ++seat)
    waited[seat] = clocks_->due_ms(seat).has_value();
  const State& state = match_.state();
  clocks_->waiting_for(state.is_over() ? std::vector<int>() : state.actors(), now_ms);
  notify::Notifier* notifier = settings_.notifier;
  if (!notifier) return;
  for (int seat = 0; seat < seating_.size(); ++seat) {
    const RoomSeat& s = seating_[seat];
    const auto due = clocks_->due_ms(seat);
    // Guests have nobody to call; a stand-in answers for its player at once.
    if (!s.player || !s.account || due.has_value() == waited[seat]) continue;
    if (!due) {
      notifier->turn_taken(*s.player, match_id_);
    } else if (s.stand_in.empty()) {
      notifier->your_turn(*s.player, match_id_, id_, game_.info().id, *due, !s.away_at.has_value());
    }
  }
}

void Room::vacation(std::int64_t player, std::int64_t from_ms, std::int64_t until_ms) {
  if (!clocks_ || closed_ || status_ != Status::playing) return;
  const std::int64_t now = std::min(from_ms, wall_ms());
  bool paused = false;
  for (int seat = 0; seat < seating_.size(); ++seat)
    if (seating_[seat].player == player) {
      clocks_->pause(seat, now, until_ms);
      paused = true;
    }
  if (!paused) return;
  store_.save_correspondence(stored_clocks(), clocks_told());
  send_room_to_all();
  // The deadline moves later; an action being stored arms its own when it settles.
  if (match_.settled() && !waiting_for_store_) timers_.settled();
}

void Room::correspondence_timeout() {
  const std::int64_t now = wall_ms();
  const auto due = clocks_->timeout_due_ms();
  if (!due) return;
  // The room's timer runs on the steady clock, the deadline on the wall's: early by a drift.
  if (*due > now) return timers_.settled();
  std::vector<int> silent;
  for (int seat = 0; seat < seating_.size(); ++seat)
    if (clocks_->due_ms(seat)) silent.push_back(seat);

  // 1. A vacation day, for each silent player who has one left: it starts at their deadline.
  bool on_vacation = false;
  for (int seat : silent) {
    const auto& player = seating_[seat].player;
    if (!player || bots_[seat]) continue;
    const std::int64_t deadline = *clocks_->due_ms(seat);
    if (auto until = directory_.vacation_day(*player, deadline)) {
      clocks_->pause(seat, deadline, *until);
      on_vacation = true;
    }
  }
  if (on_vacation) {
    store_.save_correspondence(stored_clocks(), clocks_told());
    send_room_to_all();
    return timers_.settled();
  }

  // 2. The game's timeout for every silent seat, stored with the clocks it spent.
  const CorrespondenceClock before = *clocks_;
  std::vector<int> owed;
  for (int seat : silent)
    if (clocks_->timed_out(seat, now)) owed.push_back(seat);
  const std::int64_t version = match_.applied();
  apply(kSystem, kCorrespondenceTimeout, nullptr, nullptr);
  if (match_.applied() == version) {
    // Not applied (the match waits for its store, which arms the clock again once back).
    *clocks_ = before;
    return;
  }
  TORTUGA_LOG(info, "room " << id_ << ": correspondence timeout of " << silent.size()
                            << " seat(s) in match " << match_id_);

  // 3. A stand-in for a seat out of time too often in a row, until its player moves again.
  for (int seat : owed)
    if (seating_[seat].player && seating_[seat].stand_in.empty() && !bots_[seat] && !match_.over())
      put_stand_in(seat, kStandIn, nullptr, nullptr);
}

void Room::add_clock(int seat, protocol::SeatInfo& out) const {
  if (!clocks_ || status_ != Status::playing) return;
  const std::int64_t now = wall_ms();
  out.clock = protocol::SeatInfo::Clock{.due_ms = clocks_->due_ms(seat),
                                        .left_ms = clocks_->left_ms(seat, now),
                                        .bank_ms = clocks_->stored().seats.at(seat).bank_ms,
                                        .timeouts = clocks_->timeouts(seat),
                                        .still_until_ms = clocks_->still_until_ms(seat, now)};
}

}  // namespace tortuga
