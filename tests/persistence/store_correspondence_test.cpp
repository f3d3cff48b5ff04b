// Correspondence play in both stores (persistence/correspondence.hpp): a match's clocks kept and
// rewritten whole, the clocks due found without their rooms and earliest first, a match that ended
// no longer due, and each player's vacation; all of it kept across a restart.
#include <doctest/doctest.h>

#include <sqlite3.h>

#include "tests/persistence/helpers.hpp"
#include "tests/support/postgres_cluster.hpp"

using namespace tortuga::store;
using tortuga::store::test::await;
using tortuga::store::test::OnPostgres;
using tortuga::store::test::OnSqlite;
using tortuga::store::test::sample_match;

namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;

// Seat 0 waited for, due in `due_in_ms`; seat 1 not waited for.
CorrespondenceClocks clocks_of(std::int64_t match, std::int64_t due_in_ms) {
  CorrespondenceClocks c;
  c.match = match;
  c.pace = {.days_per_move = 3, .bank_extra_hours = 6, .bank_cap_days = 5};
  c.seats = {{.seat = 0,
              .bank_ms = 2 * kDayMs,
              .waiting = true,
              .used_ms = kHourMs,
              .running_from_ms = kNow,
              .timeouts = 1,
              .due_ms = kNow + due_in_ms},
             {.seat = 1, .bank_ms = 5 * kDayMs}};
  return c;
}

// The correspondence migration added its three tables and changed no other: without them, and at
// the version before, the database is as the builds before it left it.
constexpr const char* kBeforeCorrespondence =
    "ALTER TABLE matches DROP COLUMN awaiting; ALTER TABLE matches DROP COLUMN awaiting_due_ms; "
    "DROP TABLE notification_digests; DROP TABLE notification_outbox; "
    "DROP TABLE notification_tokens; DROP TABLE notification_settings; "
    "DROP TABLE vacations; DROP TABLE correspondence_clocks; DROP TABLE correspondence_paces;";

void before_correspondence(const OnSqlite& db) {
  sqlite3* file = nullptr;
  REQUIRE(sqlite3_open(db.where().c_str(), &file) == SQLITE_OK);
  const std::string sql = std::string(kBeforeCorrespondence) + " PRAGMA user_version = 9;";
  CHECK(sqlite3_exec(file, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(file);
}

void before_correspondence(const OnPostgres& db) {
  tortuga::test::PostgresCluster::shared().run_sql(
      db.url, std::string(kBeforeCorrespondence) + " UPDATE schema_version SET version = 8;");
}

}  // namespace

STORE_TEST("a database from before correspondence play keeps its matches and takes clocks") {
  Backend db;
  std::int64_t match = 0;
  {
    auto store = db.open();
    match = store->create_match(sample_match("scalawag", 2)).value();
  }
  before_correspondence(db);
  auto store = db.open();
  CHECK(store->match(match).value());
  const auto clocks = clocks_of(match, kDayMs);
  REQUIRE(await([&](Done d) { store->save_correspondence(clocks, d); }).ok);
  CHECK(store->correspondence(match).value() == clocks);
  CHECK(store->correspondence_due(kNow + kDayMs, 10).value().size() == 1);
}

STORE_TEST("a match's clocks are kept as written, and rewritten whole") {
  Backend db;
  auto store = db.open();
  const std::int64_t match = store->create_match(sample_match("scalawag", 2)).value();
  CHECK(store->correspondence(match).value() == std::nullopt);
  auto clocks = clocks_of(match, 4 * kDayMs);
  REQUIRE(await([&](Done done) { store->save_correspondence(clocks, done); }).ok);
  CHECK(store->correspondence(match).value() == clocks);

  // Seat 0 moved, seat 1 is asked now; the pace stays.
  clocks.seats[0] = {.seat = 0, .bank_ms = 2 * kDayMs + 6 * kHourMs};
  clocks.seats[1].waiting = true;
  clocks.seats[1].running_from_ms = kNow + kDayMs;
  clocks.seats[1].due_ms = kNow + 9 * kDayMs;
  REQUIRE(await([&](Done done) { store->save_correspondence(clocks, done); }).ok);
  store.reset();
  store = db.open();  // as a restarted server finds them
  CHECK(store->correspondence(match).value() == clocks);
}

STORE_TEST("the clocks due are the running matches', earliest first, up to the limit") {
  Backend db;
  auto store = db.open();
  const std::int64_t later = store->create_match(sample_match("scalawag", 2)).value();
  const std::int64_t sooner = store->create_match(sample_match("scalawag", 2)).value();
  const std::int64_t ended = store->create_match(sample_match("scalawag", 2)).value();
  const std::int64_t live = store->create_match(sample_match("scalawag", 2)).value();
  REQUIRE(await([&](Done d) { store->save_correspondence(clocks_of(later, 3 * kDayMs), d); }).ok);
  REQUIRE(await([&](Done d) { store->save_correspondence(clocks_of(sooner, kDayMs), d); }).ok);
  REQUIRE(await([&](Done d) { store->save_correspondence(clocks_of(ended, 0), d); }).ok);
  REQUIRE(
      await([&](Done d) { store->finish_match(ended, MatchStatus::aborted, "null", 5, d); }).ok);

  CHECK(store->correspondence_due(kNow + 3 * kDayMs, 10).value() ==
        std::vector<DueClock>{{sooner, 0, kNow + kDayMs}, {later, 0, kNow + 3 * kDayMs}});
  CHECK(store->correspondence_due(kNow + 3 * kDayMs - 1, 10).value() ==
        std::vector<DueClock>{{sooner, 0, kNow + kDayMs}});
  CHECK(store->correspondence_due(kNow + 3 * kDayMs, 1).value() ==
        std::vector<DueClock>{{sooner, 0, kNow + kDayMs}});
  CHECK(store->correspondence_due(kNow, 10).value().empty());
  // A live match has no clocks to keep, and a finished one takes no new ones.
  CHECK(store->correspondence(live).value() == std::nullopt);
  const auto late = await([&](Done d) { store->save_correspondence(clocks_of(ended, kDayMs), d); });
  CHECK_FALSE(late.ok);
  CHECK(late.kind == Failure::Kind::refused);
  CHECK(store->correspondence(ended).value() == clocks_of(ended, 0));
}

STORE_TEST("a player's vacation is kept, and is none until taken") {
  Backend db;
  auto store = db.open();
  const Player anne = store->create_player("Anne", "h-anne").value();
  CHECK(store->vacation(anne.id).value() == Vacation{});
  const Vacation v{.year = 2027, .days_used = 5, .from_ms = kNow, .until_ms = kNow + 5 * kDayMs};
  REQUIRE(await([&](Done d) { store->save_vacation(anne.id, v, d); }).ok);
  Vacation longer = v;
  longer.days_used = 7;
  longer.until_ms += 2 * kDayMs;
  REQUIRE(await([&](Done d) { store->save_vacation(anne.id, longer, d); }).ok);
  store.reset();
  store = db.open();
  CHECK(store->vacation(anne.id).value() == longer);
  const auto nobody = await([&](Done d) { store->save_vacation(anne.id + 100, v, d); });
  CHECK_FALSE(nobody.ok);
  CHECK(nobody.kind == Failure::Kind::refused);
}
