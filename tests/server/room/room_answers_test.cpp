// Every action has exactly one answer, whatever its sender does while it is being stored: the
// patch that carries it, or, to a sender that is not following the patches then (it waits for a
// state, or has left the room), `applied` with the version it landed in.
#include <doctest/doctest.h>

#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

const Json kAddOne = {{"type", "add"}, {"n", 1}};

// The messages answering request `re`, in order.
std::vector<Json> answers_to(const FakeClient& c, const Json& re) {
  std::vector<Json> out;
  for (const Json& m : c.received())
    if (m.contains("re") && m["re"] == re) out.push_back(m);
  return out;
}

// The types of what `c` was sent, with the re of those that answer a request.
std::vector<std::string> sequence(const FakeClient& c) {
  std::vector<std::string> out;
  for (const Json& m : c.received())
    out.push_back(m["type"].get<std::string>() + (m.contains("re") ? " " + m["re"].dump() : ""));
  return out;
}

std::shared_ptr<FakeClient> connection_of(const FakeClient& player) {
  auto other = std::make_shared<FakeClient>();
  other->welcome(player.player(), player.name());
  return other;
}

}  // namespace

TEST_CASE("an action followed at once by sync is answered, then the state comes") {
  Table t;
  t.seat_both_and_start();
  t.anne->clear();
  t.act(t.anne, kAddOne, "A");
  t.on_room([&] { t.room->sync(t.anne, "S"); });
  t.commit_all();
  const auto answer = answers_to(*t.anne, "A");
  REQUIRE(answer.size() == 1);
  CHECK(answer[0]["type"] == "applied");
  CHECK(answer[0]["version"] == 1);
  CHECK(answer[0]["match"] == t.ben->of_type("patch").at(0)["match"]);
  const auto state = answers_to(*t.anne, "S");
  REQUIRE(state.size() == 1);
  CHECK(state[0]["type"] == "state");
  CHECK(state[0]["version"] == 1);
  CHECK(state[0]["view"]["tally"] == 1);
  // No patch before the state: the state is the view.
  CHECK(sequence(*t.anne) == std::vector<std::string>{"applied \"A\"", "state \"S\""});
  CHECK(t.ben->of_type("patch").size() == 1);
}

TEST_CASE("an action followed at once by joining or watching again is answered") {
  Table t;
  t.seat_both_and_start();
  t.anne->clear();
  t.act(t.anne, kAddOne, "A");
  SUBCASE("join_room") {
    t.on_room([&] { t.room->join(t.anne, std::nullopt, "J"); });
  }
  SUBCASE("watch_room") {
    t.on_room([&] { t.room->watch(t.anne, "J"); });
  }
  t.commit_all();
  CHECK(sequence(*t.anne) == std::vector<std::string>{"room \"J\"", "applied \"A\"", "state"});
  CHECK(t.anne->of_type("state").at(0)["version"] == 1);
}

TEST_CASE("an action whose sender syncs behind another's is answered; the state covers both") {
  // Both seats may act at once: Ben's action is being stored when Anne asks for the view and
  // then acts herself. The state comes at the last version; the patches it covers never come.
  Table t(Json{{"either", true}});
  t.seat_both_and_start();
  t.anne->clear();
  t.act(t.ben, kAddOne, "B");
  t.on_room([&] { t.room->sync(t.anne, "S"); });
  t.act(t.anne, kAddOne, "A");
  t.commit_all();
  CHECK(sequence(*t.anne) == std::vector<std::string>{"applied \"A\"", "state \"S\""});
  CHECK(answers_to(*t.anne, "A").at(0)["version"] == 2);
  CHECK(answers_to(*t.anne, "S").at(0)["version"] == 2);
  CHECK(answers_to(*t.ben, "B").at(0)["type"] == "patch");
}

TEST_CASE("an action is answered when its sender has left the room meanwhile") {
  Table t;
  auto anne2 = connection_of(*t.anne);
  t.seat_both_and_start();
  t.on_room([&] { t.room->join(anne2, std::nullopt, "J2"); });
  t.anne->clear();
  t.act(t.anne, kAddOne, "A");
  SUBCASE("by itself") {
    t.on_room([&] { t.room->leave(t.anne, "L"); });
  }
  SUBCASE("by another connection of the player") {
    t.on_room([&] { t.room->leave(anne2, "L"); });
  }
  SUBCASE("removed by the operator") {
    t.on_room([&] {
      t.room->remove(t.anne->player(), Room::SeatAfter::bot, protocol::Reason{"cheating", ""},
                     [](Expected<Json>) {});
    });
  }
  t.commit_all();
  const auto answer = answers_to(*t.anne, "A");
  REQUIRE(answer.size() == 1);
  CHECK(answer[0]["type"] == "applied");
  CHECK(answer[0]["version"] == 1);
  CHECK(t.anne->of_type("patch").empty());
  CHECK(t.anne->of_type("state").empty());
}

TEST_CASE("an action is answered by its patch when another connection of the player drops") {
  Table t;
  auto anne2 = connection_of(*t.anne);
  t.seat_both_and_start();
  t.on_room([&] { t.room->join(anne2, std::nullopt, "J2"); });
  t.act(t.anne, kAddOne, "A");
  t.on_room([&] { t.room->disconnected(anne2); });
  t.commit_all();
  const auto answer = answers_to(*t.anne, "A");
  REQUIRE(answer.size() == 1);
  CHECK(answer[0]["type"] == "patch");
  CHECK(answer[0]["version"] == 1);
}

TEST_CASE("a sync still waiting for the store when its connection leaves is refused") {
  Table t;
  t.seat_both_and_start();
  t.anne->clear();
  t.act(t.anne, kAddOne, "A");
  t.on_room([&] { t.room->sync(t.anne, "S"); });
  t.on_room([&] { t.room->leave(t.anne, "L"); });
  t.commit_all();
  CHECK(sequence(*t.anne) ==
        std::vector<std::string>{"error \"S\"", "left \"L\"", "applied \"A\""});
  CHECK(answers_to(*t.anne, "S").at(0)["code"] == "not_in_room");
}

}  // namespace tortuga::testing
