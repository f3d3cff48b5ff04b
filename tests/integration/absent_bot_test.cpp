// An absent player does not freeze the table, over real sockets at the server's defaults: a
// player's connection drops, everyone in the room sees the seat away with the time until a bot
// plays it, the bot plays the player's turn once that wait is over, and the player, back with the
// stored token, has the seat again at once and plays on. The wait is the server's default
// (bots.absent_bot_s), so this test takes that long: a test of its own (integration_absent_bot),
// which ctest -j runs beside the others.
#include <doctest/doctest.h>

#include "server/ops/config.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

constexpr std::int64_t kWaitMs = std::int64_t{Config::kDefaultAbsentBotS} * 1000;

bool seat_shows(const Json& m, int seat, const std::function<bool(const Json&)>& what) {
  return m.value("type", "") == "room" && m.contains("room") && what(m["room"]["seats"][seat]);
}

TEST_SUITE("absent bot" * doctest::skip()) {
  TEST_CASE("a player who drops is played for after the default wait, and plays on back") {
    TempDir dir;
    ServerProcess server(dir / "tortuga.db", dir.path(), {}, BotDelay::server_default);
    TestClient anne(server.port(), "anne");
    anne.hello("Anne");
    TestClient cleo(server.port(), "cleo");
    cleo.hello("Cleo");
    std::string ben_token;
    Table table;
    {
      TestClient ben(server.port(), "ben");
      ben.hello("Ben");
      ben_token = ben.token();
      table = open_table(anne, ben, {&cleo});
    }  // Ben's connection drops.

    // Everyone in the room, the spectator too, sees Ben away and when a bot will play for him.
    Json away;
    for (TestClient* c : {&anne, &cleo}) {
      away = c->wait_for(
          [](const Json& m) {
            return seat_shows(m, 1, [](const Json& s) { return s["connected"] == false; });
          },
          "Ben away");
      CHECK(away["room"]["absent_bot_s"] == Config::kDefaultAbsentBotS);
      const Json seat = away["room"]["seats"][1];
      CHECK(seat["away_since_ms"].is_number_integer());
      CHECK(seat["stand_in"].is_null());
      CHECK(seat["stand_in_after_ms"].get<std::int64_t>() <= kWaitMs);
      CHECK(seat["stand_in_after_ms"].get<std::int64_t>() > kWaitMs - 5000);
    }
    const auto went = std::chrono::steady_clock::now();

    // Anne plays until it is Ben's turn; the table then waits for him, for a while.
    auto rng = seeded_rng();
    const MatchView* mine = anne.match(table.match);
    while (!mine->view["legal"].empty()) {
      const Json& legal = mine->view["legal"];
      const Json sent = anne.request(
          {{"type", "action"}, {"match", table.match}, {"action", legal[rng() % legal.size()]}});
      REQUIRE(sent.value("type", "") != "error");
    }
    REQUIRE(mine->view["to_act"] == Json::array({1}));
    const std::int64_t waiting_at = mine->version;

    // The wait ends: a smart bot stands in for Ben, everyone is told, and it plays his turn.
    const Json stood = anne.wait_for(
        [](const Json& m) {
          return seat_shows(m, 1, [](const Json& s) { return s["stand_in"] == "smart"; });
        },
        "a bot stands in for Ben", Millis(kWaitMs) + kWait);
    CHECK(std::chrono::steady_clock::now() - went >= Millis(kWaitMs - 5000));
    CHECK(stood["room"]["seats"][1]["player"]["name"] == "Ben");  // the seat is still his
    CHECK(stood["room"]["seats"][1]["stand_in_after_ms"].is_null());
    anne.wait_version(table.match, waiting_at + 1);
    cleo.wait_version(table.match, waiting_at + 1);

    // Ben comes back with his token: the seat is his again at once, with his view.
    TestClient ben(server.port(), "ben again");
    ben.hello("Ben", ben_token);
    const Json back = ben.wait_for_type("room");
    CHECK(back["you"]["seat"] == 1);
    CHECK(back["room"]["seats"][1]["stand_in"].is_null());
    CHECK(back["room"]["seats"][1]["connected"] == true);
    CHECK(back["room"]["seats"][1]["away_since_ms"].is_null());
    CHECK(ben.wait_for_type("state")["view"]["seat"] == 1);
    anne.wait_for(
        [](const Json& m) {
          return seat_shows(m, 1, [](const Json& s) { return s["connected"] == true; });
        },
        "Ben back");

    // And he plays on, his own turns, until he has played at least one.
    const std::int64_t before = anne.match(table.match)->version;
    int bens = 0;
    for (int i = 0; i < 40 && bens == 0 && !is_over(anne, table.match); ++i) {
      for (TestClient* c : {&anne, &ben}) {
        c->wait_version(table.match, anne.match(table.match)->version);
        const Json& legal = c->match(table.match)->view["legal"];
        if (legal.empty()) continue;
        const Json sent = c->request(
            {{"type", "action"}, {"match", table.match}, {"action", legal[rng() % legal.size()]}});
        REQUIRE(sent.value("type", "") != "error");
        if (c == &ben) ++bens;
        break;
      }
    }
    CHECK((bens > 0 || is_over(anne, table.match)));
    // Ben's answer can come before his action's patch reaches Anne.
    if (bens > 0) anne.wait_version(table.match, before + 1);
    CHECK(anne.match(table.match)->version > before);
    CHECK(ben.errors().empty());
  }
}

}  // namespace
}  // namespace tortuga::integration
