// A room's timers as duties (server/room/room_timers.hpp), apart from any room: a duty is re-armed,
// never dropped. The owner here is a table of what the room would owe, set by each test, on a
// clock each test moves.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "server/room/room_timers.hpp"
#include "tests/server/manual_clock.hpp"

namespace tortuga::testing {
namespace {

constexpr int kBotDelayMs = 500;

struct Owed : RoomTimers::Owner {
  bool is_closed = false;
  std::int64_t at = 0;
  bool storing = false;
  std::optional<std::chrono::milliseconds> wait;
  std::optional<int> bot_seat;
  std::map<int, bool> bots;
  std::map<int, std::optional<std::int64_t>> absent;
  std::optional<int> empty_s;
  std::vector<std::string> done;  // what the timers did, in order

  std::shared_ptr<void> hold() override { return nullptr; }
  bool closed() const override { return is_closed; }
  std::int64_t version() const override { return at; }
  bool settling() const override { return storing; }
  std::optional<std::chrono::milliseconds> deadline() const override { return wait; }
  std::optional<int> bot_to_move() const override { return bot_seat; }
  bool has_bot(int seat) const override { return bots.count(seat) && bots.at(seat); }
  std::optional<std::int64_t> absent_bot_after_ms(int seat) const override {
    return absent.count(seat) ? absent.at(seat) : std::nullopt;
  }
  std::optional<int> close_when_empty_after_s() const override { return empty_s; }
  void timeout() override { done.push_back("timeout at " + std::to_string(at)); }
  void bot_move(int seat) override { done.push_back("bot " + std::to_string(seat)); }
  void stand_in_for_absent(int seat) override {
    done.push_back("stand-in " + std::to_string(seat));
  }
  void close_left_empty(int after_s) override {
    done.push_back("closed after " + std::to_string(after_s) + " s");
  }
};

struct Table {
  boost::asio::io_context io;
  RoomStrand strand = boost::asio::make_strand(io);
  ManualClock clock;
  Owed owed;
  RoomTimers timers{owed, clock, strand, 2, kBotDelayMs};
  // Fires the timer due first and runs its callback.
  bool fire() {
    if (!clock.fire_next()) return false;
    io.restart();
    io.poll();
    return true;
  }
};

TEST_CASE("a deadline overtaken by an action still being stored is armed by its settling") {
  Table t;
  t.owed.wait = std::chrono::milliseconds(1000);
  t.timers.settled();
  // An action is applied and waits for the store when the deadline ends: not owed now.
  t.owed.at = 1;
  t.owed.storing = true;
  REQUIRE(t.fire());
  CHECK(t.owed.done.empty());
  // Its settling arms the new version's deadline, which is owed when it ends.
  t.owed.storing = false;
  t.timers.settled();
  CHECK(t.clock.next_due() == 2000);
  REQUIRE(t.fire());
  CHECK(t.owed.done == std::vector<std::string>{"timeout at 1"});
}

TEST_CASE("a bot whose seat lost its bot while it waited gives way to the bot owed now") {
  Table t;
  t.owed.bot_seat = 0;
  t.owed.bots = {{0, true}, {1, true}};
  t.timers.settled();
  t.owed.bots[0] = false;  // the player of seat 0 came back
  t.owed.bot_seat = 1;     // and the rules wait for seat 1's bot too
  REQUIRE(t.fire());
  CHECK(t.owed.done.empty());
  CHECK(t.clock.next_due() == 2 * kBotDelayMs);  // seat 1's pause, from now
  REQUIRE(t.fire());
  CHECK(t.owed.done == std::vector<std::string>{"bot 1"});
}

TEST_CASE("settling twice at one version does not make a bot's pause longer") {
  Table t;
  t.owed.bot_seat = 1;
  t.owed.bots = {{1, true}};
  t.timers.settled();
  t.clock.fire_next();  // the pause ends; its callback is queued, not yet run
  t.timers.settled();   // a rebuild that dropped nothing settles the same version again
  t.io.poll();
  CHECK(t.owed.done == std::vector<std::string>{"bot 1"});
  CHECK(t.clock.armed() == 0);
}

TEST_CASE("an absent player's stand-in owed later is armed again for then, not dropped") {
  Table t;
  t.owed.absent[1] = 3000;
  t.timers.arm_absent(1);
  // The wait was reset meanwhile (the player came back and went again): 1 s is still owed.
  t.owed.absent[1] = 1000;
  REQUIRE(t.fire());
  CHECK(t.owed.done.empty());
  CHECK(t.clock.next_due() == 4000);
  t.owed.absent[1] = 0;
  REQUIRE(t.fire());
  CHECK(t.owed.done == std::vector<std::string>{"stand-in 1"});
  // Once nothing is owed, firing does nothing.
  t.owed.absent[1] = std::nullopt;
  t.timers.arm_absent(1);
  CHECK_FALSE(t.fire());
}

TEST_CASE("a room left empty closes once, counted from when it became empty") {
  Table t;
  t.owed.empty_s = 30;
  t.timers.members_changed();
  t.timers.members_changed();  // a change while still empty keeps the count
  CHECK(t.clock.next_due() == 30000);
  REQUIRE(t.fire());
  CHECK(t.owed.done == std::vector<std::string>{"closed after 30 s"});
  // Someone came in before the wait ended: nothing closes.
  t.timers.members_changed();
  t.owed.empty_s = std::nullopt;
  t.timers.members_changed();
  CHECK_FALSE(t.fire());
  CHECK(t.owed.done.size() == 1);
}

TEST_CASE("a closed room owes nothing: no deadline, no bot") {
  Table t;
  t.owed.wait = std::chrono::milliseconds(100);
  t.owed.bot_seat = 0;
  t.owed.bots = {{0, true}};
  t.timers.settled();
  t.owed.is_closed = true;
  while (t.fire()) {
  }
  CHECK(t.owed.done.empty());
}

}  // namespace
}  // namespace tortuga::testing
