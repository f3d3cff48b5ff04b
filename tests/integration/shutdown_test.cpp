// A stopping server says goodbye: each WebSocket gets a close frame (1001, going away) rather than
// a dropped connection, every committed action is kept, and a client that never answers the
// close frame holds the server no longer than the grace period.
#include <chrono>
#include <csignal>
#include <string>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kGoingAway = 1001;

void check_going_away(const TestClient& c) {
  const auto frame = c.close_frame();
  REQUIRE_MESSAGE(frame, c.label() << " was dropped without a close frame");
  CHECK(frame->code == kGoingAway);
  CHECK(frame->reason == "server shutting down");
}

std::int64_t stored_actions(std::uint16_t port, std::int64_t match) {
  const HttpReply reply = http_get(port, "/api/matches/" + std::to_string(match));
  REQUIRE(reply.status == 200);
  return Json::parse(reply.body).at("match").at("actions").get<std::int64_t>();
}

TEST_CASE("SIGTERM closes every WebSocket with 1001, going away, and keeps every action") {
  TempDir dir;
  const auto db = dir / "tortuga.db";
  auto rng = seeded_rng();
  // A grace far longer than the test waits: the server stops once the last client has answered,
  // not when the grace runs out.
  const auto config = limits_config(dir.path(), "long-grace",
                                    R"({"messages_per_second": 100000, "message_burst": 100000,
                                        "shutdown_grace_ms": 60000})");
  std::int64_t match = 0, seen = 0;
  {
    ServerProcess server(db, dir.path(), config);
    TestClient anne(server.port(), "anne"), bill(server.port(), "bill"),
        stranger(server.port(), "stranger");  // never says hello
    anne.hello("Anne");
    bill.hello("Bill");
    const Table table = open_table(anne, bill);
    play_random(table.match, {&anne, &bill}, {}, rng, 6);
    match = table.match;
    seen = anne.match(match)->version;

    server.signal(SIGTERM);
    for (TestClient* c : {&anne, &bill, &stranger}) {
      c->wait_until([&] { return c->closed(); }, "the connection to close");
      check_going_away(*c);
    }
    const int code = server.wait(std::chrono::seconds(5));
    INFO("the server's log:\n" << server.log());
    CHECK(code == 0);
    CHECK(server.log().find("every stored action is kept") != std::string::npos);
  }
  ServerProcess again(db, dir.path(), config);
  CHECK(stored_actions(again.port(), match) == seen);
}

TEST_CASE("a client that never answers the close frame holds the server only for the grace") {
  TempDir dir;
  // Beast's own wait for the answer (the handshake timeout) is far longer: only the grace ends it.
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "short-grace",
                                     R"({"shutdown_grace_ms": 300, "handshake_timeout_s": 60})"));
  // A client is served only inside its own calls: while the test waits for the server, it reads
  // nothing and answers nothing.
  TestClient stuck(server.port(), "stuck");
  stuck.hello("Anne");

  const auto signalled = Clock::now();
  server.signal(SIGTERM);
  const int code = server.wait(std::chrono::seconds(5));
  const auto took = Clock::now() - signalled;
  INFO("the server's log:\n" << server.log());
  CHECK(code == 0);
  CHECK(took >= std::chrono::milliseconds(300));  // it did wait for an answer
  CHECK(server.log().find("1 connections did not answer") != std::string::npos);

  // The close frame was sent all the same, and waits in the client's socket.
  stuck.wait_until([&] { return stuck.closed(); }, "the connection to close");
  check_going_away(stuck);
}

}  // namespace
}  // namespace tortuga::integration
