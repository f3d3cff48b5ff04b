// A room whose store fails a write (room_store.cpp): the match waits, tells everyone so, answers
// each action it could not store, shows nothing it did not read, plays nothing while it waits,
// probes the store less and less often, and goes on from what the store holds once it writes
// again. Rooms run on a clock the tests move and behind a store the tests break and mend.
#include <doctest/doctest.h>

#include "server/ops/store_health.hpp"
#include "tests/server/manual_clock.hpp"
#include "tests/server/table.hpp"

namespace tortuga::testing {
namespace {

// Anne and Ben (a person, or a random bot) at a table of Tally, Anne first, on a clock of the
// test's, with no bot pause.
struct Outage {
  ManualClock clock;
  Table t{Json::object(), RoomSettings{0, &clock}};
  GatedStore* store = t.store.get();
  std::shared_ptr<Room>& room = t.room;
  std::shared_ptr<FakeClient>& anne = t.anne;
  std::shared_ptr<FakeClient>& ben = t.ben;
  std::int64_t match = 0;

  explicit Outage(bool ben_is_a_bot = false) {
    room->post([this] { room->join(anne, std::nullopt, 1); });
    if (ben_is_a_bot)
      room->post([this] { room->add_bot(anne, std::nullopt, "random", 2); });
    else
      room->post([this] { room->join(ben, std::nullopt, 2); });
    room->post([this] { room->start(anne, 3); });
    settle();
    REQUIRE(anne->of_type("state").size() == 1);
    match = anne->of_type("state")[0]["match"];
  }
  void settle() { t.settle(); }
  void act(const std::shared_ptr<FakeClient>& who, int n, Json id) {
    room->post([this, who, n, id] { room->act(who, {{"type", "add"}, {"n", n}}, id); });
    settle();
  }
  std::int64_t stored() {
    return static_cast<std::int64_t>(t.sqlite->actions(match).value().size());
  }
};

// The errors of `client` with `code`, and of them those answering `re` (null: pushed).
std::vector<Json> errors(const FakeClient& client, const std::string& code) {
  std::vector<Json> out;
  for (const Json& e : client.of_type("error"))
    if (e["code"] == code) out.push_back(e);
  return out;
}

std::vector<Json> answering(const FakeClient& client, const Json& re) {
  std::vector<Json> out;
  for (const Json& m : client.received())
    if (m.value("re", Json()) == re) out.push_back(m);
  return out;
}

TEST_CASE("a write the store fails: the match waits, says so, and answers the action unstored") {
  Outage o;
  o.act(o.anne, 1, "a1");
  o.store->release();
  o.settle();
  o.anne->clear();
  o.ben->clear();
  o.act(o.ben, 2, "b1");
  REQUIRE(o.store->held() == 1);
  o.store->full = true;
  o.store->release(false);
  o.settle();

  // Ben's action has its one answer: not stored.
  const auto answer = answering(*o.ben, "b1");
  REQUIRE(answer.size() == 1);
  CHECK(answer[0]["type"] == "error");
  CHECK(answer[0]["code"] == "store_unavailable");
  CHECK(answer[0]["room"] == 1);
  CHECK(answer[0]["match"] == o.match);
  // Everyone is told, once, that the match waits; nobody is shown a state or a patch.
  for (const auto* who : {o.anne.get(), o.ben.get()}) {
    const auto pushed = answering(*who, nullptr);
    REQUIRE(pushed.size() == 1);
    CHECK(pushed[0]["type"] == "error");
    CHECK(pushed[0]["code"] == "store_unavailable");
    CHECK(pushed[0]["match"] == o.match);
    CHECK(who->of_type("state").empty());
    CHECK(who->of_type("patch").empty());
  }
  CHECK(o.clock.armed() == 1);  // the store's probe, and nothing else
}

TEST_CASE("while the match waits nothing is played; the store is probed less and less often") {
  Outage o(/*ben_is_a_bot=*/true);
  o.act(o.anne, 1, "a1");
  REQUIRE(o.store->held() == 1);
  o.store->full = true;
  o.store->release(false);
  o.settle();
  o.anne->clear();

  // Anne plays meanwhile: refused, nothing applied or queued.
  o.act(o.anne, 1, "a2");
  const auto refused = answering(*o.anne, "a2");
  REQUIRE(refused.size() == 1);
  CHECK(refused[0]["code"] == "store_unavailable");
  CHECK(o.store->held() == 0);

  // The only timer armed is the store's probe (no bot's move, no clock); each failed probe
  // doubles the pause before the next, up to its longest.
  std::int64_t pause = StoreHealth::kFirstProbeMs;
  for (int probe = 0; probe < 8; ++probe) {
    REQUIRE(o.clock.armed() == 1);
    CHECK(o.clock.next_due() - o.clock.now_ms() == pause);
    REQUIRE(o.clock.fire_next());
    o.settle();
    CHECK(o.store->held() == 0);
    pause = std::min<std::int64_t>(pause * 2, StoreHealth::kLastProbeMs);
  }
  CHECK(o.anne->of_type("state").empty());
  CHECK(o.anne->of_type("patch").empty());
  CHECK(o.stored() == 0);
}

TEST_CASE("once the store writes again the match goes on from what it holds") {
  Outage o;
  o.act(o.anne, 1, "a1");
  o.store->release();
  o.settle();
  o.act(o.ben, 2, "b1");
  o.store->full = true;
  o.store->release(false);
  o.settle();
  REQUIRE(o.clock.fire_next());  // a probe, which fails
  o.settle();
  o.anne->clear();
  o.ben->clear();

  o.store->full = false;
  REQUIRE(o.clock.fire_next());
  o.settle();
  // Each gets the state the store holds: version 1, Ben to add again.
  for (const auto* who : {o.anne.get(), o.ben.get()}) {
    const auto states = who->of_type("state");
    REQUIRE(states.size() == 1);
    CHECK(states[0]["version"] == 1);
    CHECK(states[0]["view"]["tally"] == 1);
    CHECK(states[0].value("re", Json()) == nullptr);
  }
  CHECK(o.clock.armed() == 0);
  o.act(o.ben, 2, "b2");
  REQUIRE(o.store->held() == 1);
  o.store->release();
  o.settle();
  CHECK(answering(*o.ben, "b2")[0]["type"] == "patch");
  CHECK(o.stored() == 2);
}

TEST_CASE("a match whose log cannot be read shows nothing: it waits until the store reads") {
  Outage o;
  o.act(o.anne, 1, "a1");
  o.store->release();
  o.settle();
  o.act(o.ben, 2, "b1");
  // The database went away: the write fails, and so does the read of the log.
  o.store->unreadable = true;
  o.store->release(false);
  o.settle();
  o.anne->clear();
  REQUIRE(o.clock.fire_next());  // the probe passes (the writer reconnected), the read does not
  o.settle();
  // Before, the failed read was an empty log, and everyone was sent the match's start.
  CHECK(o.anne->of_type("state").empty());
  REQUIRE(o.clock.armed() == 1);  // probing on
  o.store->unreadable = false;
  REQUIRE(o.clock.fire_next());
  o.settle();
  const auto states = o.anne->of_type("state");
  REQUIRE(states.size() == 1);
  CHECK(states[0]["version"] == 1);
}

TEST_CASE("asked for the match while it waits, a member is told so and gets the state after") {
  Outage o;
  o.act(o.anne, 1, "a1");
  o.store->full = true;
  o.store->release(false);
  o.settle();
  o.anne->clear();
  // A sync, and a second connection of Ben's coming in, while the match waits.
  auto ben_again = std::make_shared<FakeClient>();
  ben_again->welcome(o.ben->player(), "Ben");
  o.room->post([&] { o.room->sync(o.anne, "s1"); });
  o.room->post([&] { o.room->join(ben_again, std::nullopt, "j1"); });
  o.settle();
  const auto synced = answering(*o.anne, "s1");
  REQUIRE(synced.size() == 1);
  CHECK(synced[0]["code"] == "store_unavailable");
  CHECK(answering(*ben_again, "j1")[0]["type"] == "room");
  CHECK(ben_again->of_type("state").empty());
  CHECK(errors(*ben_again, "store_unavailable").size() == 1);

  o.store->full = false;
  REQUIRE(o.clock.fire_next());
  o.settle();
  CHECK(o.anne->of_type("state").size() == 1);
  CHECK(ben_again->of_type("state").size() == 1);
  CHECK(ben_again->of_type("state")[0]["version"] == 0);
}

TEST_CASE("a bot's move the store fails is played again once the store is back, not before") {
  Outage o(/*ben_is_a_bot=*/true);
  o.act(o.anne, 1, "a1");
  o.store->release();
  o.settle();
  REQUIRE(o.clock.fire_next());  // the bot's pause
  o.settle();
  REQUIRE(o.store->held() == 1);
  o.store->full = true;
  o.store->release(false);
  o.settle();
  for (int i = 0; i < 3; ++i) {  // the store stays full: the bot plays nothing
    REQUIRE(o.clock.armed() == 1);
    REQUIRE(o.clock.fire_next());
    o.settle();
    REQUIRE(o.store->held() == 0);
  }
  o.store->full = false;
  REQUIRE(o.clock.fire_next());  // the probe commits: the match goes on, the bot's turn again
  o.settle();
  REQUIRE(o.clock.fire_next());
  o.settle();
  REQUIRE(o.store->held() == 1);
  o.store->release();
  o.settle();
  CHECK(o.stored() == 2);
}

}  // namespace
}  // namespace tortuga::testing
