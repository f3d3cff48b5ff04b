// The Config as the server's parts receive it: each part's own defaults are the server's, and each
// part is started with what the config file says.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <unistd.h>

#include "persistence/sqlite_store.hpp"
#include "server/config.hpp"
#include "server/config_parts.hpp"
#include "server/lobby.hpp"
#include "server/room.hpp"

namespace tortuga::testing {

TEST_CASE("a store, lobby or room built with its own defaults has the server's") {
  const Config defaults;
  CHECK(store::SqliteOptions{}.commit_delay_us == defaults.commit_delay_us);
  CHECK(store::SqliteOptions{}.synchronous_full == defaults.synchronous_full);
  CHECK(LobbyLimits{}.max_rooms == defaults.limits.max_rooms);
  CHECK(RoomSettings{}.bot_delay_ms == defaults.bot_delay_ms);
}

TEST_CASE("the store, the lobby and each room are started with the config's settings") {
  SUBCASE("its defaults") {
    const Config c;
    CHECK(store_options(c).commit_delay_us == c.commit_delay_us);
    CHECK(store_options(c).synchronous_full == c.synchronous_full);
    CHECK(lobby_limits(c).max_rooms == c.limits.max_rooms);
    CHECK(room_settings(c).bot_delay_ms == c.bot_delay_ms);
  }
  SUBCASE("settings that differ from every default") {
    const std::string path = "/tmp/tortuga-config-parts-" + std::to_string(::getpid()) + ".json";
    std::ofstream(path) << R"({"limits": {"max_rooms": 3}, "bots": {"delay_ms": 7},
                               "store": {"synchronous_full": false, "commit_delay_us": 250}})";
    auto c = config_from_args({"--config", path});
    std::remove(path.c_str());
    REQUIRE(c);
    CHECK(store_options(*c).commit_delay_us == 250);
    CHECK(store_options(*c).synchronous_full == false);
    CHECK(lobby_limits(*c).max_rooms == 3);
    CHECK(room_settings(*c).bot_delay_ms == 7);
  }
}

}  // namespace tortuga::testing
