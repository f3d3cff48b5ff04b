// A client's mistake costs it an error message, never its connection: after each one a ping still
// gets its pong, and the match is as it was.
#include <cctype>
#include <set>
#include <string>

#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

void expect_pong(TestClient& c) {
  const Json pong = c.request({{"type", "ping"}});
  CHECK_MESSAGE(pong.at("type") == "pong", c.label() << " got " << pong.dump());
}

// Sends `message` as a request and checks that it is refused with `code`; then pings.
Json expect_refused(TestClient& c, const Json& message, const std::string& code) {
  const Json answer = c.request(message);
  CHECK_MESSAGE(answer.at("type") == "error", message.dump() << " was answered " << answer.dump());
  CHECK_MESSAGE(answer.value("code", "") == code, message.dump()
                                                      << " was answered " << answer.dump());
  CHECK(answer.value("message", Json()).is_string());
  expect_pong(c);
  return answer;
}

// What answered `sent` pings sent at once, ids 0 to sent - 1: pongs, and refusals for the rate.
struct PingAnswers {
  int pongs = 0;
  int limited = 0;
};

// Reads an answer to each of the pings: each a pong or a rate_limited naming its ping, once.
PingAnswers answers_to_pings(TestClient& c, int sent) {
  PingAnswers a;
  std::set<int> answered;
  while (a.pongs + a.limited < sent) {
    const Json m =
        c.wait_for([](const Json& m) { return m.at("type") == "pong" || m.at("type") == "error"; },
                   "an answer to each ping");
    if (m.at("type") == "pong")
      ++a.pongs;
    else if (m.at("code") == "rate_limited")
      ++a.limited;
    else
      FAIL_CHECK("unexpected " << m.dump());
    REQUIRE_MESSAGE(m.value("re", Json()).is_number_integer(), m.dump());
    CHECK_MESSAGE(answered.insert(m.at("re").get<int>()).second, "answered twice: " << m.dump());
  }
  MESSAGE(a.pongs << " pongs, " << a.limited << " rate_limited");
  CHECK(static_cast<int>(answered.size()) == sent);
  return a;
}

// Errors about a message the server could not read carry no "re".
Json expect_unanswerable(TestClient& c, const std::string& text, const std::string& code) {
  c.send_text(text);
  const Json answer = c.wait_for_type("error");
  CHECK_MESSAGE(answer.value("code", "") == code, text.substr(0, 80)
                                                      << " was answered " << answer.dump());
  CHECK_FALSE(answer.contains("re"));
  expect_pong(c);
  return answer;
}

// A message refused before it is parsed (too large, too fast) is answered with the id the server
// found at its top level as "re", or without "re" when `re` is null.
Json expect_refused_unparsed(TestClient& c, const std::string& text, const std::string& code,
                             const Json& re) {
  c.send_text(text);
  const Json answer = c.wait_for_type("error");
  CHECK_MESSAGE(answer.value("code", "") == code, text.substr(0, 80)
                                                      << " was answered " << answer.dump());
  CHECK_MESSAGE(answer.value("re", Json()) == re, text.substr(0, 80)
                                                      << " was answered " << answer.dump());
  CHECK(answer.contains("re") == !re.is_null());
  expect_pong(c);
  return answer;
}

TEST_CASE("malformed, unknown and incomplete messages are refused and the connection stays") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient c(server.port(), "client");

  expect_unanswerable(c, "{\"type\": \"ping\"", "bad_json");
  expect_unanswerable(c, "[1, 2, 3]", "bad_json");
  expect_unanswerable(c, R"({"type": "ping", "type": "hello"})", "bad_json");
  expect_refused(c, {{"type", "fly"}}, "unknown_type");
  expect_refused(c, {{"kind", "ping"}}, "bad_field");
  const Json missing = expect_refused(c, {{"type", "hello"}}, "bad_field");
  CHECK(missing.at("message").get<std::string>().find("name") != std::string::npos);

  // Before hello only hello and ping are heard.
  expect_refused(c, {{"type", "action"}, {"match", 1}, {"action", {{"type", "pass"}}}},
                 "not_welcomed");
  expect_refused(c, {{"type", "list_rooms"}}, "not_welcomed");
  expect_refused(c, {{"type", "hello"}, {"name", "Anne"}, {"token", "no-such-token"}}, "bad_token");
  c.hello("Anne");
  expect_refused(c, {{"type", "join_room"}}, "bad_field");
  expect_refused(c, {{"type", "join_room"}, {"room", true}}, "bad_field");
  expect_refused(c, {{"type", "action"}, {"match", 1}}, "bad_field");
  // An action that is there but is no object is refused as the games refuse a malformed one.
  const Json not_an_action =
      expect_refused(c, {{"type", "action"}, {"match", 1}, {"action", "pass"}}, "bad_action");
  CHECK(not_an_action.at("message") == "an action must be a JSON object");
  expect_refused(c, {{"type", "create_room"}, {"game", "chess"}}, "unknown_game");
  expect_refused(c, {{"type", "join_room"}, {"room", 999}}, "no_such_room");
  expect_refused(c, {{"type", "action"}, {"match", 999}, {"action", {{"type", "pass"}}}},
                 "no_such_match");
  CHECK_FALSE(c.closed());
}

TEST_CASE(
    "messages sent right behind hello, without waiting for welcome, find the player welcomed") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient c(server.port(), "client");
  c.send({{"type", "hello"}, {"name", "Anne"}, {"id", 1}});
  c.send({{"type", "list_rooms"}, {"id", 2}});
  c.send({{"type", "create_room"}, {"game", "raft-and-scupper"}, {"id", 3}});
  const Json welcome = c.wait_for_type("welcome");
  CHECK(welcome.at("re") == 1);
  const Json rooms = c.wait_for_type("rooms");
  CHECK(rooms.at("re") == 2);
  const Json room = c.wait_for_type("room");
  CHECK(room.at("re") == 3);
  CHECK(room.at("room").at("host") == welcome.at("player").at("id"));
}

TEST_CASE("room and match mistakes are refused and change nothing") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"), carl(server.port(), "carl"),
      sam(server.port(), "sam"), dave(server.port(), "dave");
  anne.hello("Anne");
  bill.hello("Bill");
  carl.hello("Carl");
  sam.hello("Sam");
  dave.hello("Dave");

  const Json created = anne.request({{"type", "create_room"}, {"game", kRaft}});
  REQUIRE(created.at("type") == "room");
  const std::int64_t room = created.at("room").at("id").get<std::int64_t>();
  expect_refused(anne, {{"type", "start"}, {"room", room}}, "not_enough_players");
  REQUIRE(bill.request({{"type", "join_room"}, {"room", room}}).at("type") == "room");
  expect_refused(dave, {{"type", "start"}, {"room", room}}, "not_in_room");
  expect_refused(dave, {{"type", "add_bot"}, {"room", room}}, "not_in_room");
  expect_refused(carl, {{"type", "join_room"}, {"room", room}}, "room_full");
  expect_refused(bill, {{"type", "start"}, {"room", room}}, "not_host");
  expect_refused(bill, {{"type", "add_bot"}, {"room", room}}, "not_host");
  expect_refused(carl, {{"type", "join_room"}, {"room", room}, {"seat", 0}}, "seat_taken");
  REQUIRE(sam.request({{"type", "watch_room"}, {"room", room}}).at("type") == "room");

  const Json started = anne.request({{"type", "start"}, {"room", room}});
  REQUIRE(started.at("type") == "room");
  const std::int64_t match = started.at("room").at("match").get<std::int64_t>();
  for (TestClient* c : {&anne, &bill, &sam}) c->wait_version(match, 0);
  expect_refused(anne, {{"type", "start"}, {"room", room}}, "already_started");
  expect_refused(carl, {{"type", "join_room"}, {"room", room}}, "already_started");

  // Seat 0 sets up the board first: seat 1 is out of turn, even with seat 0's own legal action.
  const Json legal = anne.match(match)->view.at("legal");
  REQUIRE_FALSE(legal.empty());
  CHECK(bill.match(match)->view.at("legal").empty());
  const Json act = {{"type", "action"}, {"match", match}, {"action", legal[0]}};
  expect_refused(bill, act, "not_your_turn");
  expect_refused(sam, act, "not_your_seat");
  expect_refused(dave, act, "not_in_room");
  // Well formed, but not what the rules allow now: the crews are chosen after the setup.
  expect_refused(anne,
                 {{"type", "action"},
                  {"match", match},
                  {"action", {{"type", "choose_crew"}, {"crew", "yellowbeards"}}}},
                 "illegal_action");
  expect_refused(anne, {{"type", "action"}, {"match", match}, {"action", {{"type", "fly"}}}},
                 "bad_action");
  expect_refused(anne, {{"type", "action"}, {"match", match}, {"action", "pass"}}, "bad_action");

  // None of that moved the match: the state is still the first one, and a legal action works.
  for (TestClient* c : {&anne, &bill, &sam}) {
    const Json synced = c->request({{"type", "sync"}, {"match", match}});
    CHECK(synced.at("type") == "state");
    CHECK(synced.at("version") == 0);
    CHECK(c->match(match)->patches == 0);
  }
  anne.send(act);
  for (TestClient* c : {&anne, &bill, &sam}) CHECK(c->wait_version(match, 1).patches == 1);
  CHECK(anne.match(match)->view.at("last_action").at("action") == legal[0]);
}

// Only a join the room accepts makes a member: a refused one does not let the client start, add
// bots to or leave that room.
TEST_CASE("a refused join leaves the client outside the room") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill"), carl(server.port(), "carl");
  anne.hello("Anne");
  bill.hello("Bill");
  carl.hello("Carl");
  const std::int64_t room = anne.request({{"type", "create_room"}, {"game", kRaft}})
                                .at("room")
                                .at("id")
                                .get<std::int64_t>();
  REQUIRE(bill.request({{"type", "join_room"}, {"room", room}}).at("type") == "room");
  expect_refused(carl, {{"type", "join_room"}, {"room", room}}, "room_full");
  expect_refused(carl, {{"type", "start"}, {"room", room}}, "not_in_room");
  expect_refused(carl, {{"type", "leave_room"}, {"room", room}}, "not_in_room");
}

TEST_CASE(
    "a byte-order mark at the very start of a frame is skipped, anywhere else it is bad_json") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient c(server.port(), "client");
  const std::string bom = "\xEF\xBB\xBF";
  c.send_text(bom + R"({"type":"ping","id":"marked"})");
  const Json pong = c.wait_for_type("pong");
  CHECK(pong.at("re") == "marked");
  expect_unanswerable(c, " " + bom + R"({"type":"ping","id":1})", "bad_json");
  expect_unanswerable(c, R"({"type":"ping",)" + bom + R"("id":1})", "bad_json");
  // Inside a string it is a character like any other, kept as sent.
  c.send_text(R"({"type":"ping","id":")" + bom + R"("})");
  CHECK(c.wait_for_type("pong").at("re") == bom);
}

TEST_CASE("a text frame that is not UTF-8 closes the connection with 1007, and nobody else's") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient c(server.port(), "client"), other(server.port(), "other");
  c.hello("Anne");
  other.hello("Bill");
  c.send_text("{\"type\":\"ping\",\"id\":\"\xFF\"}");
  c.wait_until([&] { return c.closed(); }, "the connection to close");
  REQUIRE(c.close_frame());
  CHECK(c.close_frame()->code == 1007);  // invalid frame payload data (RFC 6455)
  CHECK(c.errors().empty());             // closed, not answered
  expect_pong(other);
}

TEST_CASE("a join code is matched exactly: in capitals, without white space") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path());
  TestClient anne(server.port(), "anne"), bill(server.port(), "bill");
  anne.hello("Anne");
  bill.hello("Bill");
  const Json room =
      anne.request({{"type", "create_room"}, {"game", kRaft}, {"private", true}}).at("room");
  const std::string code = room.at("code");
  CHECK(code.size() == 6);
  for (char ch : code) CHECK(((ch >= 'A' && ch <= 'Z') || (ch >= '2' && ch <= '9')));
  std::string lower = code;
  for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  expect_refused(bill, {{"type", "join_room"}, {"room", lower}}, "no_such_room");
  expect_refused(bill, {{"type", "join_room"}, {"room", " " + code}}, "no_such_room");
  expect_refused(bill, {{"type", "watch_room"}, {"room", lower}}, "no_such_room");
  CHECK(bill.request({{"type", "join_room"}, {"room", code}}).at("room").at("id") == room.at("id"));
}

TEST_CASE("messages over the size limits: refused above the soft one, cut off above the hard one") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "small",
                                     R"({"max_message_bytes": 1024,
                                         "hard_max_message_bytes": 8192})"));
  TestClient c(server.port(), "client");
  c.hello("Anne");

  // Just under the limit is fine; just over is refused, and the connection goes on.
  Json under = {{"type", "ping"}, {"id", "under"}, {"pad", ""}};
  under["pad"] = std::string(1024 - under.dump().size(), 'x');
  REQUIRE(under.dump().size() == 1024);
  c.send_text(under.dump());  // a frame of a given size, padded with a note the server ignores
  CHECK(c.wait_for_type("pong").at("re") == "under");
  Json over = {{"type", "ping"}, {"id", "over"}, {"pad", ""}};
  over["pad"] = std::string(1025 - over.dump().size(), 'x');
  REQUIRE(over.dump().size() == 1025);
  const Json refused = expect_refused_unparsed(c, over.dump(), "message_too_large", "over");
  CHECK(refused.at("message").get<std::string>().find("1024") != std::string::npos);
  // The limit as a value too, for a client that says it in its own words.
  CHECK(refused.at("params") == Json{{"max_bytes", 1024}});
  // An "id" inside another value is not the message's: the refusal names no request.
  const Json nested = {{"type", "ping"}, {"pad", {{"id", "inner"}, {"x", std::string(1100, 'x')}}}};
  REQUIRE(nested.dump().find("\"id\"") < 1024);
  expect_refused_unparsed(c, nested.dump(), "message_too_large", nullptr);
  // Nor is an id the server would find only past the size limit: it reads no further.
  const Json late = {{"aaa", std::string(1100, 'x')}, {"id", "late"}, {"type", "ping"}};
  REQUIRE(late.dump().find("\"id\"") > 1024);
  expect_refused_unparsed(c, late.dump(), "message_too_large", nullptr);
  CHECK(c.errors().size() == 3);

  // Past the hard limit the server does not read the message at all: it closes the connection.
  TestClient big(server.port(), "big");
  big.send_text(Json{{"type", "ping"}, {"pad", std::string(10000, 'x')}}.dump());
  big.wait_until([&] { return big.closed(); }, "the connection to close");
  expect_pong(c);
}

TEST_CASE("a client sending too fast is rate limited, and heard again once it slows down") {
  TempDir dir;
  ServerProcess server(
      dir / "tortuga.db", dir.path(),
      limits_config(dir.path(), "slow", R"({"messages_per_second": 10, "message_burst": 5})"));
  TestClient c(server.port(), "client");

  // The burst goes through; what comes faster than the refill is dropped with an error each,
  // which names the dropped ping by its id. The id comes last, behind an object holding an "id"
  // of its own, which is not the message's.
  const int sent = 25;
  for (int i = 0; i < sent; ++i)
    c.send_text(R"({"type":"ping","pad":{"id":"inner"},"id":)" + std::to_string(i) + "}");
  const auto [pongs, limited] = answers_to_pings(c, sent);
  CHECK(pongs >= 5);
  CHECK(limited >= 1);

  // The bucket refills: a client that paces itself is heard again (each try consumes no token
  // when refused, so the pause between tries only paces them).
  eventually(
      [&] {
        const std::size_t before = c.errors().size();
        c.send({{"type", "ping"}, {"id", "again"}});
        const Json m = c.wait_for(
            [&](const Json& m) {
              return m.value("re", Json()) == "again" || c.errors().size() > before;
            },
            "a pong or a refusal");
        return m.at("type") == "pong";
      },
      "a pong after slowing down");
  CHECK_FALSE(c.closed());
}

TEST_CASE("a client flooding past the rate is read no faster than it is allowed to send") {
  TempDir dir;
  constexpr int kBurst = 10;
  ServerProcess server(
      dir / "tortuga.db", dir.path(),
      limits_config(dir.path(), "flood", R"({"messages_per_second": 100, "message_burst": 10})"));
  TestClient c(server.port(), "flood");

  // Sent at once, far faster than the rate. Once its burst is spent, the server refuses one and
  // reads nothing more of the connection until the next is allowed: it answers at most one
  // refusal for each message it lets through, however fast or slow the machine, rather than one
  // for each message sent (which would be nearly all of them).
  constexpr int kSent = 300;
  for (int i = 0; i < kSent; ++i) c.send_text(R"({"type":"ping","id":)" + std::to_string(i) + "}");
  const auto [pongs, limited] = answers_to_pings(c, kSent);
  CHECK(limited >= 1);
  CHECK(limited <= pongs - kBurst + 1);
  CHECK(metric(server.port(), "tortuga_messages_rate_limited_total") == limited);
}

TEST_CASE("past the connection limit a client is told server_full and let go; others carry on") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(),
                       limits_config(dir.path(), "few", R"({"max_connections": 2})"));
  TestClient first(server.port(), "first"), second(server.port(), "second");
  first.hello("Anne");
  second.hello("Bill");
  TestClient third(server.port(), "third");
  const Json refused = third.wait_for_type("error");
  CHECK(refused.at("code") == "server_full");
  third.wait_until([&] { return third.closed(); }, "the connection to close");
  // Those already in are not disturbed.
  expect_pong(first);
  expect_pong(second);
}

}  // namespace
}  // namespace tortuga::integration
