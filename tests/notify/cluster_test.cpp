// On a cluster every node's notifier looks at the one outbox: each message goes out once.
#include <doctest/doctest.h>

#include <set>

#include "persistence/postgres/pg_store.hpp"
#include "tests/notify/fixture.hpp"
#include "tests/support/postgres_cluster.hpp"

using namespace tortuga;
using namespace tortuga::notify;
using namespace tortuga::notify::test;

TEST_CASE("on PostgreSQL two nodes' notifiers send each message of the outbox once") {
  SmtpServer smtp;
  const std::string url = tortuga::test::PostgresCluster::shared().new_database();
  store::PgStore a(url);
  store::PgStore b(url);
  const std::int64_t anne = account_named(a, "anne");
  constexpr int kMails = 40;
  for (int i = 0; i < kMails; ++i) {
    store::OutboxMessage m;
    m.player = anne;
    m.recipient = "anne@example.org";
    m.subject = "mail " + std::to_string(i);
    m.body = "number " + std::to_string(i);
    m.due_ms = kStart;
    REQUIRE(a.queue_notification(m));
  }
  ManualClock clock;
  NotifySettings settings = test_settings(smtp.url());
  settings.threads = 2;
  Notifier first(a, settings, catalogs(), "node-a", nullptr, nullptr, clock.clock());
  Notifier second(b, settings, catalogs(), "node-b", nullptr, nullptr, clock.clock());
  first.start();
  second.start();
  REQUIRE(wait_until([&] {
    const auto out = a.outbox(anne).value();
    return std::all_of(out.begin(), out.end(),
                       [](const auto& m) { return m.state == store::OutboxState::sent; });
  }));
  first.stop();
  second.stop();
  const auto mails = smtp.wait_for(kMails);
  CHECK(mails.size() == kMails);
  std::multiset<std::string> subjects;
  for (const auto& m : mails) subjects.insert(m.header("Subject"));
  CHECK(std::set<std::string>(subjects.begin(), subjects.end()).size() == kMails);
  for (const auto& m : a.outbox(anne).value()) CHECK(m.tries == 1);
}
