// The room's chat over real sockets: heard by everyone in the room, muted per listener, refused
// with typed errors on a connection that carries on, given to late joiners, and kept with the
// match for its history.
#include <doctest/doctest.h>

#include <string>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

const std::string kScript = "<img src=x onerror=alert(1)>";

// Reads until `speaker`'s own line `text` comes back to `listener`; says whether any line of
// `muted` came first. A line `listener` says itself goes through the room after every earlier
// line, so nothing of before can arrive after it.
bool heard_before_own_line(TestClient& listener, std::int64_t room, std::int64_t muted,
                           const std::string& text) {
  bool heard = false;
  listener.send({{"type", "chat"}, {"room", room}, {"text", text}, {"id", "own"}});
  listener.wait_for(
      [&](const Json& m) {
        if (m.value("type", "") == "chat" && m["line"]["player"] == muted) heard = true;
        return m.value("re", Json()) == "own";
      },
      "its own line");
  return heard;
}

TEST_CASE("chat over sockets: heard by all as sent, muted per listener, kept with the match") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne"), ben(server.port(), "ben"), cy(server.port(), "cy");
  anne.hello("Anne");
  ben.hello("Ben");
  cy.hello("Cy");
  const Table table = open_table(anne, ben, {&cy});

  const Json said = anne.request({{"type", "chat"}, {"room", table.room}, {"text", kScript}});
  REQUIRE(said["type"] == "chat");
  CHECK(said["line"]["text"] == kScript);
  CHECK(said["line"]["seat"] == 0);
  CHECK(said["line"]["match"] == table.match);
  CHECK(said["line"]["step"] == 0);
  for (TestClient* other : {&ben, &cy}) {
    const Json got = other->wait_for_type("chat");
    CHECK(got["line"] == said["line"]);
  }

  // Ben mutes Anne: her next line reaches Cy, not Ben.
  const Json mutes =
      ben.request({{"type", "mute"}, {"room", table.room}, {"player", anne.player()}});
  CHECK(mutes["muted"] == Json::array({anne.player()}));
  anne.request({{"type", "chat"}, {"room", table.room}, {"text", "only Cy hears this"}});
  CHECK(cy.wait_for_type("chat")["line"]["text"] == "only Cy hears this");
  CHECK_FALSE(heard_before_own_line(ben, table.room, anne.player(), "quiet here"));

  // Refusals are typed, and the connection carries on.
  const Json too_long =
      anne.request({{"type", "chat"}, {"room", table.room}, {"text", std::string(501, 'a')}});
  CHECK(too_long["code"] == "chat_too_long");
  // The limit and the line's length as values, for a client that words the refusal itself; a
  // refusal whose words name no value has none.
  CHECK(too_long["params"] == Json{{"max", 500}, {"length", 501}});
  const Json closed = cy.request({{"type", "chat"}, {"room", table.room}, {"text", "hi"}});
  CHECK(closed["code"] == "chat_closed");
  CHECK_FALSE(closed.contains("params"));
  CHECK(anne.request({{"type", "chat"}, {"room", table.room + 50}, {"text", "hi"}})["code"] ==
        "not_in_room");
  Json refused;
  for (int i = 0; i < 10 && refused.is_null(); ++i) {
    Json answer = anne.request({{"type", "chat"}, {"room", table.room}, {"text", "spam"}});
    if (answer["type"] == "error") refused = answer;
  }
  CHECK(refused["code"] == "chat_rate_limited");
  CHECK(refused["params"] == Json{{"lines", 5}, {"every_s", 2}});
  CHECK(anne.request({{"type", "ping"}})["type"] == "pong");

  // A late spectator is given the recent lines after the room.
  TestClient dee(server.port(), "dee");
  dee.hello("Dee");
  CHECK(dee.request({{"type", "watch_room"}, {"room", table.room}})["type"] == "room");
  const Json log = dee.wait_for_type("chat_log");
  REQUIRE(log["lines"].size() >= 3);
  CHECK(log["lines"][0]["text"] == kScript);

  // Once the match is over, its replay (message and HTTP) has the lines with their steps.
  auto rng = seeded_rng();
  play_random(table.match, {&anne, &ben}, {&cy}, rng);
  REQUIRE(is_over(anne, table.match));
  eventually(
      [&] {
        return http_get(server.port(), "/api/matches/" + std::to_string(table.match) + "/replay")
                   .status == 200;
      },
      "the replay");
  const Json replay = Json::parse(
      http_get(server.port(), "/api/matches/" + std::to_string(table.match) + "/replay").body);
  const Json& chat = replay.at("chat");
  REQUIRE(chat.size() >= 4);
  CHECK(chat[0]["text"] == kScript);
  CHECK(chat[0]["step"] == 0);
  CHECK(chat[0]["name"] == "Anne");
  CHECK(chat[1]["text"] == "only Cy hears this");  // history shows everything said
  const Json message = anne.request({{"type", "get_replay"}, {"match", table.match}});
  CHECK(message["chat"] == chat);
}

}  // namespace
}  // namespace tortuga::integration
