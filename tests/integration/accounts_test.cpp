// Accounts over real sockets (docs/protocol.md, Accounts): a guest who registers keeps their
// player and seats, a login on another connection is the same player with the same seats, every
// bad request has its typed error, wrong passwords are limited with a time to wait, and sessions
// end (revoked, a password changed, an account disabled) with their connections told and closed.
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "persistence/now.hpp"
#include "protocol/codes.hpp"
#include "server/ops/config.hpp"
#include "tests/integration/admin_calls.hpp"
#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {
namespace {

constexpr const char* kPassword = "barbary coast 1720";

Json account_request(TestClient& c, const std::string& type, const std::string& name,
                     const std::string& password) {
  return c.request({{"type", type}, {"name", name}, {"password", password}});
}

// A connection that registers `name` afresh; returns its welcome.
Json registered(TestClient& c, const std::string& name) {
  Json welcome = account_request(c, "register", name, kPassword);
  REQUIRE(welcome.at("type") == "welcome");
  CHECK(welcome.at("account") == true);
  return welcome;
}

std::vector<std::int64_t> session_ids(TestClient& c) {
  Json answer = c.request({{"type", "list_sessions"}});
  REQUIRE(answer.at("type") == "sessions");
  std::vector<std::int64_t> ids;
  for (const Json& s : answer.at("sessions")) ids.push_back(s.at("id"));
  return ids;
}

// Reads until the server has closed `c`; the close frame's code.
int closed_with(TestClient& c) {
  c.read_until_closed();
  REQUIRE(c.close_frame());
  return c.close_frame()->code;
}

}  // namespace

TEST_CASE("a guest who registers keeps their player and seat; a login elsewhere is that player") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path());
  TestClient anne(server.port(), "anne");
  const Json hello = anne.hello("Anne");
  CHECK(hello.at("account") == false);
  const Json room = anne.request({{"type", "create_room"}, {"game", kRaft}});
  const std::int64_t room_id = room.at("room").at("id");
  REQUIRE(anne.request({{"type", "join_room"}, {"room", room_id}, {"seat", 0}}).at("type") ==
          "room");

  const Json welcome = registered(anne, "Anne Bonny");
  CHECK(welcome.at("player").at("id") == anne.player());
  CHECK(welcome.at("player").at("name") == "Anne Bonny");
  CHECK(welcome.at("token") != hello.at("token"));
  // The guest's token was this device's, and is replaced by the account's.
  TestClient old_token(server.port(), "old token");
  CHECK(old_token.request({{"type", "hello"}, {"name", "Anne"}, {"token", hello.at("token")}})
            .at("code") == code::kBadToken);

  TestClient laptop(server.port(), "laptop");
  const Json login = account_request(laptop, "login", "anne bonny", kPassword);
  REQUIRE(login.at("type") == "welcome");
  CHECK(login.at("player").at("id") == anne.player());
  CHECK(login.at("player").at("name") == "Anne Bonny");
  CHECK(login.at("account") == true);
  CHECK(login.at("token") != welcome.at("token"));
  // The seat is the player's, wherever they log in: it is resumed on the new connection.
  const Json resumed = laptop.wait_for(
      [&](const Json& m) { return m.at("type") == "room" && m.at("room").at("id") == room_id; },
      "the room of the seat");
  CHECK(resumed.at("you").at("seat") == 0);
  // A hello with the login's token is the same player again, named by the account.
  TestClient again(server.port(), "again");
  const Json back = again.hello("Someone Else", login.at("token").get<std::string>());
  CHECK(back.at("player").at("id") == anne.player());
  CHECK(back.at("player").at("name") == "Anne Bonny");
  CHECK(session_ids(laptop).size() == 2);
}

TEST_CASE("bad logins and registrations: each its typed error, and nothing stored changes") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path());
  TestClient anne(server.port(), "anne");
  const Json anne_welcome = registered(anne, "Anne");
  TestClient other(server.port(), "other");

  CHECK(account_request(other, "login", "Anne", "not the password").at("code") == code::kBadLogin);
  CHECK(account_request(other, "login", "Nobody At All", kPassword).at("code") == code::kBadLogin);
  CHECK(account_request(other, "register", "ANNE", kPassword).at("code") == code::kNameTaken);
  // "Аnne" with a Cyrillic А looks like Anne: taken too.
  CHECK(account_request(other, "register", "\xD0\x90nne", kPassword).at("code") ==
        code::kNameTaken);
  const Json weak = account_request(other, "register", "Mary", "short");
  CHECK(weak.at("code") == code::kWeakPassword);
  CHECK(weak.at("params").at("min_length") == 8);
  CHECK(account_request(other, "register", "Mary Read", "MARY READ").at("code") ==
        code::kWeakPassword);
  CHECK(other.request({{"type", "list_sessions"}}).at("code") == code::kNotWelcomed);
  // A guest has no password to change; an account is made once.
  other.hello("Mary");
  CHECK(other
            .request({{"type", "change_password"},
                      {"password", kPassword},
                      {"new_password", "a new password"}})
            .at("code") == code::kNotRegistered);
  CHECK(account_request(anne, "register", "Anne Again", kPassword).at("code") ==
        code::kAlreadyRegistered);
  CHECK(account_request(other, "register", "Mary Read", kPassword).at("type") == "welcome");
  // Anne's account is as it was.
  TestClient later(server.port(), "later");
  CHECK(account_request(later, "login", "Anne", kPassword).at("player") ==
        anne_welcome.at("player"));
}

TEST_CASE("1,000 wrong passwords: each a typed error, past a few with when to retry") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), behind_proxy_config(dir.path()));
  TestClient anne(server.port(), "anne", TestClient::from_address("198.51.100.7"));
  registered(anne, "Anne");
  const auto before = session_ids(anne);
  int bad = 0, waits = 0;
  for (int address = 0; address < 20; ++address) {
    TestClient guesser(server.port(), "guesser " + std::to_string(address),
                       TestClient::from_address(TestClient::person_address(address)));
    for (int i = 0; i < 50; ++i) {
      const Json answer = account_request(guesser, "login", "Anne", "guess " + std::to_string(i));
      REQUIRE(answer.at("type") == "error");
      if (answer.at("code") == code::kBadLogin) {
        ++bad;
      } else {
        REQUIRE(answer.at("code") == code::kTooManyLogins);
        CHECK(answer.at("retry_after_ms").get<std::int64_t>() > 0);
        ++waits;
      }
    }
  }
  CHECK(bad + waits == 1000);
  // A few free ones for the account, then it waits, whichever address asks, each wait twice the
  // last (1 s, 2 s, 4 s ...): in the time the test takes, at most a few more are heard.
  CHECK(bad >= Limits{}.free_guesses + 1);
  CHECK(bad <= Limits{}.free_guesses + 10);
  CHECK(session_ids(anne) == before);
  CHECK(metric(server.port(), "tortuga_guesses_failed_total{secret=\"account_password\"}") == bad);
  CHECK(metric(server.port(), "tortuga_errors_sent_total{code=\"too_many_logins\"}") == waits);
}

TEST_CASE("a revoked session's connection is told and closed, and its token refused") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path());
  TestClient phone(server.port(), "phone");
  const Json first = registered(phone, "Anne");
  TestClient laptop(server.port(), "laptop");
  account_request(laptop, "login", "Anne", kPassword);
  const auto ids = session_ids(laptop);
  REQUIRE(ids.size() == 2);
  const Json listed = laptop.request({{"type", "list_sessions"}});
  CHECK(listed.at("sessions").at(1).at("current") == true);
  CHECK(listed.at("sessions").at(0).at("current") == false);
  CHECK(listed.dump().find(first.at("token").get<std::string>()) == std::string::npos);

  CHECK(laptop.request({{"type", "revoke_session"}, {"session", 999999}}).at("code") ==
        code::kNoSuchSession);
  const Json left = laptop.request({{"type", "revoke_session"}, {"session", ids[0]}});
  REQUIRE(left.at("type") == "sessions");
  CHECK(left.at("sessions").size() == 1);
  const Json told = phone.wait_for_type("error");
  CHECK(told.at("code") == code::kBadToken);
  CHECK(closed_with(phone) == protocol::close_code::kSignedOut);
  TestClient again(server.port(), "again");
  CHECK(again.request({{"type", "hello"}, {"name", "Anne"}, {"token", first.at("token")}})
            .at("code") == code::kBadToken);
  eventually(
      [&] {
        return metric(server.port(), "tortuga_connections_closed_total{reason=\"signed_out\"}") ==
               1;
      },
      "the connection counted as signed out");
}

TEST_CASE("a login past the most sessions a player holds ends the one used longest ago") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(),
                       limits_config(dir.path(), "sessions", R"({"max_sessions_per_player": 2})"));
  TestClient phone(server.port(), "phone");
  const Json first = registered(phone, "Anne");
  TestClient laptop(server.port(), "laptop");
  const Json second = account_request(laptop, "login", "Anne", kPassword);
  REQUIRE(second.at("type") == "welcome");
  // The phone's token used since, in a later millisecond: the laptop's session, the newer, is the
  // one used longest ago.
  const std::int64_t login_ms =
      laptop.request({{"type", "list_sessions"}}).at("sessions").at(1).at("last_used_ms");
  while (store::now_ms() <= login_ms) std::this_thread::yield();
  TestClient phone_again(server.port(), "phone again");
  phone_again.hello("Anne", first.at("token").get<std::string>());

  TestClient desk(server.port(), "desk");
  REQUIRE(account_request(desk, "login", "Anne", kPassword).at("type") == "welcome");
  CHECK(laptop.wait_for_type("error").at("code") == code::kBadToken);
  CHECK(closed_with(laptop) == protocol::close_code::kSignedOut);
  CHECK(session_ids(desk).size() == 2);
  TestClient again(server.port(), "again");
  CHECK(again.request({{"type", "hello"}, {"name", "Anne"}, {"token", second.at("token")}})
            .at("code") == code::kBadToken);
  CHECK(phone.request({{"type", "ping"}}).at("type") == "pong");
  CHECK(again.hello("Anne", first.at("token").get<std::string>()).at("player") ==
        first.at("player"));
  CHECK(metric(server.port(), "tortuga_sessions_ended_by_login_total") == 1);
}

TEST_CASE("a password changed ends every other session; the old password no longer logs in") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path());
  TestClient phone(server.port(), "phone");
  registered(phone, "Anne");
  TestClient laptop(server.port(), "laptop");
  account_request(laptop, "login", "Anne", kPassword);
  CHECK(laptop
            .request({{"type", "change_password"},
                      {"password", "wrong one"},
                      {"new_password", "a new password"}})
            .at("code") == code::kBadLogin);
  CHECK(
      laptop
          .request({{"type", "change_password"}, {"password", kPassword}, {"new_password", "Anne"}})
          .at("code") == code::kWeakPassword);
  const Json left = laptop.request(
      {{"type", "change_password"}, {"password", kPassword}, {"new_password", "a new password"}});
  REQUIRE(left.at("type") == "sessions");
  CHECK(left.at("sessions").size() == 1);
  CHECK(left.at("sessions").at(0).at("current") == true);
  CHECK(closed_with(phone) == protocol::close_code::kSignedOut);
  TestClient next(server.port(), "next");
  CHECK(account_request(next, "login", "Anne", kPassword).at("code") == code::kBadLogin);
  CHECK(account_request(next, "login", "Anne", "a new password").at("type") == "welcome");
  // The laptop speaks on.
  CHECK(laptop.request({{"type", "ping"}}).at("type") == "pong");
}

TEST_CASE("the operator disables an account: its connections close, it cannot log in; enabled") {
  TempDir dir;
  ServerProcess server(dir / "t.db", dir.path(), admin_flags(dir.path()));
  TestClient anne(server.port(), "anne");
  const Json welcome = registered(anne, "Anne");
  const std::string path = "accounts/" + welcome.at("player").at("id").dump();
  CHECK(admin_json(server.port(), "POST", path + "/disable").at("connections_closed") == 1);
  CHECK(anne.wait_for_type("error").at("code") == code::kAccountDisabled);
  CHECK(closed_with(anne) == protocol::close_code::kSignedOut);
  TestClient again(server.port(), "again");
  CHECK(account_request(again, "login", "Anne", kPassword).at("code") == code::kAccountDisabled);
  CHECK(again.request({{"type", "hello"}, {"name", "Anne"}, {"token", welcome.at("token")}})
            .at("code") == code::kAccountDisabled);
  admin_json(server.port(), "POST", path + "/enable");
  CHECK(again.request({{"type", "hello"}, {"name", "Anne"}, {"token", welcome.at("token")}})
            .at("type") == "welcome");

  // A reset: every session ends, and only the new password logs in.
  admin_json(server.port(), "POST", path + "/password", R"({"password": "short"})", 400);
  admin_json(server.port(), "POST", "accounts/999/disable", "", 404);
  const Json reset =
      admin_json(server.port(), "POST", path + "/password", R"({"password": "from the harbour"})");
  CHECK(reset.at("sessions_revoked") == 1);
  CHECK(closed_with(again) == protocol::close_code::kSignedOut);
  TestClient third(server.port(), "third");
  CHECK(account_request(third, "login", "Anne", kPassword).at("code") == code::kBadLogin);
  CHECK(account_request(third, "login", "Anne", "from the harbour").at("type") == "welcome");
  const Json record = admin_json(server.port(), "GET", "actions");
  CHECK(record.dump().find("from the harbour") == std::string::npos);
  CHECK(server.log().find("from the harbour") == std::string::npos);
}

}  // namespace tortuga::integration
