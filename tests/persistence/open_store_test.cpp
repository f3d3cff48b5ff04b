// How a `db` setting chooses its store: a PostgreSQL URL, or else a SQLite file's path.
#include <doctest/doctest.h>

#include <atomic>
#include <memory>

#include "persistence/open_store.hpp"
#include "persistence/postgres/pg_store.hpp"
#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/persistence/helpers.hpp"
#include "tests/support/postgres_cluster.hpp"

using namespace tortuga::store;

TEST_CASE("a postgresql:// or postgres:// URL names PostgreSQL; anything else a SQLite file") {
  CHECK(names_postgresql("postgresql://db.example/tortuga"));
  CHECK(names_postgresql("postgres://anne@db.example:5433/tortuga?sslmode=require"));
  CHECK(names_postgresql("postgresql:///tortuga?host=/var/run/postgresql"));
  CHECK_FALSE(names_postgresql("data/tortuga.db"));
  CHECK_FALSE(names_postgresql("postgresql.db"));
  CHECK_FALSE(names_postgresql("./postgresql://x"));
  CHECK_FALSE(names_postgresql(""));
}

TEST_CASE("the store a setting names is opened, with the writer's settings") {
  tortuga::store::test::TempDir dir;
  StoreOptions options;
  // One write per transaction: seen in the stats of either store.
  options.sqlite.writer.max_batch = options.postgres.writer.max_batch = 1;
  const auto file = open_store(dir.file("t.db"), options);
  CHECK(dynamic_cast<SqliteStore*>(file.get()));
  const auto url = tortuga::test::PostgresCluster::shared().new_database();
  const auto database = open_store(url, options);
  auto* pg = dynamic_cast<PgStore*>(database.get());
  REQUIRE(pg);
  for (int i = 0; i < 3; ++i) database->record_admin_action({0, 0, "admin:x", "drain", "{}"}, {});
  database->flush();
  CHECK(pg->stats().largest_batch == 1);
  CHECK(pg->stats().transactions == 3);
}

TEST_CASE("each backend is opened with its own options, never the other's") {
  tortuga::store::test::TempDir dir;
  std::atomic<int> sqlite_batches{0}, postgres_batches{0};
  StoreOptions options;
  options.sqlite.writer.on_batch = [&](std::size_t, auto) { ++sqlite_batches; };
  options.postgres.writer.on_batch = [&](std::size_t, auto) { ++postgres_batches; };
  const auto file = open_store(dir.file("t.db"), options);
  file->record_admin_action({0, 0, "admin:x", "drain", "{}"}, {});
  file->flush();
  CHECK(sqlite_batches == 1);
  CHECK(postgres_batches == 0);
  const auto database =
      open_store(tortuga::test::PostgresCluster::shared().new_database(), options);
  database->record_admin_action({0, 0, "admin:x", "drain", "{}"}, {});
  database->flush();
  CHECK(sqlite_batches == 1);
  CHECK(postgres_batches == 1);
}

TEST_CASE("a URL is shown without its password; a path as it is") {
  CHECK(shown_db("postgresql://anne:hunter2@db.example/tortuga") ==
        "postgresql://anne:***@db.example/tortuga");
  CHECK(shown_db("postgres://db.example/tortuga?user=anne&password=hunter2&sslmode=require") ==
        "postgres://db.example/tortuga?user=anne&password=***&sslmode=require");
  CHECK(shown_db("postgresql://anne@db.example:5432/tortuga") ==
        "postgresql://anne@db.example:5432/tortuga");
  CHECK(shown_db("data/anne:hunter2@x.db") == "data/anne:hunter2@x.db");
}
