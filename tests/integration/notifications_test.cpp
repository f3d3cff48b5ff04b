// Notification settings over real sockets (docs/notifications.md), against a real SMTP server
// (Debian's aiosmtpd, started by the test): an account sets an address, the mail with its link
// arrives, the link (over the server's HTTP side) verifies it once; a guest has no settings; bad
// addresses and webhooks and too many changes each have their typed error; /metrics counts the
// mail.
#include <doctest/doctest.h>

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

}  // TEST_SUITE

}  // namespace tortuga::integration
