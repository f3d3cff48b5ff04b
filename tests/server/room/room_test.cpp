#include <doctest/doctest.h>

#include <set>

#include "tests/server/table.hpp"

namespace tortuga::testing {

TEST_CASE("starting a room sends every seat its own view at version 0") {
  Table t;
  t.seat_both_and_start();
  auto anne_states = t.anne->of_type("state");
  auto ben_states = t.ben->of_type("state");
  REQUIRE(anne_states.size() == 1);
  REQUIRE(ben_states.size() == 1);
  CHECK(anne_states[0]["version"] == 0);
  CHECK(anne_states[0]["view"]["seat"] == 0);
  CHECK(ben_states[0]["view"]["seat"] == 1);
  CHECK(anne_states[0]["view"]["legal"].size() == 2);
  CHECK(ben_states[0]["view"]["legal"].empty());
  // Each sees its own secret, never the other's.
  CHECK(anne_states[0]["view"]["secret"].get<int>() < 200);
  CHECK(ben_states[0]["view"]["secret"].get<int>() >= 300);
}

TEST_CASE("no patch leaves the room before the store has committed its action") {
  Table t;
  t.seat_both_and_start();
  t.act(t.anne, {{"type", "add"}, {"n", 2}});
  REQUIRE(t.store->held() == 1);
  CHECK(t.anne->of_type("patch").empty());
  CHECK(t.ben->of_type("patch").empty());

  t.store->release();
  REQUIRE(run_until(t.io, [&] { return t.ben->of_type("patch").size() == 1; }));
  auto patch = t.ben->of_type("patch")[0];
  CHECK(patch["version"] == 1);
  CHECK(t.sqlite->actions(patch["match"].get<std::int64_t>()).value().size() == 1);
}

TEST_CASE("the patch that carries an action answers its sender's request, and only the sender's") {
  Table t;
  t.seat_both_and_start();
  t.act(t.anne, {{"type", "add"}, {"n", 2}}, "a1");
  t.commit_all();
  REQUIRE(run_until(t.io, [&] { return t.anne->of_type("patch").size() == 1; }));
  const Json mine = t.anne->of_type("patch")[0];
  const Json theirs = t.ben->of_type("patch")[0];
  CHECK(mine["re"] == "a1");
  CHECK_FALSE(theirs.contains("re"));
  CHECK(mine["version"] == theirs["version"]);
  // An action sent without an id is answered by a patch without re.
  t.act(t.ben, {{"type", "add"}, {"n", 1}}, nullptr);
  t.commit_all();
  REQUIRE(run_until(t.io, [&] { return t.ben->of_type("patch").size() == 2; }));
  CHECK_FALSE(t.ben->of_type("patch")[1].contains("re"));
}

TEST_CASE("each audience's patches take its previous view to its new view") {
  Table t;
  t.seat_both_and_start();
  t.act(t.anne, {{"type", "add"}, {"n", 1}});
  t.commit_all();
  t.act(t.ben, {{"type", "add"}, {"n", 2}});
  t.commit_all();
  Json anne = latest_view(*t.anne), ben = latest_view(*t.ben);
  CHECK(anne["tally"] == 3);
  CHECK(ben["tally"] == 3);
  CHECK(anne["step"] == 2);
  CHECK(anne["to_act"] == Json::array({0}));
  CHECK(anne["legal"].size() == 2);
  CHECK(ben["legal"].empty());
  CHECK(anne["secret"] != ben["secret"]);
  auto versions = t.ben->of_type("patch");
  REQUIRE(versions.size() == 2);
  CHECK(versions[0]["version"] == 1);
  CHECK(versions[1]["version"] == 2);
}

TEST_CASE("a board shared by every audience is patched once and still rebuilds each view") {
  Table t(Json{{"open_hands", true}});
  auto spectator = std::make_shared<FakeClient>();
  spectator->welcome(99, "Cleo");
  t.seat_both_and_start();
  t.on_room([&] { t.room->watch(spectator, 5); });
  for (int n : {1, 2, 1, 2}) {
    Json view = latest_view(*t.anne);
    auto& who = view["legal"].empty() ? t.ben : t.anne;
    t.act(who, {{"type", "add"}, {"n", n}});
    t.commit_all();
  }
  // Every audience's patches, applied in order, give exactly the view the state gives now.
  Json anne = latest_view(*t.anne), ben = latest_view(*t.ben), cleo = latest_view(*spectator);
  CHECK(anne["history"] == Json::array({1, 2, 1, 2}));
  CHECK(anne["tally"] == 6);
  CHECK(anne["over"] == true);
  CHECK(anne["seat"] == 0);
  CHECK(ben["seat"] == 1);
  CHECK(cleo["seat"].is_null());
  CHECK(anne["secrets"] == ben["secrets"]);
  anne.erase("seat");
  ben.erase("seat");
  cleo.erase("seat");
  CHECK(anne == ben);
  CHECK(anne == cleo);
  // A sync after the end gives the same view the patches built.
  t.anne->clear();
  t.on_room([&] { t.room->sync(t.anne, "s"); });
  Json synced = t.anne->of_type("state").at(0)["view"];
  synced.erase("seat");
  CHECK(synced == anne);
}

TEST_CASE("a board whose changes the game names is patched with them, or resent whole") {
  // Tally names the changes of the actions that leave the tally even. After a named change the
  // room has no board to diff the next, unnamed one from: it sends every audience its whole view.
  Table t(Json{{"open_hands", true}, {"named_changes", true}});
  auto spectator = std::make_shared<FakeClient>();
  spectator->welcome(99, "Cleo");
  t.seat_both_and_start();
  t.on_room([&] { t.room->watch(spectator, 5); });
  for (int n : {1, 1, 1, 2, 1}) {  // tallies 1, 2 (named), 3 (resent whole), 5, 6 (named)
    auto& who = latest_view(*t.anne)["legal"].empty() ? t.ben : t.anne;
    t.act(who, {{"type", "add"}, {"n", n}}, n);
    t.commit_all();
  }
  std::vector<std::string> kinds;
  for (const Json& m : spectator->received()) {
    if (m["type"] != "state" && m["type"] != "patch") continue;
    kinds.push_back(m["type"].get<std::string>() + " " + m["version"].dump());
  }
  CHECK(kinds ==
        std::vector<std::string>{"state 0", "patch 1", "patch 2", "state 3", "patch 4", "patch 5"});
  // The named ops are the game's own: the history grows by one element.
  CHECK(spectator->of_type("patch").at(1)["ops"].at(0) ==
        Json{{"op", "add"}, {"path", "/history/1"}, {"value", 1}});
  // The action resent whole still answers its sender's request.
  CHECK(t.anne->of_type("state").back()["re"] == 1);
  // Every audience's messages, in order, give exactly the view a sync gives now.
  for (const auto& client : {t.anne, t.ben, spectator}) {
    const Json built = latest_view(*client);
    CHECK(built["history"] == Json::array({1, 1, 1, 2, 1}));
    CHECK(built["over"] == true);
    client->clear();
    t.on_room([&] { t.room->sync(client, "s"); });
    CHECK(client->of_type("state").at(0)["view"] == built);
  }
}

TEST_CASE("refused actions are typed errors echoing the request id and change nothing") {
  Table t;
  t.seat_both_and_start();
  t.act(t.ben, {{"type", "add"}, {"n", 1}}, "b1");
  t.act(t.anne, {{"type", "add"}, {"n", 3}}, "a1");
  t.act(t.anne, Json::array(), "a2");
  auto ben_errors = t.ben->of_type("error");
  auto anne_errors = t.anne->of_type("error");
  REQUIRE(ben_errors.size() == 1);
  CHECK(ben_errors[0]["code"] == "not_your_turn");
  CHECK(ben_errors[0]["re"] == "b1");
  REQUIRE(anne_errors.size() == 2);
  CHECK(anne_errors[0]["code"] == "illegal_action");
  CHECK(anne_errors[1]["code"] == "bad_action");
  CHECK(t.store->held() == 0);

  auto spectator = std::make_shared<FakeClient>();
  spectator->welcome(99, "Cleo");
  t.on_room([&] { t.room->watch(spectator, 5); });
  t.act(spectator, {{"type", "add"}, {"n", 1}}, "s1");
  REQUIRE(spectator->of_type("error").size() == 1);
  CHECK(spectator->of_type("error")[0]["code"] == "not_your_seat");
  // The spectator's view holds no secret at all.
  CHECK_FALSE(spectator->of_type("state")[0]["view"].contains("secret"));
}

TEST_CASE("a write the store refuses: the room waits, then goes on from the log, resyncing all") {
  Table t;
  t.seat_both_and_start();
  t.act(t.anne, {{"type", "add"}, {"n", 1}});
  t.commit_all();
  t.act(t.ben, {{"type", "add"}, {"n", 2}});
  REQUIRE(t.store->held() == 1);
  t.anne->clear();
  t.store->release(false);
  // Told at once that the match waits; its state once the store has written again.
  REQUIRE(run_until(t.io, [&] { return !t.anne->of_type("state").empty(); }));
  REQUIRE(t.anne->of_type("error").size() == 1);
  CHECK(t.anne->of_type("error")[0]["code"] == "store_unavailable");
  auto state = t.anne->of_type("state")[0];
  CHECK(state["version"] == 1);
  CHECK(state["view"]["tally"] == 1);
  CHECK(t.anne->of_type("patch").empty());
  // The match goes on from the stored truth: Ben is to act again.
  t.act(t.ben, {{"type", "add"}, {"n", 1}});
  t.commit_all();
  CHECK(latest_view(*t.anne)["tally"] == 2);
}

TEST_CASE("a passed deadline becomes a logged timeout action") {
  Table t(Json{{"clock_ms", 30}});
  t.seat_both_and_start();
  REQUIRE(run_until(t.io, [&] {
    while (t.store->held()) t.store->release();
    return !t.ben->of_type("patch").empty();
  }));
  auto patch = t.ben->of_type("patch")[0];
  auto log = t.sqlite->actions(patch["match"].get<std::int64_t>()).value();
  REQUIRE(log.size() >= 1);
  CHECK(log[0].seat == kSystem);
  CHECK(nlohmann::json::parse(log[0].action_json)["type"] == "timeout");
  CHECK(latest_view(*t.ben)["tally"].get<int>() >= 1);
}

TEST_CASE("a bot takes its turns through the same path and the match ends") {
  Table t;
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->add_bot(t.anne, std::nullopt, "random", 2); });
  t.start_and_wait();
  REQUIRE(run_until(t.io, [&] {
    while (t.store->held()) t.store->release();
    Json v = latest_view(*t.anne);
    if (v.is_object() && !v["over"].get<bool>() && !v["legal"].empty())
      t.room->post([&t, a = v["legal"][0]] { t.room->act(t.anne, a, nullptr); });
    return v.is_object() && v["over"].get<bool>();
  }));
  Json v = latest_view(*t.anne);
  CHECK(v["result"]["reason"] == "tally");
  auto rooms = t.anne->of_type("room");
  CHECK(rooms.back()["room"]["status"] == "over");
}

TEST_CASE("only the host starts, and only with every seat taken") {
  Table t;
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->start(t.anne, "s1"); });
  CHECK(t.anne->of_type("error").back()["code"] == "not_enough_players");
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 2); });
  t.on_room([&] { t.room->start(t.ben, "s2"); });
  CHECK(t.ben->of_type("error").back()["code"] == "not_host");
  auto cleo = std::make_shared<FakeClient>();
  cleo->welcome(77, "Cleo");
  t.on_room([&] { t.room->join(cleo, std::nullopt, "j"); });
  CHECK(cleo->of_type("error").back()["code"] == "room_full");
}

TEST_CASE("while the new match is being stored the seats are final, and a failure reopens") {
  Table t;
  t.on_room([&] { t.room->join(t.anne, std::nullopt, 1); });
  t.on_room([&] { t.room->join(t.ben, std::nullopt, 2); });
  t.store->hold_matches = true;
  t.on_room([&] { t.room->start(t.anne, "s1"); });
  REQUIRE(t.store->held_matches() == 1);
  // Starting: nothing is sent yet, a second start and a change of seats are refused.
  CHECK(t.anne->of_type("state").empty());
  t.on_room([&] { t.room->start(t.anne, "s2"); });
  CHECK(t.anne->of_type("error").back()["code"] == "already_started");
  t.on_room([&] { t.room->add_bot(t.anne, std::nullopt, "random", "b"); });
  CHECK(t.anne->of_type("error").back()["code"] == "already_started");

  // The store fails: the host hears why (to try again), and the room is open again with its
  // seats.
  t.store->release_match(false);
  REQUIRE(run_until(t.io, [&] { return t.anne->of_type("error").size() == 3; }));
  CHECK(t.anne->of_type("error").back()["code"] == "store_unavailable");
  CHECK(t.anne->of_type("error").back()["re"] == "s1");
  CHECK(t.anne->of_type("state").empty());

  // A second start goes through once the store takes the match.
  t.store->hold_matches = false;
  t.start_and_wait();
  CHECK(t.anne->of_type("state").size() == 1);
  CHECK(t.ben->of_type("state").size() == 1);
  CHECK(t.anne->of_type("room").back()["room"]["status"] == "playing");
}

}  // namespace tortuga::testing
