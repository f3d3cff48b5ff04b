// The bot pool: a bounded queue in front of its threads, jobs answered on the thread that thought
// them, and a stop that drops what waits. Jobs wait on the test's latches, so nothing here depends
// on how fast anything runs.
#include <doctest/doctest.h>

#include <atomic>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>

#include "server/bots/bot_pool.hpp"

namespace tortuga::testing {
namespace {

// A job that says when it begins to think, then waits for `go` and chooses `n`; its answer is
// kept in `answers`, in the order they come.
struct Jobs {
  std::promise<void> release;
  std::shared_future<void> go;
  std::mutex mutex;
  std::vector<int> answers;
  std::atomic<int> begun{0};

  Jobs() : go(release.get_future().share()) {}
  BotJob job(int n) {
    return BotJob{[this, n](Chance&) {
                    ++begun;
                    go.wait();
                    return Json(n);
                  },
                  Chance(1),
                  [this](Expected<Json> choice) {
                    std::lock_guard lock(mutex);
                    answers.push_back(choice ? choice->get<int>() : -1);
                  }};
  }
  std::size_t answered() {
    std::lock_guard lock(mutex);
    return answers.size();
  }
};

template <class Predicate>
bool wait_for(Predicate done) {
  // A guard against a hang, not a measure: the test fails if it passes.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::yield();
  }
  return true;
}

}  // namespace

TEST_CASE("the bot pool holds as many jobs as its queue, refuses more, and answers each") {
  BotPool pool({.threads = 1, .queue = 2, .nice = 0});
  Jobs jobs;
  BotJob first = jobs.job(1);
  REQUIRE(pool.think(first));
  REQUIRE(wait_for([&] { return jobs.begun == 1; }));  // the thread is busy with it
  BotJob second = jobs.job(2), third = jobs.job(3), fourth = jobs.job(4);
  CHECK(pool.think(second));
  CHECK(pool.think(third));
  // The queue is full: the job is refused and left to its room, whole, to be offered again.
  CHECK_FALSE(pool.think(fourth));
  CHECK(fourth.think);
  CHECK(fourth.done);
  jobs.release.set_value();
  REQUIRE(wait_for([&] { return jobs.answered() == 3; }));
  std::lock_guard lock(jobs.mutex);
  CHECK(jobs.answers == std::vector<int>{1, 2, 3});
}

TEST_CASE("a thought that throws is answered with a failure, and the pool goes on") {
  BotPool pool({.threads = 1, .queue = 4, .nice = 0});
  std::promise<std::string> failed;
  BotJob bad{[](Chance&) -> Json { throw std::runtime_error("the ace of spades"); }, Chance(1),
             [&](Expected<Json> choice) {
               failed.set_value(choice ? std::string("chose") : choice.error().code);
             }};
  REQUIRE(pool.think(bad));
  CHECK(failed.get_future().get() == "internal");
  std::promise<Json> good;
  BotJob next{[](Chance& rng) { return Json(rng.below(1000)); }, Chance(7),
              [&](Expected<Json> choice) { good.set_value(*choice); }};
  REQUIRE(pool.think(next));
  Chance same(7);
  CHECK(good.get_future().get() == Json(same.below(1000)));  // thought with the job's own chance
}

TEST_CASE("stopping the pool finishes the job being thought and drops those waiting") {
  auto pool = std::make_unique<BotPool>(BotPoolSettings{.threads = 1, .queue = 100000, .nice = 0});
  Jobs jobs;
  BotJob first = jobs.job(1);
  REQUIRE(pool->think(first));
  REQUIRE(wait_for([&] { return jobs.begun == 1; }));
  // A waiting job holds what its room would: it is let go unanswered.
  auto room = std::make_shared<int>(0);
  std::weak_ptr<int> held = room;
  BotJob waiting = jobs.job(2);
  waiting.done = [room, &jobs](Expected<Json>) {
    std::lock_guard lock(jobs.mutex);
    jobs.answers.push_back(2);
  };
  room.reset();
  REQUIRE(pool->think(waiting));
  CHECK_FALSE(held.expired());
  std::thread stopping([&] { pool->stop(); });
  // Once stopping, the pool takes nothing more (its queue has room): only then is the thought let
  // finish. Jobs taken before are dropped with the one waiting.
  REQUIRE(wait_for([&] {
    BotJob probe = jobs.job(3);
    return !pool->think(probe);
  }));
  jobs.release.set_value();
  stopping.join();
  CHECK(held.expired());
  std::lock_guard lock(jobs.mutex);
  CHECK(jobs.answers == std::vector<int>{1});
}

TEST_CASE("a pool of 0 threads runs half the cores, at least one") {
  CHECK(bot_threads_for(3) == 3);
  CHECK(bot_threads_for(0) >= 1);
  CHECK(bot_threads_for(0) ==
        std::max(1, static_cast<int>(std::thread::hardware_concurrency()) / 2));
}

}  // namespace tortuga::testing
