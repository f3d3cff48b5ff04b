// The rematch: offered once the match is over by any seated person, accepted by every other
// seated person, declined by leaving; bots stay; the new match starts afresh in the same room.
#include <doctest/doctest.h>

#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

Json last_of(const FakeClient& c, const std::string& type) {
  auto all = c.of_type(type);
  return all.empty() ? Json() : all.back();
}

// Anne, Ben, Anne add 2 each: Tally ends at 6.
void play_to_the_end(Table& t) {
  t.act(t.anne, {{"type", "add"}, {"n", 2}});
  t.commit_all();
  t.act(t.ben, {{"type", "add"}, {"n", 2}});
  t.commit_all();
  t.act(t.anne, {{"type", "add"}, {"n", 2}});
  t.commit_all();
  REQUIRE(last_of(*t.anne, "room")["room"]["status"] == "over");
}

void wait_for_new_match(Table& t, std::int64_t old_match) {
  REQUIRE(run_until(t.io, [&] {
    const Json last = last_of(*t.anne, "room");
    if (last.is_null()) return false;  // no room message since the test cleared the client's
    const Json& room = last["room"];
    return room["status"] == "playing" && room["match"] != old_match;
  }));
  t.commit_all();
}

}  // namespace

TEST_CASE("a rematch starts when every seated person has accepted, with the same seats") {
  Table t;
  auto cy = std::make_shared<FakeClient>();
  cy->welcome(t.sqlite->create_player("Cy", "h3").value().id, "Cy");
  t.seat_both_and_start();
  t.on_room([&] { t.room->watch(cy, 1); });
  const std::int64_t first = last_of(*t.anne, "state")["match"];
  t.on_room([&] { t.room->rematch(t.ben, 2); });
  CHECK(last_of(*t.ben, "error")["code"] == "not_over");
  play_to_the_end(t);

  t.on_room([&] { t.room->rematch(cy, 3); });
  CHECK(last_of(*cy, "error")["code"] == "not_your_seat");
  t.on_room([&] { t.room->rematch(t.ben, 4); });
  const Json offered = last_of(*t.anne, "room")["room"];
  CHECK(offered["status"] == "over");
  CHECK(offered["rematch"] == Json{{"by", t.ben->player()}, {"accepted", {t.ben->player()}}});
  CHECK(last_of(*t.ben, "room")["re"] == 4);

  t.anne->clear();
  t.on_room([&] { t.room->rematch(t.anne, 5); });
  wait_for_new_match(t, first);
  const Json room = last_of(*t.anne, "room")["room"];
  CHECK(room["rematch"].is_null());
  CHECK(room["seats"][0]["player"]["id"] == t.anne->player());
  CHECK(room["seats"][1]["player"]["id"] == t.ben->player());
  const std::int64_t second = room["match"];
  // Everyone, the spectator too, has the new match's first view.
  for (const auto& c : {t.anne, t.ben, cy}) {
    const Json state = last_of(*c, "state");
    CHECK(state["match"] == second);
    CHECK(state["version"] == 0);
  }
  // It plays like the first, versions from 1.
  t.act(t.anne, {{"type", "add"}, {"n", 1}});
  t.commit_all();
  CHECK(last_of(*t.ben, "patch")["version"] == 1);
  CHECK(last_of(*t.ben, "patch")["match"] == second);
  t.store->flush();
  CHECK(t.store->match(first).value()->status == store::MatchStatus::finished);
  CHECK(t.store->match(second).value()->seats.size() == 2);
}

TEST_CASE("leaving the finished match declines the rematch: the same seats cannot meet again") {
  Table t;
  t.seat_both_and_start();
  play_to_the_end(t);
  t.on_room([&] { t.room->rematch(t.anne, 1); });
  CHECK_FALSE(last_of(*t.anne, "room")["room"]["rematch"].is_null());
  t.on_room([&] { t.room->leave(t.ben, 2); });
  CHECK(last_of(*t.anne, "room")["room"]["rematch"].is_null());
  t.on_room([&] { t.room->rematch(t.anne, 3); });
  CHECK(last_of(*t.anne, "error")["code"] == "not_enough_players");
  CHECK(last_of(*t.anne, "room")["room"]["status"] == "over");
}

TEST_CASE("bots stay for the rematch, and need not be asked") {
  Table t;
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->add_bot(t.anne, 1, "smart", 2); });
  t.start_and_wait();
  const std::int64_t first = last_of(*t.anne, "state")["match"];
  REQUIRE(run_until(t.io, [&] {
    while (t.store->held()) t.store->release();
    if (latest_view(*t.anne)["to_act"] == Json::array({0}))
      t.act(t.anne, {{"type", "add"}, {"n", 2}}, 7);
    return last_of(*t.anne, "room")["room"]["status"] == "over";
  }));
  t.on_room([&] { t.room->rematch(t.anne, 3); });
  wait_for_new_match(t, first);
  CHECK(last_of(*t.anne, "room")["room"]["seats"][1]["bot"] == "smart");
}

}  // namespace tortuga::testing
