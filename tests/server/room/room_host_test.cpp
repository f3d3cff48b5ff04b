// The host's controls at the table: passing the role on (by hand, and by itself when the host
// leaves), removing a player, closing the room, and a stand-in bot for an absent player who then
// gets the seat back.
#include <doctest/doctest.h>

#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

Json last_of(const FakeClient& c, const std::string& type) {
  auto all = c.of_type(type);
  return all.empty() ? Json() : all.back();
}

Json room_now(const FakeClient& c) {
  return last_of(c, "room")["room"];
}

// Runs the room (and its store) until `done` holds.
template <class P>
void settle_until(Table& t, P done) {
  REQUIRE(run_until(t.io, [&] {
    while (t.store->held()) t.store->release();
    return done();
  }));
  t.commit_all();
}

}  // namespace

TEST_CASE("only the host uses the host's controls: anyone else is told not_host") {
  Table t;
  t.seat_both_and_start();
  const Json before = room_now(*t.ben);
  t.on_room([&] { t.room->transfer_host(t.ben, t.ben->player(), 1); });
  t.on_room([&] { t.room->remove_player(t.ben, t.anne->player(), 2); });
  t.on_room([&] { t.room->close_room(t.ben, std::nullopt, 3); });
  t.on_room([&] { t.room->stand_in(t.ben, 0, "smart", 4); });
  const auto errors = t.ben->of_type("error");
  REQUIRE(errors.size() == 4);
  for (int i = 0; i < 4; ++i) {
    CHECK(errors[i]["code"] == "not_host");
    CHECK(errors[i]["re"] == i + 1);
  }
  CHECK(room_now(*t.ben) == before);
  CHECK(t.anne->of_type("room_closed").empty());
}

TEST_CASE("the host passes the role to a seated person, and only to one") {
  Table t;
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 2); });
  t.on_room([&] { t.room->transfer_host(t.anne, 99, 3); });
  CHECK(last_of(*t.anne, "error")["code"] == "not_in_room");
  t.on_room([&] { t.room->transfer_host(t.anne, t.ben->player(), 4); });
  CHECK(last_of(*t.anne, "room")["re"] == 4);
  CHECK(room_now(*t.ben)["host"] == t.ben->player());
  t.on_room([&] { t.room->add_bot(t.anne, 1, "smart", 5); });
  CHECK(last_of(*t.anne, "error")["code"] == "not_host");
}

TEST_CASE("a host who leaves hands the role to the next person here; one who drops keeps it") {
  Table t;
  t.seat_both_and_start();
  t.on_room([&] { t.room->disconnected(t.anne); });  // a reload must not cost the role
  CHECK(room_now(*t.ben)["host"] == t.anne->player());
  auto anne = std::make_shared<FakeClient>();
  anne->welcome(t.anne->player(), "Anne");
  t.on_room([&] { t.room->resume(anne); });
  t.on_room([&] { t.room->leave(anne, 6); });
  CHECK(room_now(*t.ben)["host"] == t.ben->player());
  // The seat stays hers in a running match.
  CHECK(room_now(*t.ben)["seats"][0]["player"]["id"] == t.anne->player());
}

// One table of the test below. The stand-in plays at random: when its two moves add 2 each, Ben's
// next action ends the match before Anne's turn, and there is nothing left to check (false).
bool stand_in_gives_the_seat_back() {
  Table t;
  t.seat_both_and_start();
  t.on_room([&] { t.room->stand_in(t.anne, 1, "smart", 1); });
  CHECK(last_of(*t.anne, "error")["code"] == "player_present");
  t.on_room([&] { t.room->transfer_host(t.anne, t.ben->player(), 2); });
  t.on_room([&] { t.room->disconnected(t.anne); });
  // Nobody plays for Anne until the host says so.
  t.commit_all();
  CHECK(latest_view(*t.ben)["step"] == 0);

  t.on_room([&] { t.room->stand_in(t.ben, 0, "random", 3); });
  const Json seat = room_now(*t.ben)["seats"][0];
  CHECK(seat["stand_in"] == "random");
  CHECK(seat["player"]["id"] == t.anne->player());  // still hers
  CHECK(seat["connected"] == false);
  settle_until(t, [&] { return latest_view(*t.ben)["step"] == 1; });
  t.act(t.ben, {{"type", "add"}, {"n", 1}}, 4);
  settle_until(t, [&] { return latest_view(*t.ben)["step"] == 3; });  // the stand-in again

  auto anne = std::make_shared<FakeClient>();
  anne->welcome(t.anne->player(), "Anne");
  t.on_room([&] { t.room->resume(anne); });
  CHECK(room_now(*anne)["seats"][0]["stand_in"].is_null());
  CHECK(room_now(*anne)["seats"][0]["connected"] == true);
  t.act(t.ben, {{"type", "add"}, {"n", 1}}, 5);
  t.commit_all();
  run_until(
      t.io, [] { return false; }, std::chrono::milliseconds(50));
  t.commit_all();
  // Her turn, and no bot takes it: the seat is hers again.
  CHECK(latest_view(*anne)["step"] == 4);
  if (latest_view(*anne)["over"] == true) return false;
  CHECK(latest_view(*anne)["to_act"] == Json::array({0}));
  t.act(anne, {{"type", "add"}, {"n", 1}}, 6);
  t.commit_all();
  CHECK(latest_view(*t.ben)["step"] == 5);
  return true;
}

TEST_CASE("a stand-in bot plays an absent player's seat until the player returns to it") {
  int tables = 1;
  while (!stand_in_gives_the_seat_back()) REQUIRE(++tables <= 20);  // 1 in 4 ends early
}

TEST_CASE("a stand-in needs a running match and a person's seat") {
  Table t;
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->add_bot(t.anne, 1, "smart", 2); });
  t.on_room([&] { t.room->stand_in(t.anne, 1, "smart", 3); });
  CHECK(last_of(*t.anne, "error")["code"] == "not_playing");
  t.start_and_wait();
  t.on_room([&] { t.room->stand_in(t.anne, 1, "smart", 4); });
  CHECK(last_of(*t.anne, "error")["code"] == "bad_field");
  t.on_room([&] { t.room->stand_in(t.anne, 5, "smart", 5); });
  CHECK(last_of(*t.anne, "error")["code"] == "bad_field");
}

TEST_CASE("the host removes a player: before the start the seat is free again") {
  Table t;
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 2); });
  t.on_room([&] { t.room->remove_player(t.anne, t.anne->player(), 3); });
  CHECK(last_of(*t.anne, "error")["code"] == "bad_field");
  t.on_room([&] { t.room->remove_player(t.anne, t.ben->player(), 4); });
  const Json removed = last_of(*t.ben, "removed");
  CHECK(removed["seat"] == 1);
  CHECK(removed["by"] == "host");
  CHECK(last_of(*t.anne, "room")["re"] == 4);
  CHECK(room_now(*t.anne)["seats"][1]["player"].is_null());
  CHECK(room_now(*t.anne)["seats"][1]["bot"].is_null());
}

TEST_CASE("the host removes a player from a running match: a bot takes the seat for good") {
  Table t;
  t.seat_both_and_start();
  t.on_room([&] { t.room->remove_player(t.anne, t.ben->player(), 4); });
  CHECK(last_of(*t.ben, "removed")["by"] == "host");
  CHECK(room_now(*t.anne)["seats"][1]["bot"] == "smart");
  t.act(t.anne, {{"type", "add"}, {"n", 1}});
  settle_until(t, [&] { return latest_view(*t.anne)["step"] == 2; });  // the bot answered
}

TEST_CASE("the host closes the room: the match is aborted and everyone is told why, and by whom") {
  Table t;
  t.seat_both_and_start();
  const std::int64_t match = last_of(*t.anne, "state")["match"];
  t.on_room([&] { t.room->close_room(t.anne, "time for bed", 7); });
  REQUIRE(run_until(t.io, [&] { return !t.anne->of_type("left").empty(); }));
  const Json closed = last_of(*t.ben, "room_closed");
  CHECK(closed["reason"] == "time for bed");
  CHECK(closed["by"] == "host");
  CHECK(closed["match"] == match);
  CHECK(last_of(*t.anne, "room_closed")["reason"] == "time for bed");
  CHECK(last_of(*t.anne, "left")["re"] == 7);
  t.store->flush();
  CHECK(t.store->match(match).value()->status == store::MatchStatus::aborted);
  t.on_room([&] { t.room->chat(t.ben, "hello?", 8); });
  CHECK(last_of(*t.ben, "error")["code"] == "no_such_room");
}

}  // namespace tortuga::testing
