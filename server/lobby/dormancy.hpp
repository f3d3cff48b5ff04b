// The lobby's side of dormant rooms (server/room/dormancy.hpp): a timer of the node's, not of any
// room, that asks each room in memory whether it is idle enough to fall dormant, and wakes each
// dormant room whose next deadline comes within the look-ahead, so that the room's own timer is
// armed again before it is due. Its ticks are a fraction of the shorter of the two whiles.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/lobby/room_registry.hpp"
#include "server/room/dormancy.hpp"

namespace tortuga {

class DormancyWatch : public std::enable_shared_from_this<DormancyWatch> {
 public:
  DormancyWatch(boost::asio::io_context& io, RoomRegistry& rooms, DormancySettings settings);
  void start();
  void stop();
  // How often it looks.
  std::chrono::milliseconds tick() const;

 private:
  void arm();
  void look();

  boost::asio::steady_timer timer_;
  RoomRegistry& rooms_;
  DormancySettings settings_;
  std::mutex mutex_;
  bool stopped_ = false;
};

}  // namespace tortuga
