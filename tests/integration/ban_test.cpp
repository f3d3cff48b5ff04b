// Removal is a ban: a player the host removed is kept out of that room (join_room, watch_room
// refused with `banned`), before the start and during the match, until the host lets them in
// again with allow_player.
#include <doctest/doctest.h>

#include "protocol/codes.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

Json banned_of(const Json& room_message) {
  return room_message.at("room").value("banned", Json());
}

TEST_CASE("a player removed before the start stays out until the host allows them again") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const Json made = anne.request({{"type", "create_room"}, {"game", kRaft}});
  const std::int64_t room = made.at("room").at("id");
  CHECK(banned_of(made) == Json::array());
  REQUIRE(bill.request({{"type", "join_room"}, {"room", room}}).at("type") == "room");

  const Json removed =
      anne.request({{"type", "remove_player"}, {"room", room}, {"player", bill.player()}});
  CHECK(banned_of(removed) == Json::array({{{"id", bill.player()}, {"name", "Bill"}}}));
  bill.wait_for_type("removed");
  // Back at once, by seat or as a spectator: kept out.
  CHECK(bill.request({{"type", "join_room"}, {"room", room}}).at("code") == code::kBanned);
  CHECK(bill.request({{"type", "watch_room"}, {"room", room}}).at("code") == code::kBanned);
  CHECK(bill.request({{"type", "join_room"}, {"room", room}, {"seat", 1}}).at("code") ==
        code::kBanned);
  // Whom the host removed is not the lobby's business.
  for (const Json& listed : bill.request({{"type", "list_rooms"}}).at("rooms"))
    CHECK_FALSE(listed.contains("banned"));

  // Only the host lets them in again, and only someone kept out.
  TestClient cora(server.port(), "cora");
  cora.hello("Cora");
  REQUIRE(cora.request({{"type", "watch_room"}, {"room", room}}).at("type") == "room");
  CHECK(cora.request({{"type", "allow_player"}, {"room", room}, {"player", bill.player()}})
            .at("code") == code::kNotHost);
  CHECK(anne.request({{"type", "allow_player"}, {"room", room}, {"player", cora.player()}})
            .at("code") == code::kBadField);
  const Json allowed =
      anne.request({{"type", "allow_player"}, {"room", room}, {"player", bill.player()}});
  CHECK(banned_of(allowed) == Json::array());
  const Json back = bill.request({{"type", "join_room"}, {"room", room}});
  CHECK(back.at("type") == "room");
  CHECK(back.at("you").at("seat") == 1);
}

TEST_CASE("a player removed from a running match may not watch it, nor find it again by code") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const Table table = open_table(anne, bill, {}, Json::object());
  const Json room = anne.request({{"type", "list_rooms"}}).at("rooms").at(0);
  REQUIRE(room.at("id") == table.room);
  const Json removed =
      anne.request({{"type", "remove_player"}, {"room", table.room}, {"player", bill.player()}});
  CHECK(removed.at("room").at("seats").at(1).at("bot") == "smart");
  bill.wait_for_type("removed");
  CHECK(bill.request({{"type", "watch_room"}, {"room", table.room}}).at("code") == code::kBanned);
  // Coming back with the token resumes no seat there.
  TestClient again(server.port(), "bill again");
  again.hello("Bill", bill.token());
  CHECK(again.request({{"type", "watch_room"}, {"room", table.room}}).at("code") == code::kBanned);

  // A private room is kept as shut, by its code.
  const Json made = anne.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}});
  const std::string code = made.at("room").at("code");
  REQUIRE(bill.request({{"type", "join_room"}, {"room", code}}).at("type") == "room");
  anne.request(
      {{"type", "remove_player"}, {"room", made.at("room").at("id")}, {"player", bill.player()}});
  CHECK(bill.request({{"type", "watch_room"}, {"room", code}}).at("code") == code::kBanned);
}

}  // namespace
}  // namespace tortuga::integration
