// The admin API over real sockets: nothing admin without the token, each call does what it says
// to the rooms and the people in them, and each is recorded with who did it and when.
#include <chrono>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "tests/integration/admin_calls.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

struct Call {
  const char* method;
  const char* path;
  const char* body;
};

// Every admin route, with a body it would accept.
const std::vector<Call> kEveryCall = {
    {"GET", "rooms", ""},
    {"POST", "rooms/1/close", R"({"reason": "stuck"})"},
    {"POST", "rooms/1/remove", R"({"player": 1, "seat": "bot"})"},
    {"POST", "notice", R"({"text": "hello"})"},
    {"GET", "drain", ""},
    {"POST", "drain", ""},
    {"GET", "actions", ""},
};

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Json room_in(const Json& rooms, std::int64_t id) {
  for (const Json& r : rooms)
    if (r.at("id") == id) return r;
  return nullptr;
}

Json last_action(std::uint16_t port) {
  const Json list = admin_json(port, "GET", "actions?limit=1").at("actions");
  REQUIRE(list.size() == 1);
  return list[0];
}

TEST_CASE("without a configured token, every admin route answers 404, token or not") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path());
  for (const Call& call : kEveryCall) {
    INFO(call.method << " " << call.path);
    for (const HttpHeaders& headers :
         {HttpHeaders{}, HttpHeaders{{"Authorization", std::string("Bearer ") + kAdminToken}}}) {
      const HttpReply reply = http_request(
          server.port(), call.method, std::string("/api/admin/") + call.path, call.body, headers);
      CHECK(reply.status == 404);
      CHECK(Json::parse(reply.body).at("code") == "not_found");
    }
  }
}

TEST_CASE("every admin route refuses a missing or wrong token, and a player's, with 401") {
  TempDir dir;
  // Many wrong tokens from one address: the waits after the first few (guesses_test.cpp) are put
  // off, so that each is answered for itself.
  std::vector<std::string> flags = admin_flags(dir.path());
  for (auto& f : limits_config(dir.path(), "guesses", R"({"free_guesses": 1000})"))
    flags.push_back(f);
  ServerProcess server(dir / "t.db", dir.path(), flags);
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const Json room = anne.request({{"type", "create_room"}, {"game", kRaft}});
  REQUIRE(room.at("type") == "room");

  const std::vector<std::string> refused = {
      "",                                                               // none
      "Bearer wrong-token-of-enough-length",                            // wrong
      std::string("Bearer ") + kAdminToken + "x",                       // one character more
      std::string("Basic ") + kAdminToken,                              // another scheme
      "Bearer " + anne.token(),                                         // a player's token
      std::string("Bearer ") + std::string(kAdminToken).substr(0, 10),  // a prefix
  };
  for (const Call& call : kEveryCall)
    for (const std::string& authorization : refused) {
      INFO(call.method << " " << call.path << " with \"" << authorization << "\"");
      HttpHeaders headers;
      if (!authorization.empty()) headers.emplace_back("Authorization", authorization);
      const HttpReply reply = http_request(
          server.port(), call.method, std::string("/api/admin/") + call.path, call.body, headers);
      CHECK(reply.status == 401);
      CHECK(Json::parse(reply.body).at("code") == "unauthorized");
      const auto challenge = reply.headers.find("WWW-Authenticate");
      REQUIRE(challenge != reply.headers.end());
      CHECK(challenge->second.rfind("Bearer", 0) == 0);
    }
  // Nothing of it happened: the room stands, nobody was told anything, the node serves on.
  CHECK(!anne.receive(Millis(200)));
  CHECK(http_get(server.port(), "/readyz").status == 200);
  CHECK(!room_in(admin_json(server.port(), "GET", "rooms").at("rooms"),
                 room.at("room").at("id").get<std::int64_t>())
             .is_null());
  CHECK(admin_json(server.port(), "GET", "actions").at("actions").empty());
}

TEST_CASE("the admin lists every room, private ones with their code, with seats and connections") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), admin_flags(dir.path()));
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"), carl(server.port(), "carl");
  anne.hello("Anne");
  bill.hello("Bill");
  carl.hello("Carl");
  const Json open = anne.request({{"type", "create_room"}, {"game", kRaft}}).at("room");
  const Json hidden =
      bill.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}}).at("room");
  REQUIRE(carl.request({{"type", "watch_room"}, {"room", open.at("id")}}).at("type") == "room");

  const Json rooms = admin_json(server.port(), "GET", "rooms").at("rooms");
  CHECK(rooms.size() == 2);
  const Json anne_room = room_in(rooms, open.at("id"));
  REQUIRE(!anne_room.is_null());
  CHECK(anne_room.at("seats")[0].at("player").at("id") == anne.player());
  CHECK(anne_room.at("seats")[0].at("connected") == true);
  CHECK(anne_room.at("seats")[1].at("player").is_null());
  CHECK(anne_room.at("spectators") == 1);
  CHECK(anne_room.at("connections") == 2);
  CHECK(!anne_room.contains("code"));
  const Json bill_room = room_in(rooms, hidden.at("id"));
  REQUIRE(!bill_room.is_null());
  CHECK(bill_room.at("private") == true);
  CHECK(bill_room.at("code") == hidden.at("code"));
  CHECK(bill_room.at("connections") == 1);

  // A connection that goes is no longer counted.
  REQUIRE(carl.request({{"type", "leave_room"}, {"room", open.at("id")}}).at("type") == "left");
  eventually(
      [&] {
        return room_in(admin_json(server.port(), "GET", "rooms").at("rooms"), open.at("id"))
                   .at("connections") == 1;
      },
      "the spectator to leave the count");
}

TEST_CASE("closing a room ends its match as aborted, stored, and tells everyone in it why") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), [&] {
    auto flags = admin_flags(dir.path());
    for (auto& f : fast_play_config(dir.path())) flags.push_back(f);
    return flags;
  }());
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"), carl(server.port(), "carl");
  anne.hello("Anne");
  bill.hello("Bill");
  carl.hello("Carl");
  const Table table = open_table(anne, bill, {&carl});
  play_random(table.match, {&anne, &bill}, {&carl}, rng, 4);

  const std::int64_t before = now_ms();
  const Json closed =
      admin_json(server.port(), "POST", "rooms/" + std::to_string(table.room) + "/close",
                 R"({"reason": "the table is stuck"})");
  CHECK(closed == Json{{"room", table.room}, {"match", table.match}, {"aborted", true}});

  for (TestClient* c : {&anne, &bill, &carl}) {
    INFO(c->label());
    const Json told = c->wait_for_type("room_closed");
    CHECK(told.at("room") == table.room);
    CHECK(told.at("match") == table.match);
    CHECK(told.at("reason") == "the table is stuck");
    CHECK_FALSE(told.contains("reason_key"));  // the operator's own words, shown as they are
  }
  // Stored before anybody was told.
  const HttpReply match = http_get(server.port(), "/api/matches/" + std::to_string(table.match));
  CHECK(Json::parse(match.body).at("match").at("status") == "aborted");
  // The match takes no more actions, and the room is gone.
  const Json refused =
      anne.request({{"type", "action"}, {"match", table.match}, {"action", {{"type", "pass"}}}});
  CHECK(refused.at("type") == "error");
  CHECK(refused.at("code") == "match_over");
  CHECK(anne.request({{"type", "join_room"}, {"room", table.room}}).at("code") == "no_such_room");
  CHECK(room_in(admin_json(server.port(), "GET", "rooms").at("rooms"), table.room).is_null());

  const Json record = last_action(server.port());
  CHECK(record.at("action") == "close_room");
  CHECK(record.at("who").get<std::string>().rfind("admin:", 0) == 0);
  CHECK(record.at("who").get<std::string>().find(kAdminToken) == std::string::npos);
  CHECK(record.at("time_ms").get<std::int64_t>() >= before);
  CHECK(record.at("time_ms").get<std::int64_t>() <= now_ms());
  CHECK(record.at("detail").at("room") == table.room);
  CHECK(record.at("detail").at("reason") == "the table is stuck");

  // Closing it again: it is gone.
  CHECK(admin_json(server.port(), "POST", "rooms/" + std::to_string(table.room) + "/close", "", 404)
            .at("code") == "no_such_room");
}

TEST_CASE("closing a room that has not started tells its people, with the default reason") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), admin_flags(dir.path()));
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const std::int64_t room =
      anne.request({{"type", "create_room"}, {"game", kRaft}}).at("room").at("id");
  const Json closed = admin_json(server.port(), "POST", "rooms/" + std::to_string(room) + "/close");
  CHECK(closed == Json{{"room", room}, {"match", nullptr}, {"aborted", false}});
  const Json told = anne.wait_for_type("room_closed");
  CHECK(told.at("match").is_null());
  // The server's own words, with their key for a client that words them itself.
  CHECK(told.at("reason") == "no reason given");
  CHECK(told.at("reason_key") == "room.reason.none");
  // Its seat is given up: a new hello brings no room back, and a new room may be made.
  TestClient again(server.port(), "anne again");
  again.hello("Anne", anne.token());
  CHECK(!again.receive(Millis(200)));
}

TEST_CASE("closing a room whose match is over leaves the match finished") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), [&] {
    auto flags = admin_flags(dir.path());
    for (auto& f : fast_play_config(dir.path())) flags.push_back(f);
    return flags;
  }());
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  const Table table = open_bot_table(anne, kRaft, Json::object(), {"random"});
  play_random(table.match, {&anne}, {}, rng);
  REQUIRE(is_over(anne, table.match));

  const Json closed =
      admin_json(server.port(), "POST", "rooms/" + std::to_string(table.room) + "/close");
  CHECK(closed == Json{{"room", table.room}, {"match", table.match}, {"aborted", false}});
  const Json told = anne.wait_for_type("room_closed");
  CHECK(told.at("match").is_null());  // this closing ended no match
  CHECK(Json::parse(http_get(server.port(), "/api/matches/" + std::to_string(table.match)).body)
            .at("match")
            .at("status") == "finished");
}

TEST_CASE("removing a player in a running match gives the seat to a bot, which plays it out") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), [&] {
    auto flags = admin_flags(dir.path());
    for (auto& f : fast_play_config(dir.path())) flags.push_back(f);
    return flags;
  }());
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const Table table = open_table(anne, bill);
  play_random(table.match, {&anne, &bill}, {}, rng, 3);

  const Json answer =
      admin_json(server.port(), "POST", "rooms/" + std::to_string(table.room) + "/remove",
                 Json{{"player", bill.player()}, {"seat", "bot"}, {"reason", "rude words"}}.dump());
  CHECK(answer.at("room").at("seats")[1].at("bot") == "smart");
  CHECK(answer.at("room").at("seats")[1].at("player").is_null());

  const Json told = bill.wait_for_type("removed");
  CHECK(told.at("room") == table.room);
  CHECK(told.at("seat") == 1);
  CHECK(told.at("reason") == "rude words");
  CHECK_FALSE(told.contains("reason_key"));
  CHECK(bill.request({{"type", "sync"}, {"match", table.match}}).at("code") == "not_in_room");
  // Stored with the match, so that a restart keeps the bot in the seat.
  eventually(
      [&] {
        const Json m = Json::parse(
            http_get(server.port(), "/api/matches/" + std::to_string(table.match)).body);
        return m.at("match").at("seats")[1].at("bot") == "smart";
      },
      "the bot stored in seat 1");
  // The bot plays the seat: Anne plays on alone to the end.
  play_random(table.match, {&anne}, {}, rng);
  CHECK(is_over(anne, table.match));
  eventually(
      [&] {
        const Json m = Json::parse(
            http_get(server.port(), "/api/matches/" + std::to_string(table.match)).body);
        return m.at("match").at("status") == "finished";
      },
      "the match stored as finished");

  const Json record = last_action(server.port());
  CHECK(record.at("action") == "remove_player");
  CHECK(record.at("detail") == Json{{"room", table.room},
                                    {"player", bill.player()},
                                    {"seat", "bot"},
                                    {"reason", "rude words"}});
}

TEST_CASE("removing a player before the start leaves the seat open or gives it to a bot") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), admin_flags(dir.path()));
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const std::int64_t room =
      anne.request({{"type", "create_room"}, {"game", kRaft}}).at("room").at("id");
  REQUIRE(bill.request({{"type", "join_room"}, {"room", room}}).at("type") == "room");
  const std::string remove = "rooms/" + std::to_string(room) + "/remove";

  Json answer = admin_json(server.port(), "POST", remove,
                           Json{{"player", bill.player()}, {"seat", "open"}}.dump());
  CHECK(answer.at("room").at("seats")[1].at("name").is_null());
  const Json removed = bill.wait_for_type("removed");
  CHECK(removed.at("reason") == "no reason given");
  CHECK(removed.at("reason_key") == "room.reason.none");
  anne.wait_for(
      [](const Json& m) {
        return m.at("type") == "room" && m.at("room").at("seats")[1].at("name").is_null();
      },
      "anne to see seat 1 open");

  // The host, removed with a bot in the seat: nobody is left to start, and the room closes.
  answer = admin_json(server.port(), "POST", remove,
                      Json{{"player", anne.player()}, {"seat", "bot"}}.dump());
  CHECK(answer.at("room").at("seats")[0].at("bot") == "smart");
  CHECK(anne.wait_for_type("removed").at("seat") == 0);
  CHECK(room_in(admin_json(server.port(), "GET", "rooms").at("rooms"), room).is_null());
}

TEST_CASE("a removal the room cannot make, or a request that cannot be meant, is refused") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), [&] {
    auto flags = admin_flags(dir.path());
    for (auto& f : fast_play_config(dir.path())) flags.push_back(f);
    return flags;
  }());
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const Table table = open_table(anne, bill);
  const std::string room = "rooms/" + std::to_string(table.room);
  const auto refused = [&](const std::string& method, const std::string& path,
                           const std::string& body, int status, const std::string& code) {
    INFO(method << " " << path << " " << body);
    CHECK(admin_json(server.port(), method, path, body, status).at("code") == code);
  };
  // A running match waits for every seat.
  refused("POST", room + "/remove", Json{{"player", bill.player()}, {"seat", "open"}}.dump(), 409,
          "match_running");
  refused("POST", room + "/remove", Json{{"player", 999}, {"seat", "bot"}}.dump(), 404,
          "not_in_room");
  refused("POST", "rooms/999/remove", Json{{"player", bill.player()}, {"seat", "bot"}}.dump(), 404,
          "no_such_room");
  refused("POST", "rooms/999/close", "", 404, "no_such_room");
  refused("POST", "rooms/abc/close", "", 400, "bad_field");
  refused("POST", "rooms/0/close", "", 400, "bad_field");
  refused("POST", room + "/remove", Json{{"player", bill.player()}}.dump(), 400, "bad_field");
  refused("POST", room + "/remove", Json{{"player", "bill"}, {"seat", "bot"}}.dump(), 400,
          "bad_field");
  refused("POST", room + "/remove", Json{{"player", bill.player()}, {"seat", "robot"}}.dump(), 400,
          "bad_field");
  refused("POST", room + "/close", "{not json", 400, "bad_json");
  refused("POST", room + "/close", "[1, 2]", 400, "bad_json");
  refused("POST", room + "/close", R"({"reason": 5})", 400, "bad_field");
  refused("POST", room + "/close", R"({"reason": ""})", 400, "bad_field");
  refused("POST", room + "/close", R"({"reasn": "typo"})", 400, "bad_field");
  refused("POST", room + "/close", Json{{"reason", std::string(201, 'x')}}.dump(), 400,
          "bad_field");
  refused("POST", "notice", "", 400, "bad_field");
  refused("POST", "notice", R"({"text": ""})", 400, "bad_field");
  refused("POST", "notice", Json{{"text", std::string(501, 'x')}}.dump(), 400, "bad_field");
  refused("POST", "drain", R"({"now": true})", 400, "bad_field");
  refused("GET", room + "/close", "", 405, "method_not_allowed");
  refused("DELETE", "rooms", "", 405, "method_not_allowed");
  refused("PUT", "drain", "", 405, "method_not_allowed");
  refused("POST", "actions", "", 405, "method_not_allowed");
  refused("GET", "actions?limit=0", "", 400, "bad_field");
  refused("GET", "actions?limit=201", "", 400, "bad_field");
  refused("GET", "actions?before=x", "", 400, "bad_field");
  refused("GET", "nothing-here", "", 404, "not_found");
  refused("GET", room, "", 404, "not_found");

  // None of it changed anything: the match plays on, and nothing was recorded.
  CHECK(!anne.receive(Millis(100)));
  CHECK(Json::parse(http_get(server.port(), "/api/matches/" + std::to_string(table.match)).body)
            .at("match")
            .at("status") == "running");
  CHECK(admin_json(server.port(), "GET", "actions").at("actions").empty());
}

TEST_CASE("a notice reaches every connection, welcomed or not, and is recorded") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), admin_flags(dir.path()));
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"),
      stranger(server.port(), "stranger");
  anne.hello("Anne");
  bill.hello("Bill");
  const std::string text = "The harbour closes at 22:00 <for repairs> & \"cleaning\"";
  const Json answer = admin_json(server.port(), "POST", "notice", Json{{"text", text}}.dump());
  CHECK(answer.at("connections") == 3);
  for (TestClient* c : {&anne, &bill, &stranger}) {
    INFO(c->label());
    CHECK(c->wait_for_type("notice").at("text") == text);
  }
  const Json record = last_action(server.port());
  CHECK(record.at("action") == "notice");
  CHECK(record.at("detail").at("text") == text);
  CHECK(record.at("detail").at("connections") == 3);
}

TEST_CASE("the record of admin actions pages newest first") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), admin_flags(dir.path()));
  for (int i = 1; i <= 5; ++i)
    admin_json(server.port(), "POST", "notice",
               Json{{"text", "notice " + std::to_string(i)}}.dump());
  const Json first = admin_json(server.port(), "GET", "actions?limit=2").at("actions");
  REQUIRE(first.size() == 2);
  CHECK(first[0].at("detail").at("text") == "notice 5");
  CHECK(first[1].at("detail").at("text") == "notice 4");
  const Json next =
      admin_json(server.port(), "GET", "actions?limit=10&before=" + first[1].at("id").dump())
          .at("actions");
  REQUIRE(next.size() == 3);
  CHECK(next[0].at("detail").at("text") == "notice 3");
  CHECK(next[2].at("detail").at("text") == "notice 1");
}

}  // namespace
}  // namespace tortuga::integration
