// Calling players back in both stores (persistence/notifications.hpp): an account's settings,
// links' tokens used once and only before they expire, the outbox's leases (a message held by
// one sender is nobody else's until its lease runs out, and only its holder settles it), a
// digest taken once, all of it kept across a restart; and a database of the schema before.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"
#include "tests/support/postgres_cluster.hpp"

using namespace tortuga::store;
using tortuga::store::test::OnPostgres;
using tortuga::store::test::OnSqlite;
using tortuga::store::test::sample_match;

namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;

template <class S>
std::int64_t account_of(S& store, const std::string& name) {
  NewAccount a;
  a.name = name;
  a.name_key = name;
  a.password_hash = "$argon2id$hash";
  a.token_hash = hash_token("token of " + name);
  auto answer = std::make_shared<std::promise<Outcome<Registered>>>();
  store.create_account(a, [answer](const Outcome<Registered>& r) { answer->set_value(r); });
  const Registered made = answer->get_future().get().value();
  REQUIRE(made.outcome == Registered::Outcome::made);
  return made.player;
}

NotificationSettings settings_of(std::int64_t player, const std::string& email) {
  NotificationSettings s;
  s.player = player;
  s.email = email;
  s.webhook_url = "https://hooks.example.org/x";
  s.webhook_secret = "00ff";
  s.mode = NotifyMode::immediate;
  s.language = "it";
  s.changes_since_ms = kNow;
  s.changes = 2;
  return s;
}

OutboxMessage mail_to(std::int64_t player, std::int64_t due_ms, const std::string& subject) {
  OutboxMessage m;
  m.player = player;
  m.channel = Channel::email;
  m.recipient = "anne@example.org";
  m.subject = subject;
  m.body = "It is your turn.";
  m.headers = "List-Unsubscribe: <https://x/unsubscribe?token=t>\r\n";
  m.due_ms = due_ms;
  return m;
}

}  // namespace

STORE_TEST("an account's notification settings are kept whole; a guest has none") {
  Backend db;
  std::int64_t anne = 0;
  std::int64_t guest = 0;
  {
    auto store = db.open();
    anne = account_of(*store, "anne");
    guest = store->create_player("Jack", hash_token("jack")).value().id;
    CHECK(store->notification_settings(anne).value() == std::nullopt);
    REQUIRE(store->save_notification_settings(settings_of(anne, "anne@example.org")));
    CHECK_FALSE(store->save_notification_settings(settings_of(guest, "jack@example.org")));
  }
  auto store = db.open();
  const auto s = store->notification_settings(anne).value();
  REQUIRE(s);
  CHECK(s->email == "anne@example.org");
  CHECK_FALSE(s->email_verified);
  CHECK(s->webhook_url == "https://hooks.example.org/x");
  CHECK(s->webhook_secret == "00ff");
  CHECK(s->mode == NotifyMode::immediate);
  CHECK(s->language == "it");
  CHECK(s->changes == 2);
  CHECK(store->notification_settings(guest).value() == std::nullopt);
}

STORE_TEST("a verification link works once, before it expires, for the address it was sent to") {
  Backend db;
  auto store = db.open();
  const std::int64_t anne = account_of(*store, "anne");
  REQUIRE(store->save_notification_settings(settings_of(anne, "anne@example.org")));
  const auto token = [&](const std::string& t, TokenPurpose p, const std::string& email,
                         std::int64_t expires) {
    REQUIRE(store->add_notification_token({hash_token(t), anne, p, email, expires}));
  };
  token("late", TokenPurpose::verify_email, "anne@example.org", kNow);
  token("old address", TokenPurpose::verify_email, "old@example.org", kNow + kDayMs);
  token("good", TokenPurpose::verify_email, "anne@example.org", kNow + kDayMs);

  CHECK(store->redeem_notification_token(hash_token("late"), kNow).value() == std::nullopt);
  CHECK(store->redeem_notification_token(hash_token("old address"), kNow).value() == std::nullopt);
  CHECK(store->redeem_notification_token(hash_token("unknown"), kNow).value() == std::nullopt);
  CHECK_FALSE(store->notification_settings(anne).value()->email_verified);

  const auto redeemed = store->redeem_notification_token(hash_token("good"), kNow).value();
  REQUIRE(redeemed);
  CHECK(redeemed->player == anne);
  CHECK(redeemed->purpose == TokenPurpose::verify_email);
  CHECK(redeemed->language == "it");
  CHECK(store->notification_settings(anne).value()->email_verified);
  CHECK(store->redeem_notification_token(hash_token("good"), kNow).value() == std::nullopt);

  // An unsubscribe link may be followed again (a mail client that prefetches it, then the
  // player); each time the address stays unsubscribed.
  token("stop", TokenPurpose::unsubscribe, "anne@example.org", kNow + kDayMs);
  CHECK(store->redeem_notification_token(hash_token("stop"), kNow).value());
  CHECK(store->notification_settings(anne).value()->email_unsubscribed);
  CHECK(store->redeem_notification_token(hash_token("stop"), kNow).value());
}

STORE_TEST("a claimed message is its sender's until the lease runs out; only it settles it") {
  Backend db;
  std::int64_t anne = 0;
  std::int64_t first = 0;
  {
    auto store = db.open();
    anne = account_of(*store, "anne");
    first = store->queue_notification(mail_to(anne, kNow, "first")).value();
    store->queue_notification(mail_to(anne, kNow + kHourMs, "later")).value();
  }
  // Queued messages survive a restart.
  auto store = db.open();
  const auto claimed = store->claim_notifications("node-a", kNow, 60'000, 10).value();
  REQUIRE(claimed.size() == 1);  // the later one is not due yet
  CHECK(claimed[0].id == first);
  CHECK(claimed[0].subject == "first");
  CHECK(claimed[0].tries == 1);
  CHECK(claimed[0].headers == "List-Unsubscribe: <https://x/unsubscribe?token=t>\r\n");
  CHECK(store->claim_notifications("node-b", kNow + 59'999, 60'000, 10).value().empty());
  CHECK_FALSE(store->settle_notification(first, "node-b", Settlement::sent()).value());

  // node-a's lease ran out (it stopped, say): node-b takes the message, and node-a's late
  // settlement changes nothing.
  const auto again = store->claim_notifications("node-b", kNow + 60'000, 60'000, 10).value();
  REQUIRE(again.size() == 1);
  CHECK(again[0].tries == 2);
  CHECK_FALSE(store->settle_notification(first, "node-a", Settlement::sent()).value());
  CHECK(store
            ->settle_notification(first, "node-b",
                                  {OutboxState::queued, kNow + 5 * 60'000, "421 try later"})
            .value());
  CHECK(store->claim_notifications("node-b", kNow + 61'000, 60'000, 10).value().empty());
  CHECK(store->outbox_counts().value().queued == 2);

  const auto retried = store->claim_notifications("node-a", kNow + kHourMs, 60'000, 10).value();
  REQUIRE(retried.size() == 2);
  CHECK(retried[0].id == first);
  CHECK(retried[0].last_error == "421 try later");
  CHECK(store->settle_notification(retried[0].id, "node-a", Settlement::sent()).value());
  CHECK(
      store->settle_notification(retried[1].id, "node-a", {OutboxState::failed, 0, "550"}).value());
  CHECK_FALSE(store->settle_notification(retried[1].id, "node-a", Settlement::sent()).value());
  const auto all = store->outbox(anne).value();
  REQUIRE(all.size() == 2);
  CHECK(all[0].state == OutboxState::sent);
  CHECK(all[1].state == OutboxState::failed);
  CHECK(store->outbox_counts().value().queued == 0);
  CHECK(store->outbox_counts().value().failed == 1);
}

STORE_TEST("messages sent or given up, and links out of time, are forgotten when pruned") {
  Backend db;
  auto store = db.open();
  const std::int64_t anne = account_of(*store, "anne");
  REQUIRE(store->save_notification_settings(settings_of(anne, "anne@example.org")));
  for (const char* subject : {"sent", "given up", "waiting"})
    store->queue_notification(mail_to(anne, kNow, subject)).value();
  const auto claimed = store->claim_notifications("node-a", kNow, 60'000, 10).value();
  REQUIRE(claimed.size() == 3);
  for (const OutboxMessage& m : claimed) {
    if (m.subject == "sent")
      CHECK(store->settle_notification(m.id, "node-a", Settlement::sent()).value());
    if (m.subject == "given up")
      CHECK(store->settle_notification(m.id, "node-a", {OutboxState::failed, 0, "550"}).value());
    if (m.subject == "waiting")
      CHECK(store->settle_notification(m.id, "node-a", {OutboxState::queued, kNow + kHourMs, "421"})
                .value());
  }
  REQUIRE(store->add_notification_token(
      {hash_token("spent"), anne, TokenPurpose::verify_email, "anne@example.org", kNow}));
  REQUIRE(store->add_notification_token(
      {hash_token("fresh"), anne, TokenPurpose::verify_email, "anne@example.org", kNow + kDayMs}));

  // Kept a day: everything is younger, and only the link out of time goes.
  CHECK(store->prune_notifications(kDayMs, kNow).value() == 1);
  CHECK(store->outbox(anne).value().size() == 3);
  // Kept no time at all: the settled messages go; the one still to be tried stays.
  std::this_thread::sleep_for(std::chrono::milliseconds(2));  // the store's clock moves on
  CHECK(store->prune_notifications(0, kNow).value() == 2);
  const auto left = store->outbox(anne).value();
  REQUIRE(left.size() == 1);
  CHECK(left[0].subject == "waiting");
  CHECK(left[0].state == OutboxState::queued);
  // The link still in time works.
  CHECK(store->redeem_notification_token(hash_token("fresh"), kNow).value());
}

STORE_TEST("a digest gathers the matches waiting, and is taken once") {
  Backend db;
  auto store = db.open();
  const std::int64_t anne = account_of(*store, "anne");
  REQUIRE(store->save_notification_settings(settings_of(anne, "anne@example.org")));
  const std::int64_t m1 = store->create_match(sample_match("scalawag", 2)).value();
  const std::int64_t m2 = store->create_match(sample_match("colpaccio", 3)).value();
  const std::int64_t m3 = store->create_match(sample_match("riff-raff", 2)).value();
  REQUIRE(store->add_digest_entry({anne, m1, m1 + 100, "scalawag", kNow + 2 * kDayMs, kNow}));
  REQUIRE(store->add_digest_entry({anne, m2, m2 + 100, "colpaccio", kNow + kDayMs, kNow + 10}));
  REQUIRE(store->add_digest_entry({anne, m3, m3 + 100, "riff-raff", kNow + kDayMs, kNow + 20}));
  REQUIRE(store->remove_digest_entry(anne, m3));  // the player moved meanwhile

  CHECK(store->digests_due(kNow - 1, kNow, 10).value().empty());  // gathered too recently
  CHECK(store->digests_due(kNow, kNow, 10).value() == std::vector<std::int64_t>{anne});

  std::vector<DigestEntry> seen;
  const ComposeDigest compose = [&](const NotificationSettings& s,
                                    const std::vector<DigestEntry>& entries) {
    seen = entries;
    CHECK(s.language == "it");
    return std::vector<OutboxMessage>{mail_to(s.player, kNow, "digest")};
  };
  CHECK(store->take_digest(anne, kNow, kNow, compose).value() == 1);
  REQUIRE(seen.size() == 2);
  CHECK(seen[0].match == m2);  // soonest deadline first
  CHECK(seen[1].match == m1);
  CHECK(seen[1].game == "scalawag");
  // Taken: a second node asking at once queues nothing, and nothing is due for a day.
  seen.clear();
  CHECK(store->take_digest(anne, kNow, kNow, compose).value() == 0);
  CHECK(seen.empty());
  REQUIRE(store->add_digest_entry({anne, m3, m3 + 100, "riff-raff", kNow + kDayMs, kNow + 30}));
  CHECK(store->digests_due(kNow + kDayMs, kNow, 10).value().empty());
  CHECK(store->digests_due(kNow + kDayMs, kNow + kDayMs, 10).value() ==
        std::vector<std::int64_t>{anne});
  REQUIRE(store->outbox(anne).value().size() == 1);
}

TEST_CASE("on PostgreSQL nodes claiming at once never hold the same message") {
  OnPostgres db;
  std::vector<std::unique_ptr<PgStore>> nodes;
  for (int i = 0; i < 4; ++i) nodes.push_back(db.open());
  const std::int64_t anne = account_of(*nodes[0], "anne");
  constexpr int kMessages = 400;
  for (int i = 0; i < kMessages; ++i)
    nodes[0]->queue_notification(mail_to(anne, kNow, "m" + std::to_string(i))).value();

  // Each node claims one at a time, as fast as it can, until none is left.
  std::mutex mutex;
  std::multiset<std::int64_t> claimed;
  const auto claim_all = [&](PgStore& store, const std::string& owner) {
    for (;;) {
      const auto got = store.claim_notifications(owner, kNow, 600'000, 1).value();
      if (got.empty()) return;
      std::lock_guard lock(mutex);
      for (const auto& m : got) claimed.insert(m.id);
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    threads.emplace_back(claim_all, std::ref(*nodes[i]), "node-" + std::to_string(i));
  for (auto& t : threads) t.join();
  CHECK(std::set<std::int64_t>(claimed.begin(), claimed.end()).size() == kMessages);
  CHECK(claimed.size() == kMessages);
}

namespace {

// The notifications' migration added its four tables and changed no other: without them, and at
// the version before, the database is as the builds before it left it.
constexpr const char* kBeforeNotifications =
    "ALTER TABLE matches DROP COLUMN awaiting; ALTER TABLE matches DROP COLUMN awaiting_due_ms; "
    "DROP TABLE notification_digests; DROP TABLE notification_outbox; "
    "DROP TABLE notification_tokens; DROP TABLE notification_settings;";

void before_notifications(const OnSqlite& db) {
  sqlite3* file = nullptr;
  REQUIRE(sqlite3_open(db.where().c_str(), &file) == SQLITE_OK);
  const std::string sql = std::string(kBeforeNotifications) + " PRAGMA user_version = 10;";
  CHECK(sqlite3_exec(file, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(file);
}

void before_notifications(const OnPostgres& db) {
  tortuga::test::PostgresCluster::shared().run_sql(
      db.url, std::string(kBeforeNotifications) + " UPDATE schema_version SET version = 9;");
}

}  // namespace

STORE_TEST("a database from before notifications keeps its accounts and takes settings") {
  Backend db;
  std::int64_t anne = 0;
  {
    auto store = db.open();
    anne = account_of(*store, "anne");
  }
  before_notifications(db);
  auto store = db.open();
  CHECK(store->account(anne).value());
  REQUIRE(store->save_notification_settings(settings_of(anne, "anne@example.org")));
  CHECK(store->notification_settings(anne).value()->email == "anne@example.org");
  CHECK(store->queue_notification(mail_to(anne, kNow, "after")).value() > 0);
}
