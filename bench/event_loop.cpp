#include "bench/event_loop.hpp"

#include <cerrno>
#include <system_error>

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace tortuga::bench {

namespace {

[[noreturn]] void throw_errno(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

}  // namespace

void Timer::start(Clock::time_point when, std::function<void()> fire) {
  ++generation_;
  armed_ = true;
  fire_ = std::move(fire);
  loop_.deadlines_.push({when, this, generation_});
}

EventLoop::EventLoop() {
  epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
  if (epoll_ < 0) throw_errno("epoll_create1");
  wake_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (wake_ < 0) {
    ::close(epoll_);
    throw_errno("eventfd");
  }
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.ptr = nullptr;  // the wake-up descriptor is the only one without a watcher
  if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, wake_, &ev) < 0) {
    ::close(wake_);
    ::close(epoll_);
    throw_errno("epoll_ctl");
  }
}

EventLoop::~EventLoop() {
  ::close(wake_);
  ::close(epoll_);
}

void EventLoop::watch(int fd, std::uint32_t events, Watcher* watcher) {
  epoll_event ev{};
  ev.events = events;
  ev.data.ptr = watcher;
  if (::epoll_ctl(epoll_, EPOLL_CTL_ADD, fd, &ev) < 0) throw_errno("epoll_ctl add");
}

void EventLoop::change(int fd, std::uint32_t events, Watcher* watcher) {
  epoll_event ev{};
  ev.events = events;
  ev.data.ptr = watcher;
  if (::epoll_ctl(epoll_, EPOLL_CTL_MOD, fd, &ev) < 0) throw_errno("epoll_ctl mod");
}

void EventLoop::forget(int fd) {
  ::epoll_ctl(epoll_, EPOLL_CTL_DEL, fd, nullptr);
}

void EventLoop::post(std::function<void()> work) {
  {
    std::lock_guard lock(mutex_);
    posted_.push_back(std::move(work));
  }
  const std::uint64_t one = 1;
  (void)!::write(wake_, &one, sizeof one);
}

void EventLoop::stop() {
  stopping_ = true;
  const std::uint64_t one = 1;
  (void)!::write(wake_, &one, sizeof one);
}

void EventLoop::run_posted() {
  std::uint64_t count;
  (void)!::read(wake_, &count, sizeof count);
  std::vector<std::function<void()>> work;
  {
    std::lock_guard lock(mutex_);
    work.swap(posted_);
  }
  for (auto& w : work) w();
}

int EventLoop::wait_ms() const {
  if (deadlines_.empty()) return -1;
  const auto left = deadlines_.top().when - Clock::now();
  if (left <= Clock::duration::zero()) return 0;
  // Rounded up: waking before the deadline would only mean waiting again.
  return static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
}

void EventLoop::fire_due_timers() {
  const auto now = Clock::now();
  while (!deadlines_.empty() && deadlines_.top().when <= now) {
    const Deadline d = deadlines_.top();
    deadlines_.pop();
    Timer* t = d.timer;
    if (!t->armed_ || t->generation_ != d.generation) continue;  // cancelled or started again
    t->armed_ = false;
    auto fire = std::move(t->fire_);
    fire();
  }
}

void EventLoop::run() {
  constexpr int kBatch = 256;
  epoll_event events[kBatch];
  for (;;) {
    if (stopping_) return;
    const int n = ::epoll_wait(epoll_, events, kBatch, wait_ms());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_errno("epoll_wait");
    }
    for (int i = 0; i < n; ++i) {
      if (events[i].data.ptr == nullptr)
        run_posted();
      else
        static_cast<Watcher*>(events[i].data.ptr)->on_ready(events[i].events);
    }
    fire_due_timers();
  }
}

}  // namespace tortuga::bench
