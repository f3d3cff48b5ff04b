// Mail through a real SMTP server (Debian's aiosmtpd, started by the test): an address verified by
// the link mailed to it, the digest listing every match waiting and going at most once a day, the
// one-click unsubscribe link in every mail, the words in the account's language; and the outbox
// keeping a mail the SMTP server could not take across a restart.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include "tests/notify/fixture.hpp"

using namespace tortuga;
using namespace tortuga::notify;
using namespace tortuga::notify::test;

TEST_CASE("an address is verified by the single-use link mailed to it") {
  SmtpServer smtp;
  TempDir dir;
  store::SqliteStore db((dir.path() / "store.db").string());
  const std::int64_t anne = account_named(db, "anne");
  const std::int64_t jack = db.create_player("Jack", store::hash_token("jack")).value().id;
  ManualClock clock;
  Notifier notifier(db, test_settings(smtp.url()), catalogs(), "node", nullptr, nullptr,
                    clock.clock());
  notifier.start();

  SettingsChange change;
  change.email = "anne@example.org";
  const auto answer =
      settings_answer([&](Notifier::Answer a) { notifier.change_settings(anne, change, a); });
  REQUIRE(answer.ok());
  CHECK((*answer)["email"] == "anne@example.org");
  CHECK((*answer)["email_verified"] == false);
  CHECK((*answer)["mode"] == "digest");

  const auto mails = smtp.wait_for(1);
  REQUIRE(mails.size() == 1);
  CHECK(mails[0].header("To") == "anne@example.org");
  CHECK(mails[0].header("Subject") == "Confirm your address for Tortuga");
  CHECK(mails[0].body.find("within 48 hours") != std::string::npos);
  const std::string token = token_after(mails[0].body, "http://tortuga.test/verify-email?token=");
  REQUIRE(token.size() == 64);
  // The token is kept hashed: the database never holds the link's secret.
  CHECK(db.redeem_notification_token(token, clock.now->load()).value() == std::nullopt);

  const Notifier::Page verified = page_for(notifier, token);
  CHECK(verified.status == 200);
  CHECK(verified.html.find("Address confirmed") != std::string::npos);
  CHECK(verified.html.find("anne@example.org") != std::string::npos);
  CHECK(db.notification_settings(anne).value()->email_verified);
  CHECK(page_for(notifier, token).status == 404);  // used once
  CHECK(page_for(notifier, std::string(64, 'a')).status == 404);

  // A guest is no account: its settings are refused, and the store keeps none.
  const auto guest =
      settings_answer([&](Notifier::Answer a) { notifier.change_settings(jack, change, a); });
  CHECK_FALSE(guest.ok());
  CHECK(smtp.mails().size() == 1);
}

TEST_CASE("an expired verification link verifies nothing") {
  SmtpServer smtp;
  TempDir dir;
  store::SqliteStore db((dir.path() / "store.db").string());
  const std::int64_t anne = account_named(db, "anne");
  ManualClock clock;
  Notifier notifier(db, test_settings(smtp.url()), catalogs(), "node", nullptr, nullptr,
                    clock.clock());
  notifier.start();
  SettingsChange change;
  change.email = "anne@example.org";
  REQUIRE(
      settings_answer([&](Notifier::Answer a) { notifier.change_settings(anne, change, a); }).ok());
  const auto mails = smtp.wait_for(1);
  REQUIRE(mails.size() == 1);
  const std::string token = token_after(mails[0].body, "/verify-email?token=");
  clock.advance(48 * kHour);
  CHECK(page_for(notifier, token).status == 404);
  CHECK_FALSE(db.notification_settings(anne).value()->email_verified);
}

TEST_CASE("a digest lists every match waiting, goes once a day, and unsubscribes in one click") {
  SmtpServer smtp;
  TempDir dir;
  store::SqliteStore db((dir.path() / "store.db").string());
  const std::int64_t anne = account_named(db, "anne");
  std::vector<std::int64_t> matches;
  for (int i = 0; i < 5; ++i) {
    store::Match m;
    m.game = i % 2 ? "colpaccio" : "scalawag";
    m.seats = {{0, anne, "anne", ""}, {1, std::nullopt, "Bot", "random"}};
    matches.push_back(db.create_match(m).value());
  }
  // Each match's room, which the mail links to.
  const auto room_of = [](std::int64_t match) { return match + 100; };
  store::NotificationSettings s;
  s.player = anne;
  s.email = "anne@example.org";
  s.email_verified = true;
  s.language = "it";
  REQUIRE(db.save_notification_settings(s));

  ManualClock clock;
  NotifySettings settings = test_settings(smtp.url());
  settings.digest_gather_s = 600;
  Notifier notifier(db, settings, catalogs(), "node", nullptr, nullptr, clock.clock());
  notifier.start();
  notifier.your_turn(anne, matches[0], room_of(matches[0]), "scalawag", kStart + 3 * kDay, false);
  notifier.your_turn(anne, matches[1], room_of(matches[1]), "colpaccio", kStart + 2 * kDay, false);
  notifier.your_turn(anne, matches[2], room_of(matches[2]), "scalawag", kStart + kDay,
                     true);  // open: never told
  notifier.your_turn(anne, matches[3], room_of(matches[3]), "colpaccio", kStart + kDay, false);
  notifier.turn_taken(anne, matches[3]);  // moved before the digest went
  settled(notifier, anne);
  notifier.send_due_digests();  // gathered too recently: nothing yet
  CHECK(db.outbox(anne).value().empty());

  clock.advance(600 * 1000);
  const auto mails = smtp.wait_for(1);
  REQUIRE(mails.size() == 1);
  const Mail& digest = mails[0];
  CHECK(digest.header("Subject") == "2 partite aspettano la tua mossa");
  CHECK(digest.body.find("2 partite aspettano la tua mossa:") != std::string::npos);
  const auto at0 =
      digest.body.find("http://tortuga.test/#/room/" + std::to_string(room_of(matches[0])));
  const auto at1 =
      digest.body.find("http://tortuga.test/#/room/" + std::to_string(room_of(matches[1])));
  CHECK(at0 != std::string::npos);
  CHECK(at1 != std::string::npos);
  CHECK(at1 < at0);  // the soonest deadline first
  CHECK(digest.body.find("Scalawag!: tocca a te, entro") != std::string::npos);
  for (int other : {2, 3, 4})
    CHECK(digest.body.find("/#/room/" + std::to_string(room_of(matches[other])) + "\n") ==
          std::string::npos);
  const std::string list = digest.header("List-Unsubscribe");
  CHECK(list.rfind("<http://tortuga.test/unsubscribe?token=", 0) == 0);
  CHECK(digest.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click");
  const std::string stop = token_after(digest.body, "http://tortuga.test/unsubscribe?token=");
  REQUIRE(stop.size() == 64);
  CHECK(list == "<http://tortuga.test/unsubscribe?token=" + stop + ">");

  // Another match waits an hour later: at most one digest a day, so it waits for tomorrow's.
  clock.advance(kHour);
  notifier.your_turn(anne, matches[4], room_of(matches[4]), "colpaccio", kStart + 4 * kDay, false);
  settled(notifier, anne);
  notifier.send_due_digests();
  settled(notifier, anne);
  CHECK(db.outbox(anne).value().size() == 1);
  clock.advance(kDay);
  const auto next = smtp.wait_for(2);
  REQUIRE(next.size() == 2);
  CHECK(next[1].header("Subject") == "Una partita aspetta la tua mossa");
  CHECK(next[1].body.find("/#/room/" + std::to_string(room_of(matches[4]))) != std::string::npos);
  CHECK(next[1].body.find("/#/room/" + std::to_string(room_of(matches[0]))) == std::string::npos);

  const Notifier::Page page = page_for(notifier, stop);
  CHECK(page.status == 200);
  CHECK(page.html.find("Iscrizione annullata") != std::string::npos);
  CHECK(db.notification_settings(anne).value()->email_unsubscribed);
  // Unsubscribed: no digest gathers, no mail goes.
  notifier.your_turn(anne, matches[1], room_of(matches[1]), "colpaccio", kStart + 5 * kDay, false);
  settled(notifier, anne);
  clock.advance(2 * kDay);
  notifier.send_due_digests();
  settled(notifier, anne);
  CHECK(db.outbox(anne).value().size() == 2);
}

TEST_CASE("a mail the SMTP server could not take is sent after a restart") {
  TempDir dir;
  const std::string where = (dir.path() / "store.db").string();
  ManualClock clock;
  std::int64_t anne = 0;
  const int closed_port = free_port();  // nothing listens there
  {
    store::SqliteStore db(where);
    anne = account_named(db, "anne");
    Notifier notifier(db, test_settings("smtp://127.0.0.1:" + std::to_string(closed_port)),
                      catalogs(), "node", nullptr, nullptr, clock.clock());
    notifier.start();
    SettingsChange change;
    change.email = "anne@example.org";
    REQUIRE(settings_answer([&](Notifier::Answer a) {
              notifier.change_settings(anne, change, a);
            }).ok());
    REQUIRE(wait_until([&] {
      const auto out = db.outbox(anne).value();
      return out.size() == 1 && out[0].tries == 1 && !out[0].last_error.empty();
    }));
    const auto out = db.outbox(anne).value();
    CHECK(out[0].state == store::OutboxState::queued);
    CHECK(out[0].due_ms == kStart + 60 * 1000);  // the first pause, then it doubles
  }
  SmtpServer smtp;
  store::SqliteStore db(where);
  Notifier notifier(db, test_settings(smtp.url()), catalogs(), "node", nullptr, nullptr,
                    clock.clock());
  notifier.start();
  clock.advance(60 * 1000);
  const auto mails = smtp.wait_for(1);
  REQUIRE(mails.size() == 1);
  CHECK(mails[0].header("Subject") == "Confirm your address for Tortuga");
  REQUIRE(wait_until([&] { return db.outbox(anne).value()[0].state == store::OutboxState::sent; }));
  CHECK(db.outbox(anne).value()[0].tries == 2);
}

TEST_CASE("a mail sent long ago and a link out of time leave the store") {
  SmtpServer smtp;
  TempDir dir;
  const std::string where = (dir.path() / "store.db").string();
  store::SqliteStore db(where);
  const std::int64_t anne = account_named(db, "anne");
  ManualClock clock;
  Notifier notifier(db, test_settings(smtp.url()), catalogs(), "node", nullptr, nullptr,
                    clock.clock());
  notifier.start();
  SettingsChange change;
  change.email = "anne@example.org";
  REQUIRE(
      settings_answer([&](Notifier::Answer a) { notifier.change_settings(anne, change, a); }).ok());
  REQUIRE(smtp.wait_for(1).size() == 1);
  REQUIRE(wait_until([&] { return db.outbox(anne).value()[0].state == store::OutboxState::sent; }));

  // The verification mail was queued 31 days ago, as far as the store can tell.
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(where.c_str(), &handle) == SQLITE_OK);
  sqlite3_busy_timeout(handle, 10000);
  const auto count = [&](const char* sql) {
    sqlite3_stmt* q = nullptr;
    REQUIRE(sqlite3_prepare_v2(handle, sql, -1, &q, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(q) == SQLITE_ROW);
    const int n = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    return n;
  };
  CHECK(sqlite3_exec(handle,
                     "UPDATE notification_outbox SET created_ms = created_ms - 31 * 86400000",
                     nullptr, nullptr, nullptr) == SQLITE_OK);
  CHECK(count("SELECT COUNT(*) FROM notification_tokens") == 1);

  // An hour on, the outbox is looked over: the mail, 30 days old, is gone; the link, good for
  // 48 hours, stays until its time is up.
  clock.advance(kHour);
  CHECK(wait_until([&] { return db.outbox(anne).value().empty(); }));
  CHECK(count("SELECT COUNT(*) FROM notification_tokens") == 1);
  clock.advance(48 * kHour);
  CHECK(wait_until([&] { return count("SELECT COUNT(*) FROM notification_tokens") == 0; }));
  sqlite3_close(handle);
}
