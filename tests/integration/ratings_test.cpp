// Ratings over real sockets (docs/ratings.md): a match between two accounts changes both
// ratings as the model says, exactly once, and the leaderboard and the profiles show it; a guest
// or a bot makes a match unrated, and a rated room refuses them; a player whose seat a stand-in
// plays to the end ranks last.
#include <doctest/doctest.h>

#include <signal.h>

#include <fstream>
#include <string>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

// Has `c` say hello as a guest named `name`, then sign up: the guest becomes the account, its
// player kept, and the connection speaks for the account from then on.
void sign_up(TestClient& c, const std::string& name) {
  c.hello(name);
  const Json welcome =
      c.request({{"type", "register"}, {"name", name}, {"password", "barbary coast 1720"}});
  REQUIRE(welcome.at("type") == "welcome");
  REQUIRE(welcome.at("account") == true);
  REQUIRE(welcome.at("player").at("id") == c.player());
}

Json leaderboard(std::uint16_t port) {
  const auto reply = http_get(port, std::string("/api/leaderboard/") + kRaft);
  REQUIRE(reply.status == 200);
  return Json::parse(reply.body);
}

TEST_CASE("a match between two accounts is rated: both ratings change, the board shows them") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne"), ben(server.port(), "ben");
  sign_up(anne, "Anne");
  sign_up(ben, "Ben");
  TestClient watcher(server.port(), "watcher");
  watcher.hello("Watcher");
  const Json watched = watcher.request({{"type", "watch_leaderboard"}, {"game", kRaft}});
  REQUIRE(watched["type"] == "leaderboard");
  CHECK(watched["entries"].empty());

  const Table table = open_table(anne, ben);
  auto rng = seeded_rng();
  play_random(table.match, {&anne, &ben}, {}, rng);
  REQUIRE(is_over(anne, table.match));
  const Json result = anne.match(table.match)->view["result"];
  const std::int64_t winner = result["winners"][0] == 0 ? anne.player() : ben.player();

  const Json pushed = watcher.wait_for_type("leaderboard");
  CHECK(pushed.count("re") == 0);
  REQUIRE(pushed["entries"].size() == 2);
  // openskill's figures for two new players, one beating the other (openskill.test.mjs holds
  // the engine to it for every case): the winner first.
  CHECK(pushed["entries"][0]["player"]["id"] == winner);
  CHECK(pushed["entries"][0]["mu"].get<double>() ==
        doctest::Approx(27.635389493140497).epsilon(1e-12));
  CHECK(pushed["entries"][1]["mu"].get<double>() ==
        doctest::Approx(22.364610506859503).epsilon(1e-12));
  CHECK(pushed["entries"][0]["sigma"].get<double>() ==
        doctest::Approx(8.06590141354368).epsilon(1e-12));
  CHECK(pushed["entries"][0]["matches"] == 1);
  CHECK(pushed["entries"][0]["provisional"] == true);
  CHECK(leaderboard(server.port())["entries"] == pushed["entries"]);

  const Json profile =
      Json::parse(http_get(server.port(), "/api/players/" + std::to_string(winner)).body);
  REQUIRE(profile["games"].size() == 1);
  CHECK(profile["games"][0]["wins"] == 1);
  REQUIRE(profile["games"][0]["history"].size() == 1);
  CHECK(profile["games"][0]["history"][0]["match"] == table.match);
  CHECK(profile["finished"]["rate"] == 1.0);
  CHECK(profile["matches"].size() == 1);

  // Rebuilt from the stored history, every figure comes out as stored; a restart shows the same.
  server.stop(SIGTERM);
  CHECK(run_tortuga({"ratings", "rebuild", "--db", (dir / "tortuga.db").string()},
                    dir / "rebuild.log") == 0);
  std::ifstream said(dir / "rebuild.log");
  std::string line;
  std::getline(said, line);
  CHECK(line == "rebuilt 1 rated matches; 0 stored figures differed");
  ServerProcess again_server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  CHECK(leaderboard(again_server.port())["entries"] == pushed["entries"]);
}

TEST_CASE("a match with a guest is not rated; a rated room refuses guests and bots") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne"), ben(server.port(), "ben");
  TestClient guest(server.port(), "guest");
  sign_up(anne, "Anne");
  sign_up(ben, "Ben");
  guest.hello("Guest");

  CHECK(guest.request({{"type", "create_room"}, {"game", kRaft}, {"rated", true}})["code"] ==
        "not_rated");
  const Json rated = anne.request({{"type", "create_room"}, {"game", kRaft}, {"rated", true}});
  REQUIRE(rated["type"] == "room");
  // Its seats still empty, it says it is rated: only accounts may fill them.
  CHECK(rated["room"]["rated"] == true);
  const std::int64_t room = rated["room"]["id"];
  CHECK(guest.request({{"type", "join_room"}, {"room", room}})["code"] == "not_rated");
  CHECK(anne.request({{"type", "add_bot"}, {"room", room}})["code"] == "not_rated");
  CHECK(anne.request({{"type", "leave_room"}, {"room", room}})["type"] == "left");

  // An account against a guest, then two accounts: ratings are stored in the order matches
  // end, so once the second is on the board the first would be too, had it been rated.
  const Table unrated = open_table(anne, guest);
  auto rng = seeded_rng();
  play_random(unrated.match, {&anne, &guest}, {}, rng);
  REQUIRE(is_over(anne, unrated.match));
  CHECK(anne.request({{"type", "leave_room"}, {"room", unrated.room}})["type"] == "left");
  CHECK(guest.request({{"type", "leave_room"}, {"room", unrated.room}})["type"] == "left");
  TestClient watcher(server.port(), "watcher");
  watcher.hello("Watcher");
  REQUIRE(watcher.request({{"type", "watch_leaderboard"}, {"game", kRaft}})["type"] ==
          "leaderboard");
  const Table table = open_table(anne, ben);
  play_random(table.match, {&anne, &ben}, {}, rng);
  REQUIRE(is_over(anne, table.match));
  const Json pushed = watcher.wait_for_type("leaderboard");
  REQUIRE(pushed["entries"].size() == 2);
  for (const Json& e : pushed["entries"]) {
    CHECK(e["matches"] == 1);
    CHECK(e["player"]["id"] != guest.player());
  }
}

TEST_CASE("a player who leaves a rated match, a stand-in playing on, ranks last") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  TestClient anne(server.port(), "anne"), ben(server.port(), "ben");
  sign_up(anne, "Anne");
  sign_up(ben, "Ben");
  TestClient watcher(server.port(), "watcher");
  watcher.hello("Watcher");
  REQUIRE(watcher.request({{"type", "watch_leaderboard"}, {"game", kRaft}})["type"] ==
          "leaderboard");

  // Anne hosts; Ben leaves the running match and a stand-in plays his seat to the end.
  const Table table = open_table(anne, ben);
  CHECK(ben.request({{"type", "leave_room"}, {"room", table.room}})["type"] == "left");
  const Json stood = anne.request({{"type", "stand_in"}, {"room", table.room}, {"seat", 1}});
  REQUIRE(stood["type"] == "room");
  auto rng = seeded_rng();
  play_random(table.match, {&anne}, {}, rng);
  REQUIRE(is_over(anne, table.match));

  // Whoever the result named the winner, Ben ranks last: Anne gains, Ben loses.
  const Json pushed = watcher.wait_for_type("leaderboard");
  REQUIRE(pushed["entries"].size() == 2);
  CHECK(pushed["entries"][0]["player"]["id"] == anne.player());
  CHECK(pushed["entries"][0]["mu"].get<double>() > 25);
  CHECK(pushed["entries"][1]["mu"].get<double>() < 25);
  const Json profile =
      Json::parse(http_get(server.port(), "/api/players/" + std::to_string(ben.player())).body);
  CHECK(profile["finished"]["started"] == 1);
  CHECK(profile["finished"]["finished"] == 0);
  CHECK(profile["games"][0]["history"][0]["place"] == 1);
}

}  // namespace
}  // namespace tortuga::integration
