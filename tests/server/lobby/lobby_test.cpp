#include "tests/server/lobby/lobby_server.hpp"

namespace tortuga::testing {

STORE_TEST("hello gives a new player a secret token that later resumes the same player") {
  Server<Backend> s;
  auto c = std::make_shared<FakeClient>();
  s.send(c, {{"type", "ping"}, {"id", 1}});
  CHECK(last(*c, "pong")["re"] == 1);
  s.send(c, {{"type", "list_rooms"}, {"id", 2}});
  CHECK(last(*c, "error")["code"] == "not_welcomed");
  s.send(c, {{"type", "hello"}, {"id", 3}, {"name", "Anne"}});
  Json welcome = last(*c, "welcome");
  REQUIRE(welcome.is_object());
  const std::string token = welcome["token"];
  CHECK(token.size() == 64);
  CHECK(welcome["games"][0]["id"] == "raft-and-scupper");
  // The store keeps only the hash.
  CHECK_FALSE(s.store->player_by_token_hash(token).value());

  auto again = std::make_shared<FakeClient>();
  s.send(again, {{"type", "hello"}, {"name", "Anne B."}, {"token", token}});
  CHECK(last(*again, "welcome")["player"]["id"] == welcome["player"]["id"]);
  CHECK(last(*again, "welcome")["player"]["name"] == "Anne B.");

  auto stranger = std::make_shared<FakeClient>();
  s.send(stranger, {{"type", "hello"}, {"name", "Eve"}, {"token", std::string(64, 'a')}});
  CHECK(last(*stranger, "error")["code"] == "bad_token");
}

TEST_CASE("public rooms are listed, private rooms are found by their code only") {
  Server s;
  auto anne = std::make_shared<FakeClient>(), ben = std::make_shared<FakeClient>();
  s.send(anne, {{"type", "hello"}, {"name", "Anne"}});
  s.send(ben, {{"type", "hello"}, {"name", "Ben"}});
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}});
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}, {"private", true}});
  Json priv = last(*anne, "room")["room"];
  REQUIRE(priv["private"] == true);
  const std::string code = priv["code"];
  CHECK(code.size() == 6);

  s.send(ben, {{"type", "list_rooms"}, {"id", "l"}});
  Json rooms = last(*ben, "rooms")["rooms"];
  REQUIRE(rooms.size() == 1);
  CHECK(rooms[0]["private"] == false);
  CHECK_FALSE(rooms[0].contains("code"));

  s.send(ben, {{"type", "join_room"}, {"room", priv["id"]}, {"id", "by-id"}});
  CHECK(last(*ben, "error")["code"] == "no_such_room");
  s.send(ben, {{"type", "join_room"}, {"room", code}, {"id", "by-code"}});
  Json joined = last(*ben, "room");
  CHECK(joined["re"] == "by-code");
  CHECK(joined["you"]["seat"] == 1);

  s.send(ben, {{"type", "create_room"}, {"game", "chess"}});
  CHECK(last(*ben, "error")["code"] == "unknown_game");
  s.send(ben,
         {{"type", "create_room"}, {"game", "raft-and-scupper"}, {"options", {{"players", 3}}}});
  CHECK(last(*ben, "error")["code"] == "bad_options");
}

STORE_TEST("after a restart a running match is rebuilt from its log and its players resume it") {
  Server<Backend> s;
  auto anne = std::make_shared<FakeClient>(), ben = std::make_shared<FakeClient>();
  s.send(anne, {{"type", "hello"}, {"name", "Anne"}});
  s.send(ben, {{"type", "hello"}, {"name", "Ben"}});
  const std::string anne_token = last(*anne, "welcome")["token"];
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}});
  const auto room = last(*anne, "room")["room"]["id"].get<std::int64_t>();
  s.send(ben, {{"type", "join_room"}, {"room", room}});
  s.send(anne, {{"type", "start"}, {"room", room}});
  REQUIRE(s.run([&] { return last(*anne, "state").is_object(); }));
  const auto match = last(*anne, "state")["match"].get<std::int64_t>();

  // Play five actions, each by whoever may act.
  for (int step = 0; step < 5; ++step) {
    Json a = latest_view(*anne, match), b = latest_view(*ben, match);
    auto& who = a["legal"].empty() ? ben : anne;
    Json legal = (a["legal"].empty() ? b : a)["legal"];
    REQUIRE_FALSE(legal.empty());
    s.send(who, {{"type", "action"}, {"match", match}, {"action", legal[0]}});
    REQUIRE(s.run([&] { return latest_view(*anne, match)["step"] == step + 1; }));
  }
  Json before = latest_view(*anne, match);

  s.restart();
  CHECK(s.recovered == 1);
  auto back = std::make_shared<FakeClient>();
  s.send(back, {{"type", "hello"}, {"name", "Anne"}, {"token", anne_token}});
  REQUIRE(s.run([&] { return last(*back, "state").is_object(); }));
  CHECK(last(*back, "room")["you"]["seat"] == 0);
  Json state = last(*back, "state");
  CHECK(state["match"] == match);
  CHECK(state["version"] == 5);
  CHECK(state["view"] == before);
  // Ben is not back: away since the match was rebuilt, and a bot is now coming for him, since
  // Anne is at the table (none came while nobody was).
  const Json ben_seat = last(*back, "room")["room"]["seats"][1];
  CHECK(ben_seat["connected"] == false);
  CHECK(ben_seat["away_since_ms"].is_number_integer());
  CHECK(ben_seat["stand_in_after_ms"].get<std::int64_t>() <= 1000 * Config::kDefaultAbsentBotS);
  CHECK(ben_seat["stand_in_after_ms"].get<std::int64_t>() > 0);
  CHECK(last(*back, "room")["room"]["seats"][0]["away_since_ms"].is_null());
}

STORE_TEST("a match stored before the clocks were on by default goes on without one") {
  // Colpaccio had no clock and the other games' were off: such a match's stored options do not
  // name it. Rebuilt after a restart it keeps what it was played with; a new room gets the clock.
  Server<Backend> s;
  auto anne = std::make_shared<FakeClient>(), ben = std::make_shared<FakeClient>();
  s.send(anne, {{"type", "hello"}, {"name", "Anne"}});
  s.send(ben, {{"type", "hello"}, {"name", "Ben"}});
  const std::string anne_token = last(*anne, "welcome")["token"];
  const std::string ben_token = last(*ben, "welcome")["token"];
  const auto anne_id = last(*anne, "welcome")["player"]["id"].get<std::int64_t>();
  const auto ben_id = last(*ben, "welcome")["player"]["id"].get<std::int64_t>();
  std::vector<std::int64_t> old_matches;
  for (const auto& [game, options] :
       {std::pair{"colpaccio",
                  Json{{"players", 2}, {"deck", nullptr}, {"solo_difficulty", "standard"}}},
        std::pair{"um-rum-und-ehre", Json{{"players", 2}}}}) {
    store::Match old;
    old.game = game;
    old.options_json = options.dump();
    old.seed = 17;
    old.seats = {{0, anne_id, "Anne", ""}, {1, ben_id, "Ben", ""}};
    old_matches.push_back(s.store->create_match(old).value());
    REQUIRE(old_matches.back() != 0);
  }

  s.restart();
  CHECK(s.recovered == 2);
  auto back = std::make_shared<FakeClient>();
  s.send(back, {{"type", "hello"}, {"name", "Anne"}, {"token", anne_token}});
  REQUIRE(s.run([&] { return back->of_type("state").size() == 2; }));
  for (const Json& state : back->of_type("state")) {
    CAPTURE(state["view"]["game"]);
    CHECK(state["view"]["deadline"].is_null());
  }
  CHECK(latest_view(*back, old_matches[0])["turn_clock_s"] == 0);
  CHECK(latest_view(*back, old_matches[1])["decision_s"] == 0);
  for (const Json& room : back->of_type("room")) {
    const Json& options = room["room"]["options"];
    CHECK(options.value(options.contains("decision_s") ? "decision_s" : "turn_clock_s", -1) == 0);
  }

  // A room made now, at the defaults, has the clock.
  s.send(anne, {{"type", "hello"}, {"name", "Anne"}, {"token", anne_token}});
  s.send(ben, {{"type", "hello"}, {"name", "Ben"}, {"token", ben_token}});
  s.send(anne, {{"type", "create_room"}, {"game", "colpaccio"}});
  const Json fresh = last(*anne, "room")["room"];
  CHECK(fresh["options"]["turn_clock_s"] == 90);
  s.send(ben, {{"type", "join_room"}, {"room", fresh["id"]}});
  s.send(anne, {{"type", "start"}, {"room", fresh["id"]}});
  REQUIRE(s.run([&] {
    const Json state = last(*anne, "state");
    return state.is_object() && state["view"]["game"] == "colpaccio" &&
           state["match"] != old_matches[0];
  }));
  const Json view = last(*anne, "state")["view"];
  CHECK(view["turn_clock_s"] == 90);
  REQUIRE(view["deadline"].is_object());
  CHECK(view["deadline"]["after_ms"] == 90000);
}

TEST_CASE("create_room sets the room's wait for absent players; welcome gives the default") {
  Server s;
  auto anne = std::make_shared<FakeClient>();
  s.send(anne, {{"type", "hello"}, {"name", "Anne"}});
  CHECK(last(*anne, "welcome")["room_defaults"] ==
        Json{{"absent_bot_s", Config::kDefaultAbsentBotS}});
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}});
  CHECK(last(*anne, "room")["room"]["absent_bot_s"] == Config::kDefaultAbsentBotS);
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}, {"absent_bot_s", 45}});
  CHECK(last(*anne, "room")["room"]["absent_bot_s"] == 45);
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}, {"absent_bot_s", 0}});
  CHECK(last(*anne, "room")["room"]["absent_bot_s"] == 0);
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}, {"absent_bot_s", -4}});
  CHECK(last(*anne, "error")["code"] == "bad_field");
}

TEST_CASE("actions for unknown or finished matches are typed errors") {
  Server s;
  auto anne = std::make_shared<FakeClient>();
  s.send(anne, {{"type", "hello"}, {"name", "Anne"}});
  s.send(anne, {{"type", "action"}, {"match", 999}, {"action", {{"type", "pass"}}}, {"id", 1}});
  CHECK(last(*anne, "error")["code"] == "no_such_match");
  s.send(anne, {{"type", "get_match"}, {"match", 999}});
  CHECK(last(*anne, "error")["code"] == "no_such_match");
  s.send(anne, {{"type", "leave_room"}, {"room", 5}});
  CHECK(last(*anne, "error")["code"] == "not_in_room");
}

}  // namespace tortuga::testing

namespace tortuga::testing {

TEST_CASE("the room limit refuses further rooms with server_full, and frees up as rooms close") {
  Server s;  // LobbyLimits{10}
  auto anne = std::make_shared<FakeClient>();
  s.send(anne, {{"type", "hello"}, {"name", "Anne"}});
  // Each player may make only a few rooms: two others make the rest of the ten.
  const int per_player = LobbyLimits{}.max_rooms_per_player;
  for (const char* name : {"Ben", "Cora"}) {
    auto other = std::make_shared<FakeClient>();
    s.send(other, {{"type", "hello"}, {"name", name}});
    for (int i = 0; i < per_player && s.lobby->room_count() < 10 - 2; ++i)
      s.send(other, {{"type", "create_room"}, {"game", "raft-and-scupper"}});
  }
  for (int i = 0; i < 2; ++i) s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}});
  CHECK(s.lobby->room_count() == 10);
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}, {"id", "one-more"}});
  CHECK(last(*anne, "error")["code"] == "server_full");
  CHECK(last(*anne, "error")["re"] == "one-more");
  // Leaving an open room as its only person closes it, which makes room for another.
  const auto first = anne->of_type("room").front()["room"]["id"].get<std::int64_t>();
  s.send(anne, {{"type", "leave_room"}, {"room", first}});
  CHECK(s.lobby->room_count() == 9);
  s.send(anne, {{"type", "create_room"}, {"game", "raft-and-scupper"}, {"id", "again"}});
  CHECK(last(*anne, "room")["re"] == "again");
}

}  // namespace tortuga::testing
