// Webhooks to a real HTTP receiver on loopback (with the operator's allowance, which loopback
// needs): the body Discord and Slack read, signed with the account's key; retries with backoff
// until the receiver takes it, and giving up after the last try; and, without the allowance, a
// URL that reaches a loopback or private address refused when set and when sent.
#include <doctest/doctest.h>
#include <sodium.h>

#include "server/notify/webhook_target.hpp"
#include "tests/notify/fixture.hpp"

using namespace tortuga;
using namespace tortuga::notify;
using namespace tortuga::notify::test;

namespace {

// HMAC-SHA256 of `body` under the hex key, computed here rather than by the code under test.
std::string expected_signature(const std::string& key_hex, const std::string& body) {
  unsigned char key[32];
  std::size_t n = 0;
  REQUIRE(sodium_hex2bin(key, sizeof key, key_hex.data(), key_hex.size(), nullptr, &n, nullptr) ==
          0);
  REQUIRE(n == 32);
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(body.data()), body.size(),
                         key);
  char hex[2 * sizeof mac + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return std::string("sha256=") + hex;
}

struct Hooked {
  TempDir dir;
  store::SqliteStore db{(dir.path() / "store.db").string()};
  std::int64_t anne = account_named(db, "anne");
  ManualClock clock;
};

}  // namespace

TEST_CASE("a webhook gets Discord's and Slack's text, signed with the key shown once") {
  WebhookReceiver receiver;
  Hooked h;
  NotifySettings settings = test_settings("");
  settings.allow_private_webhooks = true;
  Notifier notifier(h.db, settings, catalogs(), "node", nullptr, nullptr, h.clock.clock());
  notifier.start();
  SettingsChange change;
  change.webhook_url = receiver.url();
  change.mode = store::NotifyMode::immediate;
  const auto answer =
      settings_answer([&](Notifier::Answer a) { notifier.change_settings(h.anne, change, a); });
  REQUIRE(answer.ok());
  const std::string key = (*answer)["webhook_secret"];
  CHECK(key.size() == 64);
  // Shown once: reading the settings again never shows it.
  const auto read = settings_answer([&](Notifier::Answer a) { notifier.settings(h.anne, a); });
  CHECK_FALSE(read->contains("webhook_secret"));
  CHECK((*read)["webhook_url"] == receiver.url());

  notifier.your_turn(h.anne, 42, 7, "riff-raff", kStart + kDay, false);
  const auto got = receiver.wait_for(1);
  REQUIRE(got.size() == 1);
  const std::string body = got[0]["body"];
  CHECK(got[0]["path"] == "/hook");
  CHECK(got[0]["headers"]["Content-Type"] == "application/json");
  CHECK(got[0]["headers"]["X-Tortuga-Signature"] == expected_signature(key, body));
  const auto json = nlohmann::json::parse(body);
  CHECK(json["content"] == json["text"]);
  const std::string text = json["content"];
  CHECK(text.find("Your move in Riff Raff") == 0);
  CHECK(text.find("http://tortuga.test/#/room/7") != std::string::npos);
  // A match the player has open is never announced.
  notifier.your_turn(h.anne, 43, 43, "riff-raff", kStart + kDay, true);
  settled(notifier, h.anne);
  CHECK(h.db.outbox(h.anne).value().size() == 1);
}

TEST_CASE("a webhook that fails is tried again later, each pause twice the last, then given up") {
  WebhookReceiver receiver(/*fail_first=*/2);
  Hooked h;
  NotifySettings settings = test_settings("");
  settings.allow_private_webhooks = true;
  settings.max_tries = 3;
  Notifier notifier(h.db, settings, catalogs(), "node", nullptr, nullptr, h.clock.clock());
  notifier.start();
  SettingsChange change;
  change.webhook_url = receiver.url();
  change.mode = store::NotifyMode::immediate;
  REQUIRE(settings_answer([&](Notifier::Answer a) {
            notifier.change_settings(h.anne, change, a);
          }).ok());
  notifier.your_turn(h.anne, 7, 7, "scalawag", 0, false);
  REQUIRE(receiver.wait_for(1).size() == 1);
  const auto retried_at = [&](std::int64_t due) {
    return wait_until([&] {
      const auto out = h.db.outbox(h.anne).value();
      return out.size() == 1 && out[0].state == store::OutboxState::queued && out[0].due_ms == due;
    });
  };
  CHECK(retried_at(kStart + 60 * 1000));
  h.clock.advance(59 * 1000);
  settled(notifier, h.anne);
  CHECK(receiver.requests().size() == 1);  // not due yet
  h.clock.advance(1000);
  REQUIRE(receiver.wait_for(2).size() == 2);
  CHECK(retried_at(kStart + 60 * 1000 + 120 * 1000));
  h.clock.advance(120 * 1000);
  REQUIRE(receiver.wait_for(3).size() == 3);
  REQUIRE(
      wait_until([&] { return h.db.outbox(h.anne).value()[0].state == store::OutboxState::sent; }));
  CHECK(h.db.outbox(h.anne).value()[0].tries == 3);

  // Failing every time: given up after max_tries.
  WebhookReceiver failing(/*fail_first=*/100);
  change.webhook_url = failing.url();
  change.mode.reset();
  REQUIRE(settings_answer([&](Notifier::Answer a) {
            notifier.change_settings(h.anne, change, a);
          }).ok());
  notifier.your_turn(h.anne, 8, 8, "scalawag", 0, false);
  for (std::size_t i = 1; i <= 3; ++i) {
    REQUIRE(failing.wait_for(i).size() == i);
    if (i == 3) break;
    // Settled for another try (its pause reckoned from the clock as it settles): then due.
    std::int64_t due = 0;
    REQUIRE(wait_until([&] {
      const store::OutboxMessage m = h.db.outbox(h.anne).value()[1];
      due = m.due_ms;
      return m.tries == static_cast<int>(i) && m.state == store::OutboxState::queued &&
             m.due_ms > h.clock.now->load();
    }));
    *h.clock.now = due;
  }
  REQUIRE(wait_until(
      [&] { return h.db.outbox(h.anne).value()[1].state == store::OutboxState::failed; }));
  CHECK(h.db.outbox(h.anne).value()[1].last_error == "HTTP 500");
  h.clock.advance(kDay);
  settled(notifier, h.anne);
  CHECK(failing.requests().size() == 3);
}

TEST_CASE("without the operator's allowance a webhook may not reach a private address") {
  Hooked h;
  Notifier notifier(h.db, test_settings(""), catalogs(), "node", nullptr, nullptr, h.clock.clock());
  notifier.start();
  const auto refusal = [&](const std::string& url) {
    SettingsChange change;
    change.webhook_url = url;
    const auto answer =
        settings_answer([&](Notifier::Answer a) { notifier.change_settings(h.anne, change, a); });
    return answer.ok() ? std::string("accepted") : answer.error().code;
  };
  CHECK(refusal("https://127.0.0.1/hook") == "webhook_refused");
  CHECK(refusal("https://[::1]:8443/hook") == "webhook_refused");
  CHECK(refusal("https://10.1.2.3/hook") == "webhook_refused");
  CHECK(refusal("https://169.254.169.254/latest/meta-data") == "webhook_refused");
  CHECK(refusal("https://localhost/hook") == "webhook_refused");
  CHECK(refusal("https://[::ffff:192.168.1.1]/hook") == "webhook_refused");
  CHECK(refusal("http://hooks.example.org/x") == "bad_webhook");  // https only
  CHECK(refusal("https://user:pw@hooks.example.org/x") == "bad_webhook");
  CHECK(refusal("not a url") == "bad_webhook");
  CHECK(refusal("https://hooks.example.org/" + std::string(2100, 'x')) == "bad_webhook");
  CHECK(refusal("https://hooks.example.org/x") == "accepted");

  // A name (not an address) is resolved when the call is made: one that resolves to loopback is
  // refused then, for good, and nothing is sent.
  store::NotificationSettings s = h.db.notification_settings(h.anne).value().value();
  s.webhook_url = "https://localhost:9/hook";
  s.mode = store::NotifyMode::immediate;
  REQUIRE(h.db.save_notification_settings(s));
  notifier.your_turn(h.anne, 9, 9, "scalawag", 0, false);
  REQUIRE(wait_until([&] {
    const auto out = h.db.outbox(h.anne).value();
    return out.size() == 1 && out[0].state == store::OutboxState::failed;
  }));
  const auto out = h.db.outbox(h.anne).value();
  CHECK(out[0].tries == 1);
  CHECK(out[0].last_error.find("private, loopback or link-local") != std::string::npos);
}

TEST_CASE("which addresses a player's webhook may reach") {
  for (const char* yes : {"93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "1.1.1.1",
                          "::ffff:8.8.8.8", "64:ff9b::808:808"})
    CHECK_MESSAGE(is_public_address(yes), yes);
  for (const char* no : {"127.0.0.1",
                         "127.255.0.1",
                         "10.0.0.1",
                         "172.16.0.1",
                         "172.31.255.255",
                         "192.168.0.1",
                         "169.254.169.254",
                         "100.64.0.1",
                         "100.127.255.255",
                         "0.0.0.0",
                         "224.0.0.1",
                         "255.255.255.255",
                         "240.0.0.1",
                         "192.0.2.1",
                         "198.18.0.1",
                         "::",
                         "::1",
                         "fe80::1",
                         "fc00::1",
                         "fd12:3456::1",
                         "ff02::1",
                         "::ffff:127.0.0.1",
                         "::ffff:10.0.0.1",
                         "64:ff9b::7f00:1",
                         "2002:7f00:1::",
                         "2001:db8::1",
                         "not an address"})
    CHECK_MESSAGE(!is_public_address(no), no);
  CHECK(is_public_address("172.32.0.1"));
  CHECK(is_public_address("100.128.0.1"));

  const auto pinned = resolve_webhook("http://127.0.0.1:8080/x", true);
  REQUIRE(pinned.ok());
  CHECK(pinned->resolve_entry() == "127.0.0.1:8080:127.0.0.1");
  CHECK(resolve_webhook("https://localhost/x", false).error().code == "webhook_refused");
}
