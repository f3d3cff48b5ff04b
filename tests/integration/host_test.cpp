// The host's controls over real sockets: a stand-in bot for an absent player who gets the seat
// back on reconnecting, the role passed on when the host leaves, and refusals that leave the
// connection as it was.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

TEST_CASE("host controls over sockets: a stand-in, the seat given back, the role passed on") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  std::string ben_token;
  std::int64_t ben_id = 0;
  Table table;
  {
    TestClient ben(server.port(), "ben");
    ben.hello("Ben");
    ben_token = ben.token();
    ben_id = ben.player();
    table = open_table(anne, ben);
    CHECK(ben.request({{"type", "stand_in"}, {"room", table.room}, {"seat", 0}})["code"] ==
          "not_host");
    CHECK(anne.request({{"type", "stand_in"}, {"room", table.room}, {"seat", 1}})["code"] ==
          "player_present");
  }  // Ben's connection drops.
  anne.wait_for(
      [](const Json& m) {
        return m.value("type", "") == "room" && m["room"]["seats"][1]["connected"] == false;
      },
      "Ben away");
  const Json stood = anne.request({{"type", "stand_in"}, {"room", table.room}, {"seat", 1}});
  REQUIRE(stood["type"] == "room");
  CHECK(stood["room"]["seats"][1]["stand_in"] == "smart");
  CHECK(stood["room"]["seats"][1]["player"]["id"] == ben_id);

  // Anne plays on; the stand-in answers for Ben.
  auto rng = seeded_rng();
  play_random(table.match, {&anne}, {}, rng, 4);
  const std::int64_t reached = anne.match(table.match)->version;
  CHECK(reached >= 4);

  // Ben comes back: the seat is his, with his view, and the stand-in has gone.
  TestClient ben(server.port(), "ben again");
  ben.hello("Ben", ben_token);
  const Json back = ben.wait_for_type("room");
  CHECK(back["room"]["seats"][1]["stand_in"].is_null());
  CHECK(back["you"]["seat"] == 1);
  CHECK(ben.wait_for_type("state")["view"]["seat"] == 1);

  // Anne leaves: Ben, here, is the host now.
  CHECK(anne.request({{"type", "leave_room"}, {"room", table.room}})["type"] == "left");
  const Json after = ben.wait_for(
      [](const Json& m) { return m.value("type", "") == "room" && m.contains("room"); },
      "the room after Anne left");
  CHECK(after["room"]["host"] == ben_id);
  CHECK(ben.request({{"type", "close_room"}, {"room", table.room}, {"reason", "enough"}})["type"] ==
        "left");
  CHECK(ben.request({{"type", "ping"}})["type"] == "pong");
}

}  // namespace
}  // namespace tortuga::integration
