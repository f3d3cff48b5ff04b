#include "server/ops/clock.hpp"

#include <cstdint>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

namespace tortuga {

namespace {

class SteadyRoomTimer : public RoomTimer {
 public:
  explicit SteadyRoomTimer(const RoomStrand& strand) : strand_(strand), timer_(strand) {}
  ~SteadyRoomTimer() override { ++*arming_; }

  void arm(std::chrono::milliseconds after, std::function<void()> fire) override {
    // Cancelling is not enough on its own: a wait that has already expired has its callback
    // queued with success, and only the count of armings tells it that it is no longer wanted.
    const std::uint64_t armed = ++*arming_;
    auto call = [arming = arming_, armed, fire = std::move(fire)](boost::system::error_code ec) {
      if (!ec && *arming == armed) fire();
    };
    if (after.count() <= 0) {
      timer_.cancel();
      boost::asio::post(strand_, [call = std::move(call)] { call({}); });
      return;
    }
    timer_.expires_after(after);
    timer_.async_wait(std::move(call));
  }

  void cancel() override {
    ++*arming_;
    timer_.cancel();
  }

 private:
  RoomStrand strand_;
  boost::asio::steady_timer timer_;
  // Shared with the callbacks, which may outlive the timer.
  std::shared_ptr<std::uint64_t> arming_ = std::make_shared<std::uint64_t>(0);
};

class SteadyRoomClock : public RoomClock {
 public:
  std::unique_ptr<RoomTimer> timer(const RoomStrand& strand) override {
    return std::make_unique<SteadyRoomTimer>(strand);
  }
  std::int64_t now_ms() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
  }
  std::int64_t wall_ms() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }
};

}  // namespace

RoomClock& steady_room_clock() {
  static SteadyRoomClock clock;
  return clock;
}

}  // namespace tortuga
