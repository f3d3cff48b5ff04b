// Notification settings over real sockets (docs/notifications.md), against a real SMTP server
// (Debian's aiosmtpd, started by the test): an account sets an address, the mail with its link
// arrives, the link (over the server's HTTP side) verifies it once; a guest has no settings; bad
// addresses and webhooks and too many changes each have their typed error; /metrics counts the
// mail.
#include <doctest/doctest.h>

#include "tests/integration/play.hpp"
#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"
#include "tests/notify/servers.hpp"

namespace tortuga::integration {
namespace {

using notify::test::SmtpServer;
using notify::test::token_after;

std::vector<std::string> notify_config(const TempDir& dir, const SmtpServer& smtp) {
  const auto file = dir / "notify.json";
  write_file(file, R"({"notify": {"smtp_url": ")" + smtp.url() +
                       R"(", "smtp_tls": "none", "public_url": "http://tortuga.test",
                           "changes_per_hour": 4}})");
  return {"--config", file.string()};
}

Json set(TestClient& c, const Json& fields) {
  Json request = fields;
  request["type"] = "set_notifications";
  return c.request(request);
}

}  // namespace

// Its own ctest entry (integration_notify), so that `ctest -R notify` runs it with the others.
TEST_SUITE("notify" * doctest::skip()) {
  TEST_CASE("an account's address is verified by the link mailed to it, over the server's HTTP") {
    SmtpServer smtp;
    TempDir dir;
    ServerProcess server(dir / "t.db", dir.path(), notify_config(dir, smtp));

    TestClient guest(server.port(), "guest");
    guest.hello("Jack");
    const Json refused = guest.request({{"type", "get_notifications"}});
    CHECK(refused.at("type") == "error");
    CHECK(refused.at("code") == "not_registered");
    CHECK(set(guest, {{"email", "jack@example.org"}}).at("code") == "not_registered");

    TestClient anne(server.port(), "anne");
    REQUIRE(
        anne.request({{"type", "register"}, {"name", "Anne"}, {"password", "barbary coast 1720"}})
            .at("type") == "welcome");
    const Json before = anne.request({{"type", "get_notifications"}});
    CHECK(before.at("type") == "notifications");
    CHECK(before.at("email") == "");
    CHECK(before.at("mode") == "digest");

    const Json set_email = set(anne, {{"email", "anne@example.org"}, {"language", "it"}});
    REQUIRE(set_email.at("type") == "notifications");
    CHECK(set_email.at("email_verified") == false);
    CHECK(set_email.at("language") == "it");
    const auto mails = smtp.wait_for(1);
    REQUIRE(mails.size() == 1);
    CHECK(mails[0].header("To") == "anne@example.org");
    CHECK(mails[0].header("Subject") == "Conferma il tuo indirizzo per Tortuga");
    const std::string token = token_after(mails[0].body, "http://tortuga.test/verify-email?token=");
    REQUIRE(token.size() == 64);

    const HttpReply verified = http_get(server.port(), "/verify-email?token=" + token);
    CHECK(verified.status == 200);
    CHECK(verified.body.find("Indirizzo confermato") != std::string::npos);
    CHECK(anne.request({{"type", "get_notifications"}}).at("email_verified") == true);
    CHECK(http_get(server.port(), "/verify-email?token=" + token).status == 404);
    CHECK(http_request(server.port(), "POST", "/verify-email?token=" + token).status == 405);
    CHECK(http_get(server.port(), "/unsubscribe?token=" + std::string(64, '0')).status == 404);
    // RFC 8058's one-click POST reaches the same link (a token that is nobody's: 404, not 405).
    CHECK(http_request(server.port(), "POST", "/unsubscribe?token=" + std::string(64, '0'),
                       "List-Unsubscribe=One-Click",
                       {{"Content-Type", "application/x-www-form-urlencoded"}})
              .status == 404);
    CHECK(http_get(server.port(), "/unsubscribe").status == 400);

    const Json bad_email = set(anne, {{"email", "anne at example.org"}});
    CHECK(bad_email.at("code") == "bad_email");
    CHECK(bad_email.at("params").at("max") == 254);
    CHECK(set(anne, {{"webhook_url", "ftp://hooks.example.org/x"}}).at("code") == "bad_webhook");
    CHECK(set(anne, {{"webhook_url", "https://192.168.1.10/x"}}).at("code") == "webhook_refused");
    CHECK(set(anne, {{"mode", "hourly"}}).at("code") == "bad_field");

    // Four changes an hour, the first included: two more, then refused with when to try again.
    CHECK(set(anne, {{"mode", "immediate"}}).at("mode") == "immediate");
    const Json hook = set(anne, {{"webhook_url", "https://hooks.example.org/x"}});
    CHECK(hook.at("webhook_secret").get<std::string>().size() == 64);
    CHECK(set(anne, {{"mode", "off"}}).at("type") == "notifications");
    const Json too_many = set(anne, {{"mode", "digest"}});
    CHECK(too_many.at("code") == "too_many_changes");
    CHECK(too_many.at("retry_after_ms").get<std::int64_t>() > 0);
    CHECK(anne.request({{"type", "get_notifications"}}).at("mode") == "off");

    CHECK(metric(server.port(), R"(tortuga_notifications_queued_total{channel="email"})") == 1);
    CHECK(metric(server.port(), R"(tortuga_notifications_total{channel="email",outcome="sent"})") ==
          1);
    CHECK(smtp.mails().size() == 1);
  }

  TEST_CASE("a match by correspondence mails its player, away from it, that it is their move") {
    SmtpServer smtp;
    TempDir dir;
    ServerProcess server(dir / "t.db", dir.path(), notify_config(dir, smtp));
    const auto registered = [](TestClient& c, const std::string& name) {
      REQUIRE(c.request({{"type", "register"}, {"name", name}, {"password", "barbary coast 1720"}})
                  .at("type") == "welcome");
    };
    TestClient ben(server.port(), "ben");
    registered(ben, "Ben");
    auto anne = std::make_unique<TestClient>(server.port(), "anne");
    registered(*anne, "Anne");
    REQUIRE(set(*anne, {{"email", "anne@example.org"}, {"mode", "immediate"}}).at("type") ==
            "notifications");
    const std::string token =
        token_after(smtp.wait_for(1)[0].body, "http://tortuga.test/verify-email?token=");
    REQUIRE(http_get(server.port(), "/verify-email?token=" + token).status == 200);

    const Json made = anne->request(
        {{"type", "create_room"}, {"game", kRaft}, {"correspondence", {{"days_per_move", 2}}}});
    REQUIRE(made.at("type") == "room");
    const std::int64_t room = made["room"]["id"];
    REQUIRE(ben.request({{"type", "join_room"}, {"room", room}}).at("type") == "room");
    const Json started = anne->request({{"type", "start"}, {"room", room}});
    REQUIRE(started.at("type") == "room");
    const std::int64_t match = started["room"]["match"];
    anne->wait_version(match, 0);
    ben.wait_version(match, 0);

    // While both have the room open, the match waits for each in turn and nobody is mailed.
    std::int64_t version = 0;
    const auto legal = [&](TestClient& c) { return c.match(match)->view.at("legal"); };
    const auto play = [&](TestClient& c) {
      REQUIRE(
          c.request({{"type", "action"}, {"match", match}, {"action", legal(c)[0]}}).at("type") !=
          "error");
      ++version;
      anne->wait_version(match, version);
      ben.wait_version(match, version);
    };
    while (legal(ben).empty()) play(*anne);
    while (!legal(ben).empty()) play(ben);
    while (legal(ben).empty()) play(*anne);
    CHECK(smtp.mails().size() == 1);

    // Anne leaves the page; once the room has her away, Ben's move makes it wait for her.
    anne.reset();
    ben.wait_for(
        [](const Json& m) {
          return m.value("type", "") == "room" &&
                 m["room"]["seats"][0]["away_since_ms"].is_number_integer();
        },
        "Anne away");
    while (!legal(ben).empty()) {
      REQUIRE(ben.request({{"type", "action"}, {"match", match}, {"action", legal(ben)[0]}})
                  .at("type") != "error");
      ben.wait_version(match, ++version);
    }
    const auto mails = smtp.wait_for(2);
    REQUIRE(mails.size() == 2);
    CHECK(mails[1].header("To") == "anne@example.org");
    CHECK(mails[1].header("Subject") == "Your move in Raft & Scupper");
    CHECK(mails[1].body.find("http://tortuga.test/#/room/" + std::to_string(room)) !=
          std::string::npos);
    CHECK(mails[1].header("List-Unsubscribe").find("http://tortuga.test/unsubscribe?token=") !=
          std::string::npos);
    // The address's confirmation and this one: none for the moves Anne had the room open.
    CHECK(metric(server.port(), R"(tortuga_notifications_queued_total{channel="email"})") == 2);
  }

}  // TEST_SUITE

}  // namespace tortuga::integration
