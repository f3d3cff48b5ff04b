#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::action;
using tortuga::store::test::await;
using tortuga::store::test::sample_match;
using tortuga::store::test::written;
using tortuga::store::test::Written;

STORE_TEST("actions appended from 8 threads are all committed, each Done runs once with ok") {
  Backend db;
  WriterOptions options;
  SUBCASE("committed as they come") {}
  SUBCASE("with a group commit delay") {
    options.commit_delay_us = 2000;
  }
  auto store = db.open(options);
  constexpr int kThreads = 8;
  constexpr int kPerThread = 1000;
  std::vector<std::int64_t> matches;
  for (int t = 0; t < kThreads; ++t) matches.push_back(store->create_match(sample_match()).value());

  // answers[t][seq - 1] counts the Done calls of that write; failures lists any error.
  std::vector<std::vector<std::atomic<int>>> answers(kThreads);
  for (auto& a : answers) a = std::vector<std::atomic<int>>(kPerThread);
  std::mutex failures_mu;
  std::vector<std::string> failures;

  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int seq = 1; seq <= kPerThread; ++seq) {
        store->append_action(action(matches[t], seq, seq % 3),
                             [&, t, seq](const Outcome<void>& written) {
                               answers[t][seq - 1].fetch_add(1);
                               if (!written) {
                                 std::lock_guard lock(failures_mu);
                                 failures.push_back(written.failure().why);
                               }
                             });
      }
    });
  }
  for (auto& th : threads) th.join();
  store->flush();

  CHECK(failures.empty());
  int answered_once = 0;
  for (auto& a : answers)
    for (auto& n : a) answered_once += n.load() == 1;
  CHECK(answered_once == kThreads * kPerThread);

  for (int t = 0; t < kThreads; ++t) {
    auto log = store->actions(matches[t]).value();
    REQUIRE(log.size() == kPerThread);
    bool in_order = true;
    for (int i = 0; i < kPerThread; ++i) {
      const Action expected = action(matches[t], i + 1, (i + 1) % 3);
      in_order = in_order && log[i].match == expected.match && log[i].seq == expected.seq &&
                 log[i].seat == expected.seat && log[i].action_json == expected.action_json &&
                 log[i].time_ms == expected.time_ms;
    }
    CHECK(in_order);
  }
  auto stats = store->stats();
  CHECK(stats.failed_writes == 0);
  CHECK(stats.transactions <= stats.writes);
}

STORE_TEST(
    "writes queued while a batch commits share one transaction; a duplicate seq fails alone") {
  Backend db;
  auto store = db.open();
  const std::int64_t a = store->create_match(sample_match()).value();
  const std::int64_t b = store->create_match(sample_match()).value();
  store->flush();
  const auto before = store->stats();

  // Hold the writer inside the first write's Done, so that the next writes queue up behind it.
  std::promise<void> entered, release;
  store->append_action(action(a, 1), [&](const Outcome<void>&) {
    entered.set_value();
    release.get_future().wait();
  });
  entered.get_future().wait();

  std::vector<std::string> order;  // Done calls, in the order they run (all on the writer thread)
  std::vector<Written> outcomes(5);
  auto record = [&](int i, const char* name) {
    return [&, i, name](const Outcome<void>& outcome) {
      outcomes[i] = written(outcome);
      order.push_back(name);
    };
  };
  store->append_action(action(a, 2), record(0, "a2"));
  store->append_action(action(a, 2, 1), record(1, "a2 again"));
  store->append_action(action(b, 1), record(2, "b1"));
  store->append_action(action(a, 3), record(3, "a3"));
  store->finish_match(b, MatchStatus::finished, "null", 9, record(4, "finish b"));
  release.set_value();
  store->flush();

  const auto after = store->stats();
  CHECK(after.transactions == before.transactions + 2);  // the held write's, then all five
  CHECK(after.failed_writes == before.failed_writes + 1);
  CHECK(order == std::vector<std::string>{"a2", "a2 again", "b1", "a3", "finish b"});
  CHECK(outcomes[0].ok);
  CHECK_FALSE(outcomes[1].ok);
  CHECK(outcomes[1].error.find("already stored") != std::string::npos);
  CHECK(outcomes[2].ok);
  CHECK(outcomes[3].ok);
  CHECK(outcomes[4].ok);

  auto log = store->actions(a).value();
  REQUIRE(log.size() == 3);
  CHECK(log[1].seq == 2);
  CHECK(log[1].seat == 0);  // the first a2, not the refused one
  CHECK(log[2].seq == 3);
  CHECK(store->actions(b).value().size() == 1);
  CHECK(store->match(b).value()->status == MatchStatus::finished);
}

STORE_TEST("append_action refuses a gap in seq, a seq below 1 and an unknown match") {
  Backend db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->append_action(action(id, 1), d); }).ok);

  auto gap = await([&](Done d) { store->append_action(action(id, 3), d); });
  CHECK_FALSE(gap.ok);
  CHECK(gap.error.find("gap") != std::string::npos);
  auto zero = await([&](Done d) { store->append_action(action(id, 0), d); });
  CHECK_FALSE(zero.ok);
  auto negative = await([&](Done d) { store->append_action(action(id, -4), d); });
  CHECK_FALSE(negative.ok);
  auto unknown = await([&](Done d) { store->append_action(action(id + 1, 1), d); });
  CHECK_FALSE(unknown.ok);
  CHECK(unknown.error.find("no such match") != std::string::npos);

  CHECK(await([&](Done d) { store->append_action(action(id, 2), d); }).ok);
  CHECK(store->actions(id).value().size() == 2);
  CHECK(store->actions(id + 1).value().empty());
}

STORE_TEST("after a reopen, an append is checked against the log stored before") {
  // The writer remembers each log's last seq; a new store must learn it from the database.
  Backend db;
  std::int64_t id = 0;
  {
    auto store = db.open();
    id = store->create_match(sample_match()).value();
    for (int seq = 1; seq <= 2; ++seq)
      CHECK(await([&](Done d) { store->append_action(action(id, seq), d); }).ok);
  }
  auto store = db.open();
  auto again = await([&](Done d) { store->append_action(action(id, 2), d); });
  CHECK_FALSE(again.ok);
  CHECK(again.error.find("already stored") != std::string::npos);
  auto gap = await([&](Done d) { store->append_action(action(id, 4), d); });
  CHECK_FALSE(gap.ok);
  CHECK(gap.error.find("the next seq is 3") != std::string::npos);
  CHECK(await([&](Done d) { store->append_action(action(id, 3), d); }).ok);
  CHECK(store->actions(id).value().size() == 3);
}

STORE_TEST("flush returns once every earlier write has committed and its Done has run") {
  Backend db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  std::atomic<int> answered{0};
  for (int seq = 1; seq <= 500; ++seq)
    store->append_action(action(id, seq),
                         [&](const Outcome<void>& written) { answered += written.ok(); });
  store->flush();
  CHECK(answered.load() == 500);
  CHECK(store->actions(id).value().size() == 500);
  store->flush();  // nothing queued: returns at once
}

STORE_TEST("a blocking write is ordered after every write queued before it") {
  Backend db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  std::atomic<int> answered{0};
  for (int seq = 1; seq <= 200; ++seq)
    store->append_action(action(id, seq),
                         [&](const Outcome<void>& written) { answered += written.ok(); });
  const std::int64_t next = store->create_match(sample_match()).value();
  CHECK(next > id);
  CHECK(answered.load() == 200);
  CHECK(store->match(id).value()->action_count == 200);
}

STORE_TEST("action text is kept byte for byte") {
  Backend db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  using namespace std::string_literals;
  const std::string odd = "{\"say\":\"¡Arr! 🏴‍☠️ \\u0000\"}\0tail\xff"s;
  CHECK(await([&](Done d) { store->append_action({id, 1, 2, odd, 77}, d); }).ok);
  auto log = store->actions(id).value();
  REQUIRE(log.size() == 1);
  CHECK(log[0].action_json == odd);
  CHECK(log[0].seat == 2);
  CHECK(log[0].time_ms == 77);
}

STORE_TEST("reads from several threads run while actions are written, and see whole prefixes") {
  Backend db;
  auto store = db.open();
  constexpr int kWriters = 4;
  constexpr int kPerWriter = 400;
  std::vector<std::int64_t> matches;
  for (int t = 0; t < kWriters; ++t) matches.push_back(store->create_match(sample_match()).value());

  std::atomic<bool> writing{true};
  std::atomic<int> bad_reads{0}, reads{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 4; ++r) {
    readers.emplace_back([&, r] {
      std::int64_t last_count = 0;
      const std::int64_t id = matches[r % kWriters];
      while (writing.load()) {
        auto log = store->actions(id).value();
        for (std::size_t i = 0; i < log.size(); ++i) bad_reads += log[i].seq != std::int64_t(i) + 1;
        auto m = store->match(id).value();
        if (!m || m->action_count < last_count || m->seats.size() != 3) ++bad_reads;
        if (m) last_count = m->action_count;
        ++reads;
      }
    });
  }
  std::vector<std::thread> writers;
  for (int t = 0; t < kWriters; ++t) {
    writers.emplace_back([&, t] {
      for (int seq = 1; seq <= kPerWriter; ++seq) {
        store->append_action(action(matches[t], seq), nullptr);
        if (seq % 50 == 0) store->flush();
      }
    });
  }
  for (auto& w : writers) w.join();
  store->flush();
  writing = false;
  for (auto& r : readers) r.join();

  CHECK(bad_reads.load() == 0);
  CHECK(reads.load() > 0);
  for (auto id : matches) CHECK(store->match(id).value()->action_count == kPerWriter);
}

// The delay is far longer than the bound each wait allows: a store that delayed a lone write, or
// sat out its delay while stopping, fails these instead of passing slowly.
STORE_TEST("a group commit delay never holds back a lone write, nor a store that stops") {
  Backend db;
  WriterOptions options;
  options.commit_delay_us = 60'000'000;
  auto store = db.open(options);
  const std::int64_t match = store->create_match(sample_match()).value();  // a batch of one
  auto answer = [](std::promise<bool>& p) {
    return [&p](const Outcome<void>& written) { p.set_value(written.ok()); };
  };
  std::promise<bool> lone;
  store->append_action(action(match, 1), answer(lone));
  auto lone_ok = lone.get_future();
  REQUIRE(lone_ok.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
  CHECK(lone_ok.get());

  // Several writes at once: the batch after theirs would wait out the delay.
  for (int seq = 2; seq <= 50; ++seq)
    store->append_action(action(match, seq), [](const Outcome<void>&) {});
  std::promise<bool> last;
  store->append_action(action(match, 51), answer(last));
  auto stopped = std::async(std::launch::async, [&] { store.reset(); });
  REQUIRE(stopped.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
  CHECK(last.get_future().get());  // committed before the store stopped
  auto reopened = db.open();
  CHECK(reopened->actions(match).value().size() == 51);
}
