// Dormant rooms, the lobby's part: the watch that puts rooms to sleep and wakes them for their
// deadlines (dormancy.hpp), and the lobby's answers to a room falling dormant and to a wake
// (lobby.hpp: room_dormant, wake).
#include "server/lobby/dormancy.hpp"

#include <algorithm>

#include "persistence/now.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/log.hpp"

namespace tortuga {

DormancyWatch::DormancyWatch(boost::asio::io_context& io, RoomRegistry& rooms,
                             DormancySettings settings)
    : timer_(io), rooms_(rooms), settings_(settings) {}

std::chrono::milliseconds DormancyWatch::tick() const {
  auto shorter = settings_.after;
  if (settings_.lookahead.count() > 0) shorter = std::min(shorter, settings_.lookahead);
  return std::clamp(shorter / 4, std::chrono::milliseconds(100), std::chrono::milliseconds(10000));
}

void DormancyWatch::start() {
  if (settings_.on()) arm();
}

void DormancyWatch::stop() {
  std::lock_guard lock(mutex_);
  stopped_ = true;
  timer_.cancel();
}

void DormancyWatch::arm() {
  std::lock_guard lock(mutex_);
  if (stopped_) return;
  timer_.expires_after(tick());
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    self->look();
    self->arm();
  });
}

void DormancyWatch::look() {
  for (const auto& room : rooms_.all())
    room->post([room, settings = settings_] { room->fall_dormant_if_idle(settings); });
  // Woken a look-ahead before the deadline, the room's own timer fires it on time.
  for (std::int64_t id : rooms_.dormant_due_by(store::now_ms() + settings_.lookahead.count())) {
    try {
      rooms_.wake(id, WakeCause::deadline);
    } catch (const std::exception& e) {
      TORTUGA_LOG_AT(warn, log::Context("room_not_woken").room(id),
                     "dormant room " << id << " not woken for its deadline: " << e.what());
    }
  }
}

// ---- the lobby's part --------------------------------------------------------------------------

bool Lobby::room_dormant(const std::shared_ptr<Room>& room, const DormantRoom& dormant) {
  DormantRoom kept = dormant;
  try {
    // A correspondence match's clocks run out at their stored deadlines, kept with the match.
    if (auto clocks = store_.correspondence(dormant.match).value())
      for (const store::SeatClock& seat : clocks->seats)
        if (seat.due_ms > 0 && (!kept.due_ms || seat.due_ms < *kept.due_ms))
          kept.due_ms = seat.due_ms;
  } catch (const std::exception&) {
    return false;  // unread, its deadline unknown: the room stays
  }
  // Due soon: it would be woken again at once.
  if (kept.due_ms && *kept.due_ms - store::now_ms() <= limits_.dormancy.lookahead.count())
    return false;
  if (!rooms_.put_to_sleep(room, kept)) return false;
  // Stopping the node ends nobody's dormant match (it is all in the store, and a start or a
  // takeover rebuilds it): a draining node does not wait for it. A wake counts it again (rebuild).
  drain_.ended(dormant.id);
  return true;
}

std::shared_ptr<Room> Lobby::wake(const DormantRoom& dormant) {
  const std::optional<store::Match> m = store_.match(dormant.match).value();
  std::shared_ptr<Room> room;
  if (m && m->status == store::MatchStatus::running)
    room = rebuild(*m, dormant.id, Ownership{dormant.cluster, dormant.epoch});
  if (room) {
    TORTUGA_LOG_AT(debug, log::Context("room_woken").room(dormant.id).match(dormant.match),
                   "dormant room " << dormant.id << " woken");
    return room;
  }
  // The match ended elsewhere (the operator) or cannot be rebuilt: the room is gone.
  drain_.ended(dormant.id);
  feed_->update(dormant.id, nullptr);
  if (cluster_) cluster_->forget(dormant.id);
  return nullptr;
}

}  // namespace tortuga
