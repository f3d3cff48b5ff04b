// A room's options are bounded over real sockets: their size, the names inside them and Riff
// Raff's physics, each refused with a typed error on a connection that carries on; and the lobby
// lists a summary of them, naming a custom deck or model rather than carrying it to every
// watcher, while the room's members get them whole.
#include <doctest/doctest.h>

#include <string>

#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {

TEST_CASE("a room's options are bounded, and the lobby lists a summary of them") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient host(server.port(), "host"), watcher(server.port(), "watcher");
  host.hello("Host");
  watcher.hello("Watcher");
  REQUIRE(watcher.request({{"type", "watch_lobby"}})["type"] == "rooms");

  auto create = [&](const std::string& game, const Json& options) {
    return host.request({{"type", "create_room"}, {"game", game}, {"options", options}});
  };
  // 60,000 bytes of a name Riff Raff does not read, in a message under the size limit.
  const Json junk = create("riff-raff", {{"model", {{"junk", std::string(60000, 'x')}}}});
  CHECK(junk["code"] == "options_too_large");
  const Json named = create("riff-raff", {{"model", {{"physics", {{"junk", 1}}}}}});
  CHECK(named["code"] == "bad_options");
  CHECK(named["message"].get<std::string>().find("physics.junk") != std::string::npos);
  const Json costly = create("riff-raff", {{"model",
                                            {{"physics",
                                              {{"step_hz", 240},
                                               {"velocity_iterations", 30},
                                               {"position_iterations", 30},
                                               {"max_seconds", 30}}}}}});
  CHECK(costly["code"] == "bad_options");
  CHECK(host.request({{"type", "ping"}})["type"] == "pong");  // the connection carries on

  // A custom deck (here the standard one, given whole) goes to the room's members, and is named
  // in the listing.
  Json deck;
  {
    TestClient other(server.port(), "other");
    const Json welcome = other.hello("Other");
    for (const Json& g : welcome["games"])
      if (g["id"] == "colpaccio") deck = g["options"]["deck"]["standard"];
  }
  REQUIRE(deck.is_array());
  const Json room = create("colpaccio", {{"players", 2}, {"deck", deck}});
  REQUIRE(room["type"] == "room");
  CHECK(room["room"]["options"]["deck"] == deck);
  const std::int64_t id = room["room"]["id"].get<std::int64_t>();

  auto listed_in = [&](const Json& rooms) -> Json {
    for (const Json& r : rooms)
      if (r["id"] == id) return r;
    return nullptr;
  };
  const Json listed = listed_in(host.request({{"type", "list_rooms"}})["rooms"]);
  REQUIRE(listed.is_object());
  CHECK_FALSE(listed["options"].contains("deck"));
  CHECK(listed["options"]["players"] == 2);
  CHECK(listed["custom_options"] == Json::array({"deck"}));
  CHECK(listed.dump().size() < deck.dump().size());
  const Json changed = watcher.wait_for(
      [&](const Json& m) {
        return m["type"] == "rooms_changed" && !listed_in(m["rooms"]).is_null();
      },
      "the room in the watched lobby");
  CHECK(listed_in(changed["rooms"])["custom_options"] == Json::array({"deck"}));
  CHECK_FALSE(listed_in(changed["rooms"])["options"].contains("deck"));
}

}  // namespace tortuga::integration
