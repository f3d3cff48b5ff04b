// One thread's loop for the load generator's clients: epoll (level-triggered) over their sockets,
// one-shot timers, and work handed in from other threads. Everything registered with a loop runs
// on the thread that runs it, so a client needs no locks and no strand.
//
// The load generator shares the machine with the server it measures, so its own cost per message
// counts against the target: one read per readable socket per wake-up, and no read that is only
// there to find out that nothing has arrived.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <queue>
#include <vector>

namespace tortuga::bench {

using Clock = std::chrono::steady_clock;

class EventLoop;

// Something with a file descriptor in a loop: told which events (EPOLLIN, EPOLLOUT, EPOLLERR...)
// its descriptor is ready for.
class Watcher {
 public:
  virtual void on_ready(std::uint32_t events) = 0;

 protected:
  ~Watcher() = default;
};

// A one-shot timer on a loop's thread. Starting it again replaces what it was waiting for;
// cancel() means its function never runs. Used on its loop's thread only, and destroyed only
// while its loop does not run (the loop may still hold its last deadline).
class Timer {
 public:
  explicit Timer(EventLoop& loop) : loop_(loop) {}
  Timer(const Timer&) = delete;
  Timer& operator=(const Timer&) = delete;

  void start(Clock::time_point when, std::function<void()> fire);
  void cancel() {
    ++generation_;
    armed_ = false;
  }
  bool armed() const { return armed_; }

 private:
  friend class EventLoop;
  EventLoop& loop_;
  std::function<void()> fire_;
  std::uint64_t generation_ = 0;  // which start() a queued deadline belongs to
  bool armed_ = false;
};

class EventLoop {
 public:
  EventLoop();
  ~EventLoop();
  EventLoop(const EventLoop&) = delete;
  EventLoop& operator=(const EventLoop&) = delete;

  // On the loop's thread (or before it runs). `events` is a mask of EPOLLIN and EPOLLOUT.
  void watch(int fd, std::uint32_t events, Watcher* watcher);
  void change(int fd, std::uint32_t events, Watcher* watcher);
  void forget(int fd);

  // From any thread: runs `work` on the loop's thread.
  void post(std::function<void()> work);
  // From any thread: run() returns once the work it is doing is done.
  void stop();
  // Runs until stop(); on one thread at a time.
  void run();

 private:
  friend class Timer;
  struct Deadline {
    Clock::time_point when;
    Timer* timer;
    std::uint64_t generation;
    bool operator>(const Deadline& other) const { return when > other.when; }
  };

  void fire_due_timers();
  int wait_ms() const;
  void run_posted();

  int epoll_ = -1;
  int wake_ = -1;  // an eventfd: post() and stop() write to it
  std::priority_queue<Deadline, std::vector<Deadline>, std::greater<>> deadlines_;
  std::mutex mutex_;  // guards posted_
  std::vector<std::function<void()>> posted_;
  std::atomic<bool> stopping_{false};
};

}  // namespace tortuga::bench
