// Guessing a secret is limited per address (server/lobby/guesses.hpp): after a few wrong join
// codes, or admin tokens, the address waits longer and longer before it is heard again
// (too_many_guesses, with retry_after_ms), its guesses are counted on /metrics, and the log gets
// one summarised line a period rather than one line a guess.
#include <string>
#include <thread>

#include <doctest/doctest.h>

#include "protocol/codes.hpp"
#include "server/ops/config.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

const Limits kDefaults;

// Not one of the codes the server makes (they have no 0, 1, I, L or O): certainly wrong.
std::string wrong_code(int i) {
  return "0" + std::to_string(100000 + i).substr(1);
}

std::size_t lines_with(const std::string& log, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = log.find(what); at != std::string::npos; at = log.find(what, at + 1)) ++n;
  return n;
}

TEST_CASE("wrong join codes: a few are free, then the address waits, doubling; a right one too") {
  TempDir dir;
  // The guesser comes through a trusted proxy from an address of its own.
  write_file(dir / "guesses.json",
             R"({"trusted_proxies": ["127.0.0.1"], "limits": {"guess_report_s": 1}})");
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       {"--config", (dir / "guesses.json").string()});
  TestClient anne(server.port(), "anne");
  TestClient guesser(server.port(), "guesser",
                     TestClient::Connect{.headers = {{"X-Forwarded-For", "203.0.113.5"}}});
  anne.hello("Anne");
  guesser.hello("Mallory");
  const std::string code =
      anne.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}})
          .at("room")
          .at("code");

  const int free = kDefaults.free_guesses;
  for (int i = 0; i <= free; ++i) {
    CAPTURE(i);
    const char* type = i % 2 ? "watch_room" : "join_room";
    CHECK(guesser.request({{"type", type}, {"room", wrong_code(i)}}).at("code") ==
          code::kNoSuchRoom);
  }
  // Past the free ones the next guess waits a second, whatever it names: even the right code is
  // not looked at, so that waiting cannot be skipped by guessing well.
  Json barred = guesser.request({{"type", "join_room"}, {"room", code}});
  CHECK(barred.at("code") == code::kTooManyGuesses);
  const auto first_wait = barred.at("retry_after_ms").get<std::int64_t>();
  CHECK(first_wait > 0);
  CHECK(first_wait <= 1000);
  // A room named by its id is no guess.
  CHECK(guesser.request({{"type", "watch_room"}, {"room", 999}}).at("code") == code::kNoSuchRoom);
  // Another address is not kept waiting.
  CHECK(anne.request({{"type", "watch_room"}, {"room", wrong_code(99)}}).at("code") ==
        code::kNoSuchRoom);

  // Once the wait it was told is over the address is heard; a further wrong code doubles it.
  std::this_thread::sleep_for(Millis(first_wait));
  CHECK(guesser.request({{"type", "join_room"}, {"room", wrong_code(50)}}).at("code") ==
        code::kNoSuchRoom);
  barred = guesser.request({{"type", "join_room"}, {"room", wrong_code(51)}});
  CHECK(barred.at("code") == code::kTooManyGuesses);
  CHECK(barred.at("retry_after_ms").get<std::int64_t>() > 1000);
  CHECK(barred.at("retry_after_ms").get<std::int64_t>() <= 2000);

  // The guesser's, and Anne's one.
  CHECK(metric(server.port(), "tortuga_guesses_failed_total{secret=\"join_code\"}") == free + 3);
  CHECK(metric(server.port(), "tortuga_guesses_refused_total{secret=\"join_code\"}") >= 2);
  CHECK(metric(server.port(), "tortuga_errors_sent_total{code=\"too_many_guesses\"}") >= 2);
  // One summarised line a period, not one a guess.
  eventually(
      [&] {
        return server.log().find("guesses_refused") != std::string::npos ||
               server.log().find("wrong join codes") != std::string::npos;
      },
      "the summary line");
  const std::string log = server.log();
  CHECK(lines_with(log, "wrong join codes") <= 3);
  CHECK(log.find("203.0.113.5") != std::string::npos);  // the busiest address is named
}

TEST_CASE("wrong admin tokens: a few are answered 401, then 429 with Retry-After, one log line") {
  TempDir dir;
  const std::string token = "the-admin-token-of-this-test";
  write_file(dir / "admin.json",
             R"({"admin": {"token": ")" + token + R"("}, "limits": {"guess_report_s": 1}})");
  ServerProcess server(dir / "tortuga.db", dir.path(), {"--config", (dir / "admin.json").string()});
  auto call = [&](const std::string& with) {
    return http_request(server.port(), "GET", "/api/admin/rooms", "",
                        {{"Authorization", "Bearer " + with}});
  };
  CHECK(call(token).status == 200);
  const int free = kDefaults.free_guesses;
  for (int i = 0; i <= free; ++i) CHECK(call("guess-number-" + std::to_string(i)).status == 401);
  for (int i = 0; i < 50; ++i) {
    const HttpReply refused = call(i == 49 ? token : "guess-again-" + std::to_string(i));
    CHECK(refused.status == 429);
    CHECK(Json::parse(refused.body).at("code") == code::kTooManyGuesses);
    CHECK(Json::parse(refused.body).at("retry_after_ms").get<std::int64_t>() > 0);
    CHECK(refused.headers.count("Retry-After"));
  }
  CHECK(metric(server.port(), "tortuga_guesses_failed_total{secret=\"admin_token\"}") == free + 1);
  CHECK(metric(server.port(), "tortuga_guesses_refused_total{secret=\"admin_token\"}") == 50);
  eventually([&] { return server.log().find("wrong admin tokens") != std::string::npos; },
             "the summary line");
  // Fifty refusals, and not a line for each: neither in the access log nor as warnings.
  const std::string log = server.log();
  CHECK(lines_with(log, "/api/admin/rooms 429") == 0);
  CHECK(lines_with(log, "wrong admin tokens") <= 2);
}

}  // namespace
}  // namespace tortuga::integration
