// Rooms beyond two people at a table: a bot in the other seat, and rooms reached by code only.
#include <doctest/doctest.h>

#include <algorithm>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

bool lists_room(const Json& rooms, std::int64_t id) {
  for (const Json& r : rooms.at("rooms"))
    if (r.at("id") == id) return true;
  return false;
}

// The levels of bot `game` offers, as welcome lists them.
std::vector<std::string> levels_of(const Json& welcome, const std::string& game) {
  for (const Json& g : welcome.at("games"))
    if (g.at("id") == game) return g.at("bots").get<std::vector<std::string>>();
  return {};
}

TEST_CASE("a person plays a whole match against a bot of each level the game offers") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne");
  const auto levels = levels_of(anne.hello("Anne"), kRaft);
  REQUIRE(levels.size() >= 2);

  for (const std::string& kind : levels) {
    CAPTURE(kind);
    const Json created = anne.request({{"type", "create_room"}, {"game", kRaft}});
    REQUIRE(created.at("type") == "room");
    const std::int64_t room = created.at("room").at("id").get<std::int64_t>();
    const Json with_bot = anne.request({{"type", "add_bot"}, {"room", room}, {"bot", kind}});
    REQUIRE(with_bot.at("type") == "room");
    CHECK(with_bot.at("room").at("seats").at(1).at("bot") == kind);
    CHECK(with_bot.at("room").at("seats").at(1).at("connected") == true);
    // The bot's seat is named as the log and history name it; the host's by the player's name.
    CHECK(with_bot.at("room").at("seats").at(1).at("name") == std::string("Bot 2 (") + kind + ")");
    CHECK(with_bot.at("room").at("seats").at(0).at("name") == "Anne");
    CHECK(created.at("room").at("seats").at(1).at("name").is_null());
    const Json started = anne.request({{"type", "start"}, {"room", room}});
    REQUIRE(started.at("type") == "room");
    const std::int64_t match = started.at("room").at("match").get<std::int64_t>();
    anne.wait_version(match, 0);

    const int mine = play_random(match, {&anne}, {}, rng);
    const MatchView& m = *anne.match(match);
    CHECK(m.view.at("over") == true);
    CHECK(m.view.at("result").is_object());
    CHECK(m.version > mine);  // the bot played too
    CHECK(anne.errors().empty());

    Json stored;
    eventually(
        [&] {
          stored = anne.request({{"type", "get_match"}, {"match", match}}).at("match");
          return stored.at("status") != "running";
        },
        "the match stored as finished");
    CHECK(stored.at("status") == "finished");
    CHECK(stored.at("result") == m.view.at("result"));
    CHECK(stored.at("actions") == m.version);
    CHECK(stored.at("seats").at(1).at("bot") == kind);
    CHECK(stored.at("seats").at(0).at("player") == anne.player());
  }
}

TEST_CASE("a host adds a bot of every level each game offers, and of no other") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne");
  const Json welcome = anne.hello("Anne");
  for (const Json& game : welcome.at("games")) {
    const std::string id = game.at("id").get<std::string>();
    CAPTURE(id);
    const auto levels = game.at("bots").get<std::vector<std::string>>();
    // Weakest first, easy and good in every game.
    REQUIRE(levels.size() >= 2);
    CHECK(levels[0] == "random");
    CHECK(levels[1] == "smart");
    for (const std::string level : {"random", "smart", "strong"}) {
      CAPTURE(level);
      // The host and the bot, and bots in any other seat the game needs.
      const int players = std::max(2, game.at("min_players").get<int>());
      const Json created = anne.request(
          {{"type", "create_room"}, {"game", id}, {"options", {{"players", players}}}});
      REQUIRE(created.at("type") == "room");
      const std::int64_t room = created.at("room").at("id").get<std::int64_t>();
      const Json added = anne.request({{"type", "add_bot"}, {"room", room}, {"bot", level}});
      if (std::find(levels.begin(), levels.end(), level) == levels.end()) {
        CHECK(added.value("code", "") == "no_such_bot");
      } else {
        REQUIRE(added.at("type") == "room");
        CHECK(added.at("room").at("seats").at(1).at("bot") == level);
        for (int seat = 2; seat < players; ++seat)
          REQUIRE(
              anne.request({{"type", "add_bot"}, {"room", room}, {"bot", "random"}}).at("type") ==
              "room");
        const Json started = anne.request({{"type", "start"}, {"room", room}});
        REQUIRE(started.at("type") == "room");
        CHECK(started.at("room").at("seats").at(1).at("bot") == level);
      }
      REQUIRE(anne.request({{"type", "close_room"}, {"room", room}}).at("type") == "left");
    }
  }
  CHECK(anne.request({{"type", "add_bot"}, {"room", 1}, {"bot", "clever"}}).value("code", "") ==
        "bad_field");
}

TEST_CASE("a private room is reached by its code only and never listed") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"), sam(server.port(), "sam"),
      pat(server.port(), "pat");
  anne.hello("Anne");
  bill.hello("Bill");
  sam.hello("Sam");
  pat.hello("Pat");

  const Json hidden = anne.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}});
  REQUIRE(hidden.at("type") == "room");
  const std::int64_t room = hidden.at("room").at("id").get<std::int64_t>();
  CHECK(hidden.at("room").at("private") == true);
  REQUIRE(hidden.at("room").at("code").is_string());
  const std::string code = hidden.at("room").at("code").get<std::string>();
  CHECK(code.size() == 6);
  const Json open = pat.request({{"type", "create_room"}, {"game", kRaft}});
  REQUIRE(open.at("type") == "room");
  CHECK_FALSE(open.at("room").contains("code"));

  const Json listed = bill.request({{"type", "list_rooms"}});
  REQUIRE(listed.at("type") == "rooms");
  CHECK(lists_room(listed, open.at("room").at("id").get<std::int64_t>()));
  CHECK_FALSE(lists_room(listed, room));
  CHECK_FALSE(lists_room(bill.request({{"type", "list_rooms"}, {"game", kRaft}}), room));

  // Its id is no way in, nor is a wrong code.
  CHECK(bill.request({{"type", "join_room"}, {"room", room}}).value("code", "") == "no_such_room");
  CHECK(sam.request({{"type", "watch_room"}, {"room", room}}).value("code", "") == "no_such_room");
  CHECK(bill.request({{"type", "join_room"}, {"room", "NOCODE"}}).value("code", "") ==
        "no_such_room");

  const Json joined = bill.request({{"type", "join_room"}, {"room", code}});
  REQUIRE(joined.at("type") == "room");
  CHECK(joined.at("you").at("seat") == 1);
  CHECK(joined.at("room").at("id") == room);
  CHECK(joined.at("room").at("code") == code);
  const Json watching = sam.request({{"type", "watch_room"}, {"room", code}});
  REQUIRE(watching.at("type") == "room");
  CHECK(watching.at("you").at("spectator") == true);

  // The room plays like any other, and stays unlisted while it does.
  const Json started = anne.request({{"type", "start"}, {"room", room}});
  REQUIRE(started.at("type") == "room");
  const std::int64_t match = started.at("room").at("match").get<std::int64_t>();
  for (TestClient* c : {&anne, &bill, &sam}) c->wait_version(match, 0);
  CHECK_FALSE(lists_room(pat.request({{"type", "list_rooms"}}), room));
  play_random(match, {&anne, &bill}, {&sam}, rng);
  CHECK(is_over(sam, match));
  CHECK(as_public(anne.match(match)->view) == sam.match(match)->view);
}

}  // namespace
}  // namespace tortuga::integration
