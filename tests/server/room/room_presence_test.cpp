// Who is at the table: every person's seat says whether its player is here and since when away,
// and a running match does not wait for an absent player for longer than the room's absent_bot_s:
// a smart bot plays the seat until the player is back, who then has it again at once. Rooms run
// on a clock the tests move, at the server's default wait and bot pause.
#include <doctest/doctest.h>

#include "persistence/now.hpp"
#include "server/ops/config.hpp"
#include "tests/server/manual_clock.hpp"
#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

constexpr std::int64_t kWaitMs = std::int64_t{Config::kDefaultAbsentBotS} * 1000;

Json room_now(const FakeClient& c) {
  auto rooms = c.of_type("room");
  return rooms.empty() ? Json() : rooms.back()["room"];
}

// Anne and Ben at a table of Tally whose timers run on `clock`, with the server's defaults.
struct ClockedTable : Table {
  explicit ClockedTable(ManualClock& clock, int absent_bot_s = Config::kDefaultAbsentBotS)
      : Table(Json::object(), RoomSettings{.bot_delay_ms = Config::kDefaultBotDelayMs,
                                           .clock = &clock,
                                           .absent_bot_s = absent_bot_s}),
        clock(clock) {}
  // Fires the timer due first and runs what it sets off, the store's commits too.
  void fire_next() {
    REQUIRE(clock.fire_next());
    commit_all();
  }
  // Ben comes back on a new connection, as after a reload: hello with his token resumes the seat.
  std::shared_ptr<FakeClient> ben_returns() {
    auto back = std::make_shared<FakeClient>();
    back->welcome(ben->player(), "Ben");
    on_room([&] { room->resume(back); });
    return back;
  }
  ManualClock& clock;
};

}  // namespace

TEST_CASE("a seat says whether its player is here, and since when away") {
  ManualClock clock;
  ClockedTable t(clock);
  t.seat_both_and_start();
  Json seat = room_now(*t.anne)["seats"][1];
  CHECK(seat["connected"] == true);
  CHECK(seat["away_since_ms"].is_null());
  CHECK(seat["stand_in_after_ms"].is_null());
  CHECK(room_now(*t.anne)["absent_bot_s"] == Config::kDefaultAbsentBotS);

  const std::int64_t before = store::now_ms();
  t.on_room([&] { t.room->disconnected(t.ben); });
  const std::int64_t after = store::now_ms();
  seat = room_now(*t.anne)["seats"][1];  // everyone here is told at once
  CHECK(seat["connected"] == false);
  CHECK(seat["away_since_ms"].get<std::int64_t>() >= before);
  CHECK(seat["away_since_ms"].get<std::int64_t>() <= after);
  CHECK(seat["stand_in_after_ms"] == kWaitMs);
  // A listing is read long after it is written: it leaves the countdown out.
  CHECK_FALSE(t.room->summary()["seats"][1].contains("stand_in_after_ms"));
  CHECK(t.room->summary()["seats"][1]["away_since_ms"] == seat["away_since_ms"]);

  auto ben = t.ben_returns();
  for (const Json& room : {room_now(*t.anne), room_now(*ben)}) {
    CHECK(room["seats"][1]["connected"] == true);
    CHECK(room["seats"][1]["away_since_ms"].is_null());
    CHECK(room["seats"][1]["stand_in_after_ms"].is_null());
  }
}

TEST_CASE("a player with a second connection is not away while one is in the room") {
  ManualClock clock;
  ClockedTable t(clock);
  t.seat_both_and_start();
  auto tab = std::make_shared<FakeClient>();
  tab->welcome(t.ben->player(), "Ben");
  t.on_room([&] { t.room->join(tab, std::nullopt, 5); });
  t.on_room([&] { t.room->disconnected(t.ben); });
  CHECK(room_now(*t.anne)["seats"][1]["connected"] == true);
  CHECK(room_now(*t.anne)["seats"][1]["away_since_ms"].is_null());
  CHECK(clock.armed() == 0);
}

TEST_CASE("after the wait a bot plays the absent player's turns; back, the player plays on") {
  ManualClock clock;
  ClockedTable t(clock);
  t.seat_both_and_start();
  t.on_room([&] { t.room->disconnected(t.ben); });
  t.act(t.anne, {{"type", "add"}, {"n", 1}}, 4);
  t.commit_all();
  // Ben's turn, and Ben away: nothing is due before his wait ends.
  CHECK(latest_view(*t.anne)["to_act"] == Json::array({1}));
  CHECK(clock.next_due() == kWaitMs);

  t.fire_next();  // the wait ends: a smart bot stands in, and says so
  CHECK(clock.now_ms() == kWaitMs);
  Json seat = room_now(*t.anne)["seats"][1];
  CHECK(seat["stand_in"] == "smart");
  CHECK(seat["player"]["id"] == t.ben->player());  // the seat is still his
  CHECK(seat["connected"] == false);
  CHECK(seat["stand_in_after_ms"].is_null());
  CHECK(latest_view(*t.anne)["step"] == 1);
  t.fire_next();  // the bot's pause, as any bot's
  CHECK(clock.now_ms() == kWaitMs + Config::kDefaultBotDelayMs);
  CHECK(latest_view(*t.anne)["step"] == 2);

  t.act(t.anne, {{"type", "add"}, {"n", 1}}, 6);  // the tally is at most 4: Ben's turn again
  t.commit_all();
  REQUIRE(latest_view(*t.anne)["to_act"] == Json::array({1}));
  CHECK(clock.armed() == 1);  // the stand-in's next move
  auto ben = t.ben_returns();
  CHECK(room_now(*t.anne)["seats"][1]["stand_in"].is_null());
  CHECK(room_now(*ben)["seats"][1]["connected"] == true);
  // The bot's move, had it been armed still, would find no bot: the turn waits for Ben.
  while (clock.fire_next()) t.commit_all();
  CHECK(latest_view(*ben)["step"] == 3);
  CHECK(latest_view(*ben)["to_act"] == Json::array({1}));
  t.act(ben, {{"type", "add"}, {"n", 1}}, 7);
  t.commit_all();
  CHECK(latest_view(*t.anne)["step"] == 4);
  CHECK(ben->of_type("error").empty());
}

TEST_CASE("a player who leaves a running match is away, and played for after the wait") {
  ManualClock clock;
  ClockedTable t(clock);
  t.seat_both_and_start();
  t.on_room([&] { t.room->leave(t.anne, 4); });
  CHECK(room_now(*t.ben)["seats"][0]["connected"] == false);
  CHECK(room_now(*t.ben)["seats"][0]["stand_in_after_ms"] == kWaitMs);
  t.fire_next();
  CHECK(room_now(*t.ben)["seats"][0]["stand_in"] == "smart");
  t.fire_next();
  CHECK(latest_view(*t.ben)["step"] == 1);
}

TEST_CASE("a player away when the match starts is waited for, then played for") {
  ManualClock clock;
  ClockedTable t(clock);
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 2); });
  t.on_room([&] { t.room->disconnected(t.ben); });  // before the start, the seat stays his
  CHECK(room_now(*t.anne)["seats"][1]["away_since_ms"].is_number());
  CHECK(room_now(*t.anne)["seats"][1]["stand_in_after_ms"].is_null());  // no match to play yet
  CHECK(clock.armed() == 0);
  t.start_and_wait();
  CHECK(room_now(*t.anne)["seats"][1]["stand_in_after_ms"] == kWaitMs);
  t.act(t.anne, {{"type", "add"}, {"n", 1}}, 4);
  t.commit_all();
  t.fire_next();
  CHECK(room_now(*t.anne)["seats"][1]["stand_in"] == "smart");
  t.fire_next();
  CHECK(latest_view(*t.anne)["step"] == 2);
}

TEST_CASE("with nobody at the table no bot plays; the first one back sets the others' waits") {
  ManualClock clock;
  ClockedTable t(clock);
  t.seat_both_and_start();
  t.on_room([&] { t.room->disconnected(t.ben); });
  CHECK(clock.armed() == 1);  // Ben's wait, for Anne is here
  t.on_room([&] { t.room->disconnected(t.anne); });
  // Nobody left to keep waiting: the match waits for its players; only the empty room's own
  // close is counting now.
  CHECK(clock.armed() == 1);
  auto anne = std::make_shared<FakeClient>();
  anne->welcome(t.anne->player(), "Anne");
  t.on_room([&] { t.room->resume(anne); });
  // Ben has been away since before Anne left: his wait counts from then.
  CHECK(room_now(*anne)["seats"][1]["stand_in_after_ms"] == kWaitMs);
  CHECK(room_now(*anne)["seats"][0]["stand_in_after_ms"].is_null());
  t.act(anne, {{"type", "add"}, {"n", 1}}, 4);
  t.commit_all();
  t.fire_next();
  CHECK(room_now(*anne)["seats"][1]["stand_in"] == "smart");
}

TEST_CASE("a room whose absent_bot_s is 0 waits for its absent players") {
  ManualClock clock;
  ClockedTable t(clock, 0);
  t.seat_both_and_start();
  CHECK(room_now(*t.anne)["absent_bot_s"] == 0);
  t.on_room([&] { t.room->disconnected(t.ben); });
  t.act(t.anne, {{"type", "add"}, {"n", 1}}, 4);
  t.commit_all();
  const Json seat = room_now(*t.anne)["seats"][1];
  CHECK(seat["away_since_ms"].is_number());
  CHECK(seat["stand_in_after_ms"].is_null());
  CHECK(clock.armed() == 0);  // nothing will move the match: Ben's turn waits for Ben
  // The host may still put a stand-in there by hand.
  t.on_room([&] { t.room->stand_in(t.anne, 1, "random", 5); });
  CHECK(room_now(*t.anne)["seats"][1]["stand_in"] == "random");
}

TEST_CASE("the host's stand-in ends the wait, and stays the kind the host chose") {
  ManualClock clock;
  ClockedTable t(clock);
  t.seat_both_and_start();
  t.on_room([&] { t.room->disconnected(t.ben); });
  CHECK(clock.armed() == 1);
  t.on_room([&] { t.room->stand_in(t.anne, 1, "random", 4); });
  CHECK(clock.armed() == 0);  // Anne's turn: nothing to play for Ben yet, nor to wait for
  CHECK(room_now(*t.anne)["seats"][1]["stand_in"] == "random");
  CHECK(room_now(*t.anne)["seats"][1]["stand_in_after_ms"].is_null());
}

TEST_CASE("once the match is over nobody is waited for, nor played for") {
  ManualClock clock;
  ClockedTable t(clock);
  t.seat_both_and_start();
  for (int i = 0; i < 3; ++i) {
    t.act(t.anne, {{"type", "add"}, {"n", 2}}, 10 + i);
    t.commit_all();
    if (latest_view(*t.anne)["over"] == true) break;
    t.act(t.ben, {{"type", "add"}, {"n", 1}}, 20 + i);
    t.commit_all();
  }
  REQUIRE(room_now(*t.anne)["status"] == "over");
  t.on_room([&] { t.room->disconnected(t.ben); });
  CHECK(room_now(*t.anne)["seats"][1]["connected"] == false);
  CHECK(room_now(*t.anne)["seats"][1]["stand_in_after_ms"].is_null());
  CHECK(clock.armed() == 0);
}

}  // namespace tortuga::testing
