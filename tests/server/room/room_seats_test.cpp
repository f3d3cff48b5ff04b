// A seat belongs to a player, never to a connection: a player who leaves or is removed takes every
// connection of theirs out of the room, so that none of them is left at a seat another player may
// take next; and a player who gave up a finished match's seat is not given it back.
#include <doctest/doctest.h>

#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

Json last_of(const FakeClient& c, const std::string& type) {
  auto all = c.of_type(type);
  return all.empty() ? Json() : all.back();
}

std::shared_ptr<FakeClient> connection_of(const FakeClient& player) {
  auto other = std::make_shared<FakeClient>();
  other->welcome(player.player(), player.name());
  return other;
}

std::shared_ptr<FakeClient> new_player(Table& t, const std::string& name) {
  auto client = std::make_shared<FakeClient>();
  client->welcome(t.sqlite->create_player(name, "h-" + name).value().id, name);
  return client;
}

// Anne, Ben, Anne add 2 each: Tally ends at 6.
void play_to_the_end(Table& t) {
  for (const auto& who : {t.anne, t.ben, t.anne}) {
    t.act(who, {{"type", "add"}, {"n", 2}});
    t.commit_all();
  }
  REQUIRE(last_of(*t.anne, "room")["room"]["status"] == "over");
}

// Every request a seated connection can make of the room, each refused with not_in_room.
void check_refused_everything(Table& t, const std::shared_ptr<FakeClient>& stale) {
  stale->clear();
  t.on_room([&] { t.room->act(stale, {{"type", "add"}, {"n", 1}}, "act"); });
  t.on_room([&] { t.room->sync(stale, "sync"); });
  t.on_room([&] { t.room->chat(stale, "hello", "chat"); });
  t.on_room([&] { t.room->mute(stale, t.anne->player(), true, "mute"); });
  t.on_room([&] { t.room->rematch(stale, "rematch"); });
  t.commit_all();
  const auto got = stale->received();
  REQUIRE(got.size() == 5);
  for (const Json& m : got) {
    INFO(m.dump());
    CHECK(m.value("type", "") == "error");
    CHECK(m.value("code", "") == "not_in_room");
  }
}

}  // namespace

TEST_CASE("a player who leaves an open room takes every connection along: none inherits the seat") {
  Table t;
  auto ben2 = connection_of(*t.ben);
  auto cleo = new_player(t, "Cleo");
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 2); });
  t.on_room([&] { t.room->join(ben2, std::nullopt, 3); });  // a second tab: the same seat
  CHECK(last_of(*ben2, "room")["you"]["seat"] == 1);

  t.on_room([&] { t.room->leave(t.ben, 4); });
  CHECK(last_of(*t.ben, "left")["re"] == 4);
  const Json told = last_of(*ben2, "left");
  CHECK(told["room"] == 1);
  CHECK_FALSE(told.contains("re"));

  // Cleo takes the seat Ben gave up, and the match starts.
  t.on_room([&] { t.room->join(cleo, std::nullopt, 5); });
  CHECK(last_of(*cleo, "room")["you"]["seat"] == 1);
  ben2->clear();
  t.start_and_wait();
  t.commit_all();
  CHECK(last_of(*cleo, "state")["view"]["seat"] == 1);
  // Ben's other tab hears nothing of the room now, Cleo's hand least of all.
  CHECK(ben2->received().empty());
  check_refused_everything(t, ben2);
  // Cleo's seat is hers alone: she plays it.
  t.act(t.anne, {{"type", "add"}, {"n", 1}});
  t.commit_all();
  t.act(cleo, {{"type", "add"}, {"n", 1}}, "mine");
  t.commit_all();
  CHECK(last_of(*cleo, "patch")["re"] == "mine");
  CHECK(ben2->received().size() == 5);  // the refusals above, nothing since
}

TEST_CASE("a player who leaves a running match takes every connection along, and may come back") {
  Table t;
  auto ben2 = connection_of(*t.ben);
  t.seat_both_and_start();
  t.on_room([&] { t.room->join(ben2, std::nullopt, 3); });
  t.on_room([&] { t.room->leave(ben2, 4); });
  CHECK(last_of(*ben2, "left")["re"] == 4);
  CHECK_FALSE(last_of(*t.ben, "left").contains("re"));
  const Json seat = last_of(*t.anne, "room")["room"]["seats"][1];
  CHECK(seat["player"]["id"] == t.ben->player());  // still his seat
  CHECK(seat["connected"] == false);               // but nobody of his is here
  CHECK(seat["away_since_ms"].is_number());
  check_refused_everything(t, t.ben);
  // Back with join_room: the seat and its view are his again.
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 5); });
  CHECK(last_of(*t.ben, "room")["you"]["seat"] == 1);
  CHECK(last_of(*t.ben, "state")["view"]["seat"] == 1);
}

TEST_CASE("a removed player loses every connection in the room, the watching ones too") {
  Table t;
  auto ben2 = connection_of(*t.ben);
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->watch(ben2, 2); });  // Ben watches before he sits down elsewhere
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 3); });
  CHECK(last_of(*ben2, "room")["you"]["spectator"] == true);
  t.on_room([&] { t.room->remove_player(t.anne, t.ben->player(), 4); });
  for (const auto& c : {t.ben, ben2}) {
    const Json removed = last_of(*c, "removed");
    CHECK(removed["seat"] == 1);
    CHECK(removed["by"] == "host");
  }
  CHECK(last_of(*t.anne, "room")["room"]["spectators"] == 0);
  ben2->clear();
  t.on_room([&] { t.room->chat(ben2, "still here?", 5); });
  CHECK(last_of(*ben2, "error")["code"] == "not_in_room");
  CHECK(t.anne->of_type("chat").empty());
}

TEST_CASE("a player away from a seat another player took is no reason to refuse a stand-in") {
  Table t;
  auto ben2 = connection_of(*t.ben);
  auto cleo = new_player(t, "Cleo");
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 2); });
  t.on_room([&] { t.room->join(ben2, std::nullopt, 3); });
  t.on_room([&] { t.room->leave(t.ben, 4); });
  t.on_room([&] { t.room->join(cleo, std::nullopt, 5); });
  t.start_and_wait();
  t.commit_all();
  // Cleo goes; Ben's old tab does not make her seat look taken by someone present.
  t.on_room([&] { t.room->disconnected(cleo); });
  const Json seat = last_of(*t.anne, "room")["room"]["seats"][1];
  CHECK(seat["player"]["id"] == cleo->player());
  CHECK(seat["connected"] == false);
  t.on_room([&] { t.room->stand_in(t.anne, 1, "random", 6); });
  const Json stood = last_of(*t.anne, "room");
  CHECK(stood["re"] == 6);
  CHECK(stood["room"]["seats"][1]["stand_in"] == "random");
}

TEST_CASE("a player who left a finished match is not seated again, nor can be asked to rematch") {
  Table t;
  auto ben2 = connection_of(*t.ben);
  t.seat_both_and_start();
  t.on_room([&] { t.room->join(ben2, std::nullopt, 3); });
  play_to_the_end(t);
  t.on_room([&] { t.room->leave(t.ben, 4); });
  CHECK(last_of(*ben2, "left")["room"] == 1);
  check_refused_everything(t, ben2);
  // Coming back, he may watch but not sit: the seat keeps his name as history has it.
  t.on_room([&] { t.room->join(ben2, 1, 5); });
  CHECK(last_of(*ben2, "error")["code"] == "already_started");
  t.on_room([&] { t.room->watch(ben2, 6); });
  const Json watching = last_of(*ben2, "room");
  CHECK(watching["re"] == 6);
  CHECK(watching["you"]["spectator"] == true);
  CHECK(watching["room"]["seats"][1]["player"]["id"] == t.ben->player());
  CHECK(last_of(*ben2, "state")["view"]["seat"].is_null());
  t.on_room([&] { t.room->rematch(t.anne, 7); });
  CHECK(last_of(*t.anne, "error")["code"] == "not_enough_players");
}

TEST_CASE(
    "a player removed from a finished match is not seated again, nor can be asked to rematch") {
  Table t;
  t.seat_both_and_start();
  play_to_the_end(t);
  t.on_room([&] { t.room->rematch(t.ben, 3); });  // offered, then the host removes him
  t.on_room([&] { t.room->remove_player(t.anne, t.ben->player(), 4); });
  CHECK(last_of(*t.ben, "removed")["seat"] == 1);
  CHECK(last_of(*t.anne, "room")["room"]["rematch"].is_null());
  // Kept out of the room; and once the host lets him in again, the seat he gave up is not his.
  auto back = connection_of(*t.ben);
  t.on_room([&] { t.room->join(back, std::nullopt, 5); });
  CHECK(last_of(*back, "error")["code"] == "banned");
  t.on_room([&] { t.room->allow_player(t.anne, t.ben->player(), 8); });
  t.on_room([&] { t.room->join(back, std::nullopt, 9); });
  CHECK(last_of(*back, "error")["code"] == "already_started");
  t.on_room([&] { t.room->rematch(t.anne, 6); });
  CHECK(last_of(*t.anne, "error")["code"] == "not_enough_players");
  // Nor may the host hand the role to him.
  t.on_room([&] { t.room->transfer_host(t.anne, t.ben->player(), 7); });
  CHECK(last_of(*t.anne, "error")["code"] == "not_in_room");
}

}  // namespace tortuga::testing
