// Health, readiness and draining over real sockets: a draining node refuses new rooms and
// matches, answers /readyz with 503, lets the running matches play on to their end, and says when
// it is empty.
#include <csignal>
#include <string>

#include <doctest/doctest.h>

#include "tests/integration/admin_calls.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

std::vector<std::string> flags(const TempDir& dir) {
  auto all = admin_flags(dir.path());
  for (auto& f : fast_play_config(dir.path())) all.push_back(f);
  return all;
}

TEST_CASE("a serving node is healthy and ready") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path());
  const HttpReply health = http_get(server.port(), "/healthz");
  CHECK(health.status == 200);
  CHECK(Json::parse(health.body) == Json{{"status", "ok"}});
  const HttpReply ready = http_get(server.port(), "/readyz");
  CHECK(ready.status == 200);
  CHECK(Json::parse(ready.body) == Json{{"status", "ready"}});
}

TEST_CASE("draining refuses new rooms and matches while a running match plays on to its end") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), flags(dir));
  auto rng = seeded_rng();
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"), carl(server.port(), "carl");
  anne.hello("Anne");
  bill.hello("Bill");
  carl.hello("Carl");
  const Table running = open_bot_table(anne, kRaft, Json::object(), {"random"});
  // A room made before the drain, not started yet.
  const std::int64_t waiting =
      bill.request({{"type", "create_room"}, {"game", kRaft}}).at("room").at("id");
  REQUIRE(bill.request({{"type", "add_bot"}, {"room", waiting}}).at("type") == "room");
  CHECK(admin_json(server.port(), "GET", "drain") ==
        Json{{"draining", false}, {"running_matches", 1}, {"empty", false}});

  CHECK(admin_json(server.port(), "POST", "drain") ==
        Json{{"draining", true}, {"running_matches", 1}, {"empty", false}});
  const HttpReply ready = http_get(server.port(), "/readyz");
  CHECK(ready.status == 503);
  CHECK(Json::parse(ready.body).at("code") == "draining");
  CHECK(http_get(server.port(), "/healthz").status == 200);  // alive, only not taking players

  const Json no_room = carl.request({{"type", "create_room"}, {"game", kRaft}});
  CHECK(no_room.at("type") == "error");
  CHECK(no_room.at("code") == "draining");
  const Json no_match = bill.request({{"type", "start"}, {"room", waiting}});
  CHECK(no_match.at("type") == "error");
  CHECK(no_match.at("code") == "draining");
  CHECK(server.log().find("drained") == std::string::npos);

  // The running match plays on to its end, and the node then says it is empty.
  play_random(running.match, {&anne}, {}, rng);
  REQUIRE(is_over(anne, running.match));
  eventually([&] { return admin_json(server.port(), "GET", "drain").at("empty") == true; },
             "the node to report itself empty");
  CHECK(admin_json(server.port(), "GET", "drain") ==
        Json{{"draining", true}, {"running_matches", 0}, {"empty", true}});
  eventually([&] { return server.log().find("drained: no match is running") != std::string::npos; },
             "the log to say the node is drained");
  const HttpReply match = http_get(server.port(), "/api/matches/" + std::to_string(running.match));
  CHECK(Json::parse(match.body).at("match").at("status") == "finished");

  const Json record = admin_json(server.port(), "GET", "actions").at("actions").at(0);
  CHECK(record.at("action") == "drain");
  CHECK(record.at("detail").at("running_matches") == 1);
}

TEST_CASE("a closed room's match no longer keeps a draining node from being empty") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), flags(dir));
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const Table table = open_table(anne, bill);
  CHECK(admin_json(server.port(), "POST", "drain").at("running_matches") == 1);
  admin_json(server.port(), "POST", "rooms/" + std::to_string(table.room) + "/close");
  CHECK(admin_json(server.port(), "GET", "drain") ==
        Json{{"draining", true}, {"running_matches", 0}, {"empty", true}});
}

TEST_CASE("SIGUSR1 drains the node as the admin call does, without an admin token") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path());
  TestClient anne(server.port(), "anne");
  anne.hello("Anne");
  CHECK(http_get(server.port(), "/readyz").status == 200);
  server.signal(SIGUSR1);
  eventually([&] { return http_get(server.port(), "/readyz").status == 503; },
             "readiness to fail while draining");
  CHECK(anne.request({{"type", "create_room"}, {"game", kRaft}}).at("code") == "draining");
  // Nothing runs: the node is empty at once, and says so.
  eventually([&] { return server.log().find("drained: no match is running") != std::string::npos; },
             "the log to say the node is drained");
  // Still serving, and it stops as cleanly as ever.
  CHECK(http_get(server.port(), "/healthz").status == 200);
  CHECK(server.stop(SIGTERM) == 0);
}

}  // namespace
}  // namespace tortuga::integration
