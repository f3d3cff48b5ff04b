// The load generator's event loop: timers fire in deadline order and not when cancelled or
// started again, work posted from another thread runs on the loop's, and stop() ends run().
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include "bench/event_loop.hpp"

namespace tortuga::bench {
namespace {

using std::chrono::milliseconds;

TEST_CASE("timers fire in the order of their deadlines, once, unless cancelled or restarted") {
  EventLoop loop;
  Timer late(loop), early(loop), cancelled(loop), restarted(loop), last(loop);
  std::string fired;
  const auto now = Clock::now();
  late.start(now + milliseconds(30), [&] { fired += "late "; });
  early.start(now + milliseconds(5), [&] { fired += "early "; });
  cancelled.start(now + milliseconds(10), [&] { fired += "cancelled "; });
  restarted.start(now + milliseconds(1), [&] { fired += "first-start "; });
  restarted.start(now + milliseconds(20), [&] { fired += "restarted "; });
  cancelled.cancel();
  last.start(now + milliseconds(40), [&] {
    fired += "last";
    loop.stop();
  });
  CHECK(!cancelled.armed());
  CHECK(late.armed());
  loop.run();
  CHECK(fired == "early restarted late last");
  CHECK(!late.armed());
  CHECK(Clock::now() - now >= milliseconds(40));  // no timer fires before its deadline
}

TEST_CASE("a timer started from its own function fires again") {
  EventLoop loop;
  Timer timer(loop);
  int ticks = 0;
  std::function<void()> tick = [&] {
    if (++ticks == 3) return loop.stop();
    timer.start(Clock::now() + milliseconds(1), tick);
  };
  timer.start(Clock::now(), tick);
  loop.run();
  CHECK(ticks == 3);
}

TEST_CASE("work posted from another thread runs on the loop's thread, in order") {
  EventLoop loop;
  std::thread::id ran_on;
  std::string order;
  std::thread runner([&] { loop.run(); });
  std::thread poster([&] {
    loop.post([&] { order += "a"; });
    loop.post([&] {
      order += "b";
      ran_on = std::this_thread::get_id();
      loop.stop();
    });
  });
  const auto runner_id = runner.get_id();
  poster.join();
  runner.join();
  CHECK(order == "ab");
  CHECK(ran_on == runner_id);
}

}  // namespace
}  // namespace tortuga::bench
