// A room's timers: a bot's pause and a deadline. A timer armed again, or cancelled, never calls
// back for an earlier arming, even one that had already expired and whose callback was queued:
// a room never has to tell a stale callback from a due one. The server's timers run on the steady
// clock; tests give rooms a clock of their own, to choose the order in which bots' pauses,
// deadlines, commits and people's actions happen.
#pragma once

#include <chrono>
#include <functional>
#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace tortuga {

using RoomStrand = boost::asio::strand<boost::asio::io_context::executor_type>;

class RoomTimer {
 public:
  virtual ~RoomTimer() = default;
  // Calls `fire` on the room's strand once `after` has passed, in place of whatever was armed.
  virtual void arm(std::chrono::milliseconds after, std::function<void()> fire) = 0;
  virtual void cancel() = 0;
};

class RoomClock {
 public:
  virtual ~RoomClock() = default;
  virtual std::unique_ptr<RoomTimer> timer(const RoomStrand& strand) = 0;
  // The time the timers count on, in milliseconds from an arbitrary start.
  virtual std::int64_t now_ms() const = 0;
  // The time as the store keeps it (milliseconds since the epoch), for deadlines that outlive
  // the process (a correspondence clock's). A test's clock keeps one time for both.
  virtual std::int64_t wall_ms() const { return now_ms(); }
};

// The server's clock: boost::asio's steady_timer.
RoomClock& steady_room_clock();

}  // namespace tortuga
