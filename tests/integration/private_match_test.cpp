// Private means private on every path: a private room's match, its replay with the room's chat
// and its match file are for its seated players (over the WebSocket, or by their token over
// HTTP) and for those who give its code; to anyone else the match does not exist, running or
// over, unless its room made it public once over.
#include <doctest/doctest.h>

#include <string>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

const std::string kSecret = "our secret plan: meet at 9 behind the tavern";

struct PrivateTable {
  Table table;
  std::string code;
};

// Anne makes a private Raft & Scupper room (made public once over, if asked), Ben joins it by its
// code, Anne starts it and says the secret.
PrivateTable private_table(TestClient& anne, TestClient& ben, bool public_when_over) {
  PrivateTable t;
  Json created = anne.request({{"type", "create_room"},
                               {"game", kRaft},
                               {"private", true},
                               {"public_when_over", public_when_over}});
  REQUIRE(created["type"] == "room");
  CHECK(created["room"]["public_when_over"] == public_when_over);
  t.code = created["room"]["code"].get<std::string>();
  t.table.room = created["room"]["id"].get<std::int64_t>();
  REQUIRE(ben.request({{"type", "join_room"}, {"room", t.code}})["type"] == "room");
  Json started = anne.request({{"type", "start"}, {"room", t.table.room}});
  REQUIRE(started["type"] == "room");
  t.table.match = started["room"]["match"].get<std::int64_t>();
  for (TestClient* c : {&anne, &ben}) c->wait_version(t.table.match, 0);
  REQUIRE(anne.request({{"type", "chat"}, {"room", t.table.room}, {"text", kSecret}})["type"] ==
          "chat");
  return t;
}

bool lists(const Json& matches, std::int64_t match) {
  for (const Json& m : matches)
    if (m["id"] == match) return true;
  return false;
}

bool lists_over_ws(TestClient& c, std::int64_t match, const Json& filter = Json::object()) {
  Json request = filter;
  request["type"] = "list_matches";
  Json answer = c.request(request);
  REQUIRE(answer["type"] == "matches");
  return lists(answer["matches"], match);
}

HttpHeaders bearer(const TestClient& c) {
  return {{"Authorization", "Bearer " + c.token()}};
}

// What a stranger gets over HTTP and the WebSocket: nothing that says the match is there.
void hidden_from(std::uint16_t port, TestClient& stranger, std::int64_t match, std::int64_t anne) {
  const std::string at = "/api/matches/" + std::to_string(match);
  CHECK_FALSE(lists(Json::parse(http_get(port, "/api/matches").body)["matches"], match));
  CHECK_FALSE(
      lists(Json::parse(http_get(port, "/api/matches?status=running").body)["matches"], match));
  CHECK_FALSE(lists(
      Json::parse(http_get(port, "/api/matches?player=" + std::to_string(anne)).body)["matches"],
      match));
  for (const std::string& path : {at, at + "/replay", at + "/replay?seat=0", at + "/export"}) {
    CAPTURE(path);
    const HttpReply reply = http_get(port, path);
    CHECK(reply.status == 404);
    CHECK(Json::parse(reply.body)["code"] == "no_such_match");
    CHECK(reply.body.find(kSecret) == std::string::npos);
  }
  CHECK(http_get(port, at + "/replay?code=WRONG1").status == 404);
  CHECK_FALSE(lists_over_ws(stranger, match));
  CHECK_FALSE(lists_over_ws(stranger, match, {{"player", anne}}));
  CHECK(stranger.request({{"type", "get_match"}, {"match", match}})["code"] == "no_such_match");
  CHECK(stranger.request({{"type", "get_replay"}, {"match", match}})["code"] == "no_such_match");
  CHECK(stranger.request({{"type", "get_replay"}, {"match", match}, {"code", "WRONG1"}})["code"] ==
        "no_such_match");
}

// A server, Anne and Ben, who will sit at a private table, and a stranger to it.
struct Server {
  TempDir dir;
  ServerProcess server{dir / "tortuga.db", dir.path(), fast_play_config(dir.path())};
  TestClient anne{server.port(), "anne"}, ben{server.port(), "ben"},
      stranger{server.port(), "stranger"};
  Server() {
    anne.hello("Anne");
    ben.hello("Ben");
    stranger.hello("Stranger");
  }
};

}  // namespace

TEST_CASE("a private match is its members' on every path, running and over") {
  Server s;
  auto& [dir, server, anne, ben, stranger] = s;
  const PrivateTable t = private_table(anne, ben, /*public_when_over=*/false);
  const std::int64_t match = t.table.match;
  const std::string at = "/api/matches/" + std::to_string(match);

  hidden_from(server.port(), stranger, match, anne.player());

  // Its players find it, over the WebSocket and with their token over HTTP, chat and all.
  CHECK(lists_over_ws(ben, match, {{"status", "running"}}));
  CHECK(ben.request({{"type", "get_match"}, {"match", match}})["type"] == "match");
  // The line is stored with the match once the store has it.
  eventually(
      [&] {
        Json replay = ben.request({{"type", "get_replay"}, {"match", match}, {"seat", 1}});
        REQUIRE(replay["type"] == "replay");
        return !replay["chat"].empty() && replay["chat"][0]["text"] == kSecret;
      },
      "the chat in Ben's replay");
  CHECK(lists(Json::parse(http_request(server.port(), "GET", "/api/matches?status=running", "",
                                       bearer(anne))
                              .body)["matches"],
              match));
  const HttpReply annes =
      http_request(server.port(), "GET", at + "/replay?seat=0", "", bearer(anne));
  CHECK(annes.status == 200);
  CHECK(Json::parse(annes.body)["chat"][0]["text"] == kSecret);
  // A token of nobody is refused as such, not read as a stranger's.
  const HttpReply forged =
      http_request(server.port(), "GET", at, "", {{"Authorization", "Bearer x"}});
  CHECK(forged.status == 401);
  CHECK(Json::parse(forged.body)["code"] == "bad_token");

  // A spectator with the code reads it (never lists it): the WebSocket's and HTTP's replay.
  Json watched = stranger.request({{"type", "get_replay"}, {"match", match}, {"code", t.code}});
  REQUIRE(watched["type"] == "replay");
  CHECK(watched["chat"][0]["text"] == kSecret);
  CHECK(stranger.request({{"type", "get_match"}, {"match", match}, {"code", t.code}})["type"] ==
        "match");
  CHECK(http_get(server.port(), at + "?code=" + t.code).status == 200);
  CHECK(http_get(server.port(), at + "/replay?code=" + t.code).status == 200);

  // Over, it stays theirs: its room did not make it public.
  auto rng = seeded_rng();
  play_random(match, {&anne, &ben}, {}, rng);
  REQUIRE(is_over(anne, match));
  eventually(
      [&] {
        return ben.request({{"type", "get_match"}, {"match", match}})["match"]["status"] !=
               "running";
      },
      "the match stored as over");
  hidden_from(server.port(), stranger, match, anne.player());
  CHECK(http_request(server.port(), "GET", at + "/export", "", bearer(ben)).status == 200);
  CHECK(http_get(server.port(), at + "/export?code=" + t.code).status == 200);

  CHECK(metric(server.port(), "tortuga_private_matches_hidden_total").value_or(0) > 0);
}

TEST_CASE("a private room made public once over shows its match to everyone only then") {
  Server s;
  auto& [dir, server, anne, ben, stranger] = s;
  const PrivateTable t = private_table(anne, ben, /*public_when_over=*/true);
  const std::int64_t match = t.table.match;

  hidden_from(server.port(), stranger, match, anne.player());  // running: still private
  auto rng = seeded_rng();
  play_random(match, {&anne, &ben}, {}, rng);
  REQUIRE(is_over(anne, match));
  eventually([&] { return lists_over_ws(stranger, match); }, "the match listed once over");
  Json replay = stranger.request({{"type", "get_replay"}, {"match", match}});
  REQUIRE(replay["type"] == "replay");
  CHECK(replay["revealed"] == true);
  CHECK(replay["chat"][0]["text"] == kSecret);
  CHECK(http_get(server.port(), "/api/matches/" + std::to_string(match) + "/replay").status == 200);
}

}  // namespace tortuga::integration
