// A room played by correspondence runs its match on the correspondence clocks, moved by days on
// a clock of the test's: a move within its days keeps the bank and a late one spends it; a clock
// out of time plays the game's timeout with the game's default options (Tally's has no clock);
// three in a row bring a stand-in that the player's own move sends away; a vacation day is spent
// before a timeout; and a match rebuilt from the store keeps its deadlines.
#include <doctest/doctest.h>

#include "server/lobby/vacations.hpp"
#include "tests/server/manual_clock.hpp"
#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

using store::kDayMs;
using store::kHourMs;

constexpr store::CorrespondencePace kPace{
    .days_per_move = 3, .bank_extra_hours = 12, .bank_cap_days = 2};

// The lobby's part: each player's vacation days, kept in the store as the lobby keeps them.
struct VacationDirectory : NullDirectory {
  VacationDirectory(store::Store& store, int allowance) : vacations(store, allowance) {}
  Vacations vacations;
  std::optional<std::int64_t> vacation_day(std::int64_t player, std::int64_t at_ms) override {
    auto day = vacations.take(player, 1, at_ms);
    if (!day) return std::nullopt;
    return day->until_ms;
  }
  std::optional<std::int64_t> on_vacation_until(std::int64_t player, std::int64_t now_ms) override {
    return vacations.until(player, now_ms);
  }
};

RoomSettings by_correspondence(ManualClock& clock) {
  RoomSettings settings{.bot_delay_ms = 400, .clock = &clock};
  settings.correspondence = kPace;
  settings.correspondence_rules.stand_in_after = 3;
  return settings;
}

const Json kOptions = {{"goal", 100}};  // Tally's default options but a long match

// Anne (seat 0) and Ben (seat 1) play Tally by correspondence; Anne has `allowance` vacation days.
struct Letters : Table {
  Letters(ManualClock& c, int allowance = 0, const Json& options = kOptions)
      : Table(options, by_correspondence(c)), clock(c), lobby(*store, allowance) {
    room = std::make_shared<Room>(io, *store, lobby, by_correspondence(c), 1, "", game,
                                  *game.normalize_options(options), false);
  }
  ManualClock& clock;
  VacationDirectory lobby;

  void fire_next() {
    REQUIRE(clock.fire_next());
    commit_all();
  }
  void act_on_day(const std::shared_ptr<FakeClient>& who, double day) {
    clock.advance_to(static_cast<std::int64_t>(day * kDayMs));
    act(who, {{"type", "add"}, {"n", 1}});
    commit_all();
  }
  Json seat(int i) const {
    const auto rooms = anne->of_type("room");
    return rooms.back()["room"]["seats"][i];
  }
  std::int64_t match_id() const { return anne->of_type("room").back()["room"]["match"]; }
  store::CorrespondenceClocks stored() {
    sqlite->flush();  // the clocks are written without an answer awaited
    return sqlite->correspondence(match_id()).value().value();
  }
  int tally() const { return latest_view(*anne)["tally"]; }
};

TEST_CASE("a move within its days keeps the bank, a late one spends it") {
  ManualClock clock;
  Letters t(clock);
  t.seat_both_and_start();
  CHECK(t.anne->of_type("room").back()["room"]["correspondence"]["days_per_move"] == 3);
  // Anne's move: three days, then a full bank of two.
  CHECK(t.seat(0)["clock"]["due_ms"] == 5 * kDayMs);
  CHECK(t.seat(1)["clock"]["due_ms"].is_null());
  CHECK(clock.next_due() == 5 * kDayMs);

  t.act_on_day(t.anne, 1);  // within her days: the bank stays full (at its cap)
  CHECK(t.seat(0)["clock"]["bank_ms"] == 2 * kDayMs);
  CHECK(t.seat(1)["clock"]["due_ms"] == 6 * kDayMs);
  CHECK(clock.next_due() == 6 * kDayMs);

  t.act_on_day(t.ben, 5);  // four days: one from the bank, then twelve hours back
  CHECK(t.seat(1)["clock"]["bank_ms"] == kDayMs + 12 * kHourMs);
  CHECK(t.seat(0)["clock"]["due_ms"] == 10 * kDayMs);
  CHECK(t.seat(0)["clock"]["left_ms"] == 5 * kDayMs);
  // Stored with the move that changed them.
  const auto stored = t.stored();
  CHECK(stored.seats[1].bank_ms == kDayMs + 12 * kHourMs);
  CHECK(stored.seats[0].due_ms == 10 * kDayMs);
  CHECK(t.tally() == 2);
}

TEST_CASE("a clock out of time plays the game's timeout, with the game's default options") {
  ManualClock clock;
  Letters t(clock);
  t.seat_both_and_start();
  t.fire_next();  // day 5: Anne's days and bank are spent
  CHECK(clock.now_ms() == 5 * kDayMs);
  CHECK(t.tally() == 1);  // Tally's timeout adds 1
  const auto log = t.sqlite->actions(t.match_id()).value();
  REQUIRE(log.size() == 1);
  CHECK(log[0].seat == kSystem);
  CHECK(t.seat(0)["clock"]["bank_ms"] == 0);
  CHECK(t.seat(0)["clock"]["timeouts"] == 1);
  CHECK(t.seat(1)["clock"]["due_ms"] == 10 * kDayMs);
  t.act_on_day(t.ben, 6);
  // Anne's next move has its three days alone: the bank is spent.
  CHECK(t.seat(0)["clock"]["due_ms"] == 9 * kDayMs);
  CHECK(t.stored().seats[0].timeouts == 1);
}

TEST_CASE("the views say no deadline of the game's own clock, which plays no part") {
  ManualClock clock;
  Letters t(clock, 0, {{"goal", 100}, {"clock_ms", 60000}});
  t.seat_both_and_start();
  CHECK(latest_view(*t.anne)["deadline"].is_null());
  CHECK(latest_view(*t.ben)["deadline"].is_null());
  t.act_on_day(t.anne, 1);
  CHECK(latest_view(*t.ben)["deadline"].is_null());
  CHECK(t.seat(1)["clock"]["due_ms"] == 6 * kDayMs);
  // A minute on, the game's own clock would have run out: the correspondence clock has not.
  clock.advance_to(kDayMs + 61000);
  t.commit_all();
  CHECK(t.tally() == 1);
}

TEST_CASE("three timeouts in a row bring a stand-in, whom the player's own move sends away") {
  ManualClock clock;
  Letters t(clock);
  t.seat_both_and_start();
  for (int i = 0; i < 3; ++i) {
    CHECK(t.seat(0)["stand_in"].is_null());
    t.fire_next();  // Anne's clock runs out
    t.act_on_day(t.ben, static_cast<double>(clock.now_ms()) / kDayMs);
  }
  CHECK(t.seat(0)["clock"]["timeouts"] == 3);
  CHECK(t.seat(0)["stand_in"] == "smart");
  // The stand-in plays her seat after its pause, not her clock's days.
  const int before = t.tally();
  t.fire_next();
  CHECK(clock.now_ms() == 11 * kDayMs + 400);
  CHECK(t.tally() > before);
  CHECK(t.seat(0)["stand_in"] == "smart");
  t.act_on_day(t.ben, static_cast<double>(clock.now_ms()) / kDayMs);
  // Anne moves before the stand-in does: her seat is hers again, her timeouts none.
  t.act(t.anne, {{"type", "add"}, {"n", 2}});
  t.commit_all();
  CHECK(t.seat(0)["stand_in"].is_null());
  CHECK(t.seat(0)["clock"]["timeouts"] == 0);
  CHECK(t.stored().seats[0].timeouts == 0);
}

TEST_CASE("a vacation day is spent before a clock times out, while any is left") {
  ManualClock clock;
  Letters t(clock, 2);
  t.seat_both_and_start();
  const std::int64_t anne = t.anne->player();
  t.fire_next();  // day 5: a day of vacation, not a timeout
  CHECK(t.tally() == 0);
  CHECK(t.seat(0)["clock"]["due_ms"] == 6 * kDayMs);
  CHECK(t.sqlite->vacation(anne).value().days_used == 1);
  CHECK(t.stored().seats[0].due_ms == 6 * kDayMs);
  t.fire_next();  // day 6: the second and last
  CHECK(t.tally() == 0);
  CHECK(t.seat(0)["clock"]["due_ms"] == 7 * kDayMs);
  t.fire_next();  // day 7: none left
  CHECK(clock.now_ms() == 7 * kDayMs);
  CHECK(t.tally() == 1);
  CHECK(t.sqlite->vacation(anne).value().days_used == 2);
}

TEST_CASE("a vacation stands still every clock of the player's in the room") {
  ManualClock clock;
  Letters t(clock);
  t.seat_both_and_start();
  t.act_on_day(t.anne, 1);
  // Ben goes away for four days from day 2, which the room hears of six hours later: his clock,
  // due on day 6, is due on day 10, counted from the vacation's start.
  clock.advance_to(2 * kDayMs + 6 * kHourMs);
  t.on_room([&] { t.room->vacation(t.ben->player(), 2 * kDayMs, 6 * kDayMs); });
  CHECK(t.seat(1)["clock"]["due_ms"] == 10 * kDayMs);
  CHECK(t.stored().seats[1].due_ms == 10 * kDayMs);
  CHECK(clock.next_due() == 10 * kDayMs);
}

TEST_CASE("a match rebuilt from the store keeps its clocks' deadlines") {
  ManualClock clock;
  Letters t(clock);
  t.seat_both_and_start();
  t.act_on_day(t.anne, 1);
  t.act_on_day(t.ben, 2);  // Anne's due on day 7
  const std::int64_t id = t.match_id();
  t.on_room([&] { t.room->shutdown(); });
  REQUIRE(clock.next_due() > 100 * kDayMs);  // nothing armed: the room is gone

  const store::Match match = t.sqlite->match(id).value().value();
  auto state = t.game.new_state(*t.game.normalize_options(kOptions), Chance(match.seed));
  for (const auto& a : t.sqlite->actions(id).value())
    REQUIRE_FALSE(state->apply(a.seat, Json::parse(a.action_json)));
  auto rebuilt = std::make_shared<Room>(t.io, *t.store, t.lobby, by_correspondence(clock), 2,
                                        t.game, match, std::move(state));
  rebuilt->resume_clocks(t.sqlite->correspondence(id).value().value());
  rebuilt->resume_timers();
  t.settle();
  CHECK(clock.next_due() == 7 * kDayMs);
  t.room = rebuilt;  // shut down with the table
  REQUIRE(clock.fire_next());
  t.commit_all();
  CHECK(t.sqlite->actions(id).value().size() == 3);  // the timeout, on day 7
  CHECK(clock.now_ms() == 7 * kDayMs);
  CHECK(t.sqlite->correspondence(id).value()->seats[0].timeouts == 1);
}

}  // namespace
}  // namespace tortuga::testing
