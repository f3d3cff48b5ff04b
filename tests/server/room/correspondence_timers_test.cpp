// Correspondence clocks on a room's timers (server/room/room_timers.hpp), on a clock the test
// moves by days: the deadline armed is the seat's clock as CorrespondenceClock counts it, a
// vacation day is spent before a timeout, and timeouts in a row owe a stand-in. The owner here is
// a table of two seats that take turns, standing in for the room that will run these clocks.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "server/lobby/vacation.hpp"
#include "server/room/correspondence_clock.hpp"
#include "server/room/room_timers.hpp"
#include "tests/server/manual_clock.hpp"

namespace tortuga::testing {
namespace {

using store::kDayMs;

constexpr store::CorrespondencePace kPace{
    .days_per_move = 3, .bank_extra_hours = 0, .bank_cap_days = 2};

// Seats 0 and 1 take turns; seat 0's player has `allowance` vacation days a year.
struct Turns : RoomTimers::Owner {
  explicit Turns(ManualClock& c, int allowance) : clock(c), allowance(allowance) {}
  ManualClock& clock;
  int allowance;
  CorrespondenceClock clocks{kPace, 2, 3};
  store::Vacation vacation;
  std::int64_t at = 0;
  int to_move = 0;
  std::vector<std::string> done;

  std::shared_ptr<void> hold() override { return nullptr; }
  bool closed() const override { return false; }
  std::int64_t version() const override { return at; }
  bool settling() const override { return false; }
  std::optional<std::chrono::milliseconds> deadline() const override {
    const auto due = clocks.timeout_due_ms();
    if (!due) return std::nullopt;
    return std::chrono::milliseconds(std::max<std::int64_t>(0, *due - clock.now_ms()));
  }
  std::optional<int> bot_to_move() const override { return std::nullopt; }
  bool has_bot(int) const override { return false; }
  std::optional<std::int64_t> absent_bot_after_ms(int) const override { return std::nullopt; }
  std::optional<int> close_when_empty_after_s() const override { return std::nullopt; }
  void timeout() override {
    const std::int64_t now = clock.now_ms();
    // A day of vacation first, while the player has one; the clock then waits a day more.
    if (auto day = take_vacation(vacation, 1, allowance, now)) {
      vacation = *day;
      clocks.pause(to_move, now, vacation.until_ms);
      done.push_back("vacation day " + std::to_string(now / kDayMs));
      return;
    }
    const bool stand_in = clocks.timed_out(to_move, now);
    done.push_back("timeout " + std::to_string(to_move) + " on day " +
                   std::to_string(now / kDayMs) + (stand_in ? ", stand-in" : ""));
    pass_turn();
  }
  void bot_move(int) override {}
  void stand_in_for_absent(int) override {}
  void close_left_empty(int) override {}

  void pass_turn() {
    ++at;
    to_move = 1 - to_move;
    clocks.waiting_for({to_move}, clock.now_ms());
  }
};

struct Table {
  explicit Table(int allowance) : owed(clock, allowance) {
    owed.clocks.waiting_for({0}, clock.now_ms());
    timers.settled();
  }
  boost::asio::io_context io;
  RoomStrand strand = boost::asio::make_strand(io);
  ManualClock clock;
  Turns owed;
  RoomTimers timers{owed, clock, strand, 2, 500};
  // Fires the timer due first, runs its callback, and arms what the room owes after it.
  void fire() {
    REQUIRE(clock.fire_next());
    io.restart();
    io.poll();
    timers.settled();
  }
  // Seat 1 moves at once whenever it is asked.
  void seat_1_moves() {
    REQUIRE(owed.to_move == 1);
    owed.clocks.moved(1, clock.now_ms());
    owed.pass_turn();
    timers.settled();
  }
};

TEST_CASE("a days-long deadline fires on its day, the move's days and then the bank") {
  Table t(0);
  CHECK(t.clock.next_due() == 5 * kDayMs);  // three days, then a bank of two
  t.fire();
  CHECK(t.owed.done == std::vector<std::string>{"timeout 0 on day 5"});
  t.seat_1_moves();
  CHECK(t.clock.next_due() == 8 * kDayMs);  // the bank is spent: three days alone
}

TEST_CASE("three timeouts in a row owe a stand-in") {
  Table t(0);
  for (int i = 0; i < 3; ++i) {
    t.fire();
    t.seat_1_moves();
  }
  CHECK(t.owed.done == std::vector<std::string>{"timeout 0 on day 5", "timeout 0 on day 8",
                                                "timeout 0 on day 11, stand-in"});
}

TEST_CASE("vacation days are spent one at a time before the clock times out") {
  Table t(2);
  t.fire();
  CHECK(t.clock.next_due() == 6 * kDayMs);
  t.fire();
  t.fire();
  CHECK(t.owed.done ==
        std::vector<std::string>{"vacation day 5", "vacation day 6", "timeout 0 on day 7"});
  CHECK(vacation_days_left(t.owed.vacation, 2, t.clock.now_ms()) == 0);
}

}  // namespace
}  // namespace tortuga::testing
