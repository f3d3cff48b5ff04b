// A room's bots think away from its strand: their choices come back later, and a room takes only
// those still owed. A choice that comes after the match moved on, or for a seat that is no longer
// that bot's, is dropped and the bot asked for the move owed now; a room that closed takes none;
// a bot the pool had no room for is asked again after its pause. The tests hold each bot's job
// and say when it answers, on a clock of their own.
#include <doctest/doctest.h>

#include "tests/server/held_thinkers.hpp"
#include "tests/server/manual_clock.hpp"
#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

RoomSettings held_bots(ManualClock& clock, HeldThinkers& thinkers) {
  RoomSettings settings;
  settings.clock = &clock;
  settings.bots = &thinkers;
  return settings;
}

// Anne hosts a room of Tally on the test's clock, its bots' jobs held until the test says.
struct BotTable {
  ManualClock clock;
  HeldThinkers thinkers;
  Table t;
  explicit BotTable(Json options = Json::object())
      : t(std::move(options), held_bots(clock, thinkers)) {}

  // The actions stored, as (seat, n) in order.
  std::vector<std::pair<int, int>> stored() {
    t.commit_all();
    const auto match = t.anne->of_type("state").at(0)["match"].get<std::int64_t>();
    std::vector<std::pair<int, int>> out;
    for (const auto& a : t.sqlite->actions(match).value())
      out.emplace_back(a.seat, Json::parse(a.action_json)["n"].get<int>());
    return out;
  }
  // The bot's pause ends: it is asked for its move.
  void pause_ends() {
    REQUIRE(clock.fire_next());
    t.commit_all();
  }
  void release() {
    thinkers.release();
    t.commit_all();
  }
};

// Tally, with a third level of bot: what a game that makes strong bots offers.
class StrongTally : public TallyGame {
 public:
  std::vector<std::string> bot_kinds() const override { return {"random", "smart", "strong"}; }
};

Json last_error(const FakeClient& client) {
  const auto errors = client.of_type("error");
  return errors.empty() ? Json() : errors.back();
}

}  // namespace

TEST_CASE("a host adds bots of the levels the game offers, and of no other") {
  Table t;
  CHECK(t.game.describe()["bots"] == Json{"random", "smart"});
  t.on_room([&] { t.room->join(t.anne, 0, 1); });
  t.on_room([&] { t.room->add_bot(t.anne, 1, "strong", 2); });
  const Json refused = last_error(*t.anne);
  CHECK(refused["code"] == "no_such_bot");
  CHECK(refused["re"] == 2);
  CHECK(refused["message"] == "Tally has no \"strong\" bot; its bots are random, smart");
  t.on_room([&] { t.room->add_bot(t.anne, 1, "random", 3); });
  CHECK(t.anne->of_type("room").back()["room"]["seats"][1]["bot"] == "random");

  // A game that makes strong bots is offered them, by the same code.
  StrongTally strong;
  CHECK(strong.describe()["bots"] == Json{"random", "smart", "strong"});
  auto room = std::make_shared<Room>(t.io, *t.store, t.directory, RoomSettings{}, 2, "", strong,
                                     *strong.normalize_options(Json::object()), false);
  room->post([&] {
    room->join(t.ben, 0, 1);
    room->add_bot(t.ben, 1, "strong", 2);
  });
  t.settle();
  CHECK(t.ben->of_type("room").back()["room"]["seats"][1]["bot"] == "strong");
  room->post([room] { room->shutdown(); });
  t.settle();
}

TEST_CASE("a stand-in is of a level the game offers") {
  Table t;
  t.seat_both_and_start();
  t.on_room([&] { t.room->disconnected(t.ben); });
  t.on_room([&] { t.room->stand_in(t.anne, 1, "strong", 4); });
  CHECK(last_error(*t.anne)["code"] == "no_such_bot");
  t.on_room([&] { t.room->stand_in(t.anne, 1, "random", 5); });
  CHECK(t.anne->of_type("room").back()["room"]["seats"][1]["stand_in"] == "random");
}

TEST_CASE(
    "a bot's choice that comes after the match moved on is dropped, and the bot asked again") {
  BotTable b(Json{{"either", true}});
  b.t.on_room([&] { b.t.room->join(b.t.anne, 0, 1); });
  b.t.on_room([&] { b.t.room->add_bot(b.t.anne, 1, "random", 2); });
  b.t.start_and_wait();
  b.t.commit_all();
  b.pause_ends();
  REQUIRE(b.thinkers.held() == 1);  // the bot thinks at version 0
  b.t.act(b.t.anne, {{"type", "add"}, {"n", 2}});
  b.t.commit_all();
  REQUIRE(b.stored() == std::vector<std::pair<int, int>>{{0, 2}});
  b.release();  // its choice, for version 0, comes at version 1
  CHECK(b.stored() == std::vector<std::pair<int, int>>{{0, 2}});
  CHECK(b.thinkers.asked == 1);
  // The move owed at version 1 is asked for, and played.
  b.pause_ends();
  REQUIRE(b.thinkers.held() == 1);
  CHECK(b.thinkers.asked == 2);
  b.release();
  const auto stored = b.stored();
  REQUIRE(stored.size() == 2);
  CHECK(stored[1].first == 1);
}

TEST_CASE(
    "a stand-in's choice that comes once another bot holds the seat is dropped, and that "
    "bot asked") {
  BotTable b;
  b.t.seat_both_and_start();
  b.t.commit_all();
  b.t.on_room([&] { b.t.room->disconnected(b.t.ben); });
  b.t.on_room([&] { b.t.room->stand_in(b.t.anne, 1, "random", 4); });
  b.t.act(b.t.anne, {{"type", "add"}, {"n", 1}});
  b.t.commit_all();
  b.pause_ends();
  REQUIRE(b.thinkers.held() == 1);  // the stand-in thinks at version 1
  // Ben comes back and goes again: another stand-in takes his seat, at the same version, while
  // the first one's choice is on its way.
  b.t.on_room([&] { b.t.room->resume(b.t.ben); });
  b.t.on_room([&] { b.t.room->disconnected(b.t.ben); });
  b.t.on_room([&] { b.t.room->stand_in(b.t.anne, 1, "smart", 5); });
  b.release();  // the first stand-in's choice: not this seat's bot's any more
  CHECK(b.stored().size() == 1);
  // The seat's bot now is asked, and plays.
  b.pause_ends();
  REQUIRE(b.thinkers.held() == 1);
  b.release();
  const auto stored = b.stored();
  REQUIRE(stored.size() == 2);
  CHECK(stored[1].first == 1);
}

TEST_CASE("a room that closes while its bot thinks takes no choice and asks for none") {
  BotTable b(Json{{"either", true}});
  b.t.on_room([&] { b.t.room->join(b.t.anne, 0, 1); });
  b.t.on_room([&] { b.t.room->add_bot(b.t.anne, 1, "random", 2); });
  b.t.start_and_wait();
  b.t.commit_all();
  b.pause_ends();
  REQUIRE(b.thinkers.held() == 1);
  b.t.on_room([&] { b.t.room->close_room(b.t.anne, std::nullopt, 3); });
  b.t.commit_all();
  std::weak_ptr<Room> room = b.t.room;
  b.release();
  CHECK(b.stored().empty());
  CHECK(b.thinkers.asked == 1);
  CHECK_FALSE(b.clock.fire_next());  // nothing owed, nothing armed
  CHECK_FALSE(room.expired());       // the test's own reference; the job let its go
  CHECK(room.use_count() == 1);
}

TEST_CASE("a bot the pool has no room for is asked again after its pause") {
  BotTable b(Json{{"either", true}});
  b.t.on_room([&] { b.t.room->join(b.t.anne, 0, 1); });
  b.t.on_room([&] { b.t.room->add_bot(b.t.anne, 1, "random", 2); });
  b.t.start_and_wait();
  b.t.commit_all();
  b.thinkers.full = true;
  b.pause_ends();
  CHECK(b.thinkers.asked == 1);
  CHECK(b.thinkers.held() == 0);
  b.thinkers.full = false;
  b.pause_ends();  // asked again
  CHECK(b.thinkers.asked == 2);
  REQUIRE(b.thinkers.held() == 1);
  b.release();
  const auto stored = b.stored();
  REQUIRE(stored.size() == 1);
  CHECK(stored[0].first == 1);
}

}  // namespace tortuga::testing
