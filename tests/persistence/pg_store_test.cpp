// What only the PostgreSQL backend has to prove: its errors, its schema, a database that goes
// away and comes back, a statement that fails inside a batch, and the history's queries served by
// indexes. Everything else it proves with the SQLite backend (STORE_TEST).
#include <doctest/doctest.h>

#include <future>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "persistence/postgres/pg_store.hpp"
#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"
#include "tests/support/postgres_cluster.hpp"

using namespace tortuga::store;
using tortuga::store::test::action;
using tortuga::store::test::await;
using tortuga::store::test::DatabaseServerStopped;
using tortuga::store::test::OnPostgres;
using tortuga::store::test::sample_match;
using tortuga::store::test::unavailable;
using tortuga::store::test::written;
using tortuga::store::test::Written;
using tortuga::test::PostgresCluster;

namespace {

std::string open_error(const std::string& url) {
  try {
    PgStore store(url);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// The database's name in one of the cluster's URLs: postgresql:///NAME?host=...
std::string database_of(const std::string& url) {
  const auto start = url.find("///") + 3;
  return url.substr(start, url.find('?') - start);
}

std::string admin() {
  return PostgresCluster::shared().url("postgres");
}

std::string run_sql(const std::string& url, const std::string& sql) {
  return PostgresCluster::shared().run_sql(url, sql);
}

// Closes every connection to the database, waiting until each has ended.
void disconnect_all(const std::string& database) {
  run_sql(admin(),
          "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = '" +
              database + "'");
}

// A backend counts its scans when it ends: waits until every connection to the database has.
void wait_for_no_connections(const std::string& database) {
  const std::string count =
      "SELECT count(*) FROM pg_stat_activity WHERE datname = '" + database + "'";
  for (int i = 0; i < 500 && run_sql(admin(), count) != "0"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

}  // namespace

TEST_CASE("a database that cannot be reached is a clear error naming it, without its password") {
  PostgresCluster& cluster = PostgresCluster::shared();
  const std::string url =
      "postgresql://postgres:hunter2@/no_such_database?host=" + cluster.directory() + "&port=1";
  const std::string error = open_error(url);
  CHECK(error.find("cannot open the match store at 'postgresql://postgres:***@/no_such_database") !=
        std::string::npos);
  CHECK(error.find("hunter2") == std::string::npos);

  const std::string in_query =
      "postgresql:///no_such_database?password=hunter2&host=" + cluster.directory() + "&port=1";
  CHECK(open_error(in_query).find("?password=***&host=") != std::string::npos);
  CHECK(open_error(in_query).find("hunter2") == std::string::npos);
}

TEST_CASE("the schema is made once, at its version; opening again keeps it and the data") {
  OnPostgres db;
  db.open()->create_player("Anne", hash_token("a")).value();
  { auto again = db.open(); }
  CHECK(run_sql(db.url, "SELECT version FROM schema_version") ==
        std::to_string(PgStore::kSchemaVersion));
  CHECK(run_sql(db.url, "SELECT count(*) FROM schema_version") == "1");
  CHECK(db.open()->player(1).value()->name == "Anne");
}

TEST_CASE("stores starting at once on a new database migrate it once between them") {
  OnPostgres db;
  std::vector<std::future<std::string>> starts;
  for (int i = 0; i < 4; ++i)
    starts.push_back(std::async(std::launch::async, [&] {
      try {
        return std::to_string(db.open()->ping());
      } catch (const std::exception& e) {
        return std::string(e.what());
      }
    }));
  for (auto& s : starts) CHECK(s.get() == "1");
}

TEST_CASE("a database written by a newer schema version is refused") {
  OnPostgres db;
  { auto store = db.open(); }
  run_sql(db.url, "UPDATE schema_version SET version = 99");
  CHECK(open_error(db.url).find("newer") != std::string::npos);
}

TEST_CASE("while the database cannot be reached writes fail through their Done; then it goes on") {
  OnPostgres db;
  const std::string name = database_of(db.url);
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->append_action(action(id, 1), d); }).ok);

  run_sql(admin(), "ALTER DATABASE " + name + " WITH ALLOW_CONNECTIONS false");
  disconnect_all(name);
  const Written lost = await([&](Done d) { store->append_action(action(id, 2), d); });
  CHECK_FALSE(lost.ok);
  CHECK(lost.error.find("not committed") != std::string::npos);
  CHECK(lost.kind == Failure::Kind::unavailable);
  CHECK(unavailable(store->create_match(sample_match())));
  CHECK_FALSE(store->ping());
  CHECK_FALSE(await([&](Done d) { store->probe_write(d); }).ok);

  run_sql(admin(), "ALTER DATABASE " + name + " WITH ALLOW_CONNECTIONS true");
  CHECK(await([&](Done d) { store->append_action(action(id, 2), d); }).ok);
  CHECK(store->ping());
  CHECK(await([&](Done d) { store->probe_write(d); }).ok);
  CHECK(store->actions(id).value().size() == 2);
}

TEST_CASE("a read the database does not answer is a failure, never an empty answer") {
  OnPostgres db;
  const std::string name = database_of(db.url);
  auto store = db.open();
  const Player anne = store->create_player("Anne", hash_token("anne")).value();
  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->append_action(action(id, 1), d); }).ok);

  run_sql(admin(), "ALTER DATABASE " + name + " WITH ALLOW_CONNECTIONS false");
  disconnect_all(name);
  // Before, each of these was an empty answer: a token that belongs to nobody, a match with no
  // log, no match at all.
  CHECK_THROWS_AS(store->player_by_token_hash(hash_token("anne")).value(), Unavailable);
  CHECK_THROWS_AS(store->player(anne.id).value(), Unavailable);
  CHECK_THROWS_AS(store->match(id).value(), Unavailable);
  CHECK_THROWS_AS(store->actions(id).value(), Unavailable);
  CHECK_THROWS_AS(store->list_matches({}).value(), Unavailable);
  CHECK_THROWS_AS(store->unfinished_matches().value(), Unavailable);
  CHECK_THROWS_AS(store->chat(id).value(), Unavailable);
  CHECK_THROWS_AS(store->admin_actions(10, std::nullopt).value(), Unavailable);

  run_sql(admin(), "ALTER DATABASE " + name + " WITH ALLOW_CONNECTIONS true");
  CHECK(store->player_by_token_hash(hash_token("anne")).value()->id == anne.id);
  CHECK(store->actions(id).value().size() == 1);
  // What is not there is an empty answer, not a failure.
  CHECK_FALSE(store->player_by_token_hash(hash_token("nobody")).value());
  CHECK_FALSE(store->match(id + 1).value());
}

TEST_CASE("a database server stopped and started again: reads and writes fail, then go on") {
  OnPostgres db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->append_action(action(id, 1), d); }).ok);
  DatabaseServerStopped stopped;
  CHECK_THROWS_AS(store->actions(id).value(), Unavailable);
  CHECK_FALSE(await([&](Done d) { store->append_action(action(id, 2), d); }).ok);
  CHECK_FALSE(await([&](Done d) { store->probe_write(d); }).ok);
  stopped.start();
  // Every connection is opened again before its next use, and nothing fails for it.
  CHECK(store->actions(id).value().size() == 1);
  CHECK(await([&](Done d) { store->probe_write(d); }).ok);
  CHECK(await([&](Done d) { store->append_action(action(id, 2), d); }).ok);
}

TEST_CASE("connections closed by the database server between uses are opened again unnoticed") {
  OnPostgres db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  CHECK(await([&](Done d) { store->append_action(action(id, 1), d); }).ok);
  CHECK(store->actions(id).value().size() == 1);
  disconnect_all(database_of(db.url));
  CHECK(store->actions(id).value().size() == 1);
  CHECK(await([&](Done d) { store->append_action(action(id, 2), d); }).ok);
  CHECK(store->match(id).value()->action_count == 2);
}

TEST_CASE("after the database server stops or crashes and starts, no idle connection fails") {
  OnPostgres db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  // Reads at once leave as many connections idle in the pool.
  std::vector<std::future<std::size_t>> reads;
  std::promise<void> go;
  std::shared_future<void> start = go.get_future().share();
  for (int i = 0; i < 6; ++i)
    reads.push_back(std::async(std::launch::async, [&, start] {
      start.wait();
      return store->list_matches({}).value().size();
    }));
  go.set_value();
  for (auto& r : reads) CHECK(r.get() == 1);
  // Before, after a crash (pg_ctl's immediate mode), a connection whose server had said goodbye
  // could take that goodbye for the answer to its next statement: a read, and the writer's next
  // batch, failed once on each connection left idle.
  for (const std::string mode : {"fast", "immediate"}) {
    CAPTURE(mode);
    { DatabaseServerStopped stopped(mode); }
    for (int i = 0; i < 12; ++i) CHECK_NOTHROW(store->match(id).value());
    CHECK(await([&](Done d) { store->probe_write(d); }).ok);
  }
}

TEST_CASE("a write that raises an error in PostgreSQL fails alone; the rest of its batch commits") {
  // PostgreSQL spoils a transaction at its first failed statement. Names that are not UTF-8 are
  // refused by a TEXT column: the renames below raise, though renames need no savepoint.
  OnPostgres db;
  auto store = db.open();
  const std::int64_t id = store->create_match(sample_match()).value();
  const Player anne = store->create_player("Anne", hash_token("anne")).value();

  std::promise<void> entered, release;
  store->append_action(action(id, 1), [&](const Outcome<void>&) {
    entered.set_value();
    release.get_future().wait();
  });
  entered.get_future().wait();
  std::vector<Written> outcomes(4);
  auto record = [&](int i) {
    return [&, i](const Outcome<void>& outcome) { outcomes[i] = written(outcome); };
  };
  store->append_action(action(id, 2), record(0));
  store->rename_player(anne.id, "Anne \xff", record(1));
  store->append_action(action(id, 3), record(2));
  store->rename_player(anne.id, "Anne Bonny", record(3));
  release.set_value();
  store->flush();

  CHECK(outcomes[0].ok);
  CHECK_FALSE(outcomes[1].ok);
  CHECK(outcomes[1].error.find("UTF8") != std::string::npos);
  CHECK(outcomes[2].ok);
  CHECK(outcomes[3].ok);
  CHECK(store->actions(id).value().size() == 3);
  CHECK(store->player(anne.id).value()->name == "Anne Bonny");
}

TEST_CASE("the history's reads, the log and every write find their rows through indexes") {
  // With sequential scans priced out, PostgreSQL scans a table whole only where no index serves
  // the query: the tables' scan counts before and after the store's every read and write show
  // that none did (making the schema scans the tables to build their indexes: counted before),
  // and the indexes' show that the history's filters used their own.
  OnPostgres db;
  const std::string name = database_of(db.url);
  db.open();
  run_sql(admin(), "ALTER DATABASE " + name + " SET enable_seqscan = off");
  const std::string scans =
      "SELECT string_agg(relname || ' ' || seq_scan, ', ' ORDER BY relname) "
      "FROM pg_stat_user_tables WHERE relname <> 'schema_version'";
  wait_for_no_connections(name);
  const std::string before = run_sql(db.url, scans);
  {
    auto store = db.open();
    const Player anne = store->create_player("Anne", hash_token("anne")).value();
    Match m = sample_match();
    m.seats[0].player_id = anne.id;
    const std::int64_t id = store->create_match(m).value();
    const std::int64_t other = store->create_match(sample_match("colpaccio")).value();
    for (int seq = 1; seq <= 3; ++seq)
      CHECK(await([&](Done d) { store->append_action(action(id, seq), d); }).ok);
    CHECK(
        await([&](Done d) { store->finish_match(other, MatchStatus::finished, "null", 5, d); }).ok);
    CHECK(await([&](Done d) { store->replace_seat(id, {1, std::nullopt, "B", "smart"}, d); }).ok);
    CHECK(await([&](Done d) { store->rename_player(anne.id, "Anne B", d); }).ok);
    CHECK(await([&](Done d) {
            store->record_admin_action({0, 0, "admin:x", "drain", "{}"}, d);
          }).ok);

    CHECK(store->player_by_token_hash(hash_token("anne")).value());
    CHECK(store->player(anne.id).value());
    CHECK(store->match(id).value()->seats.size() == 3);
    CHECK(store->actions(id).value().size() == 3);
    CHECK(store->unfinished_matches().value().size() == 1);
    CHECK(store->admin_actions(10, std::nullopt).value().size() == 1);
    CHECK(store->admin_actions(10, 5).value().size() == 1);
    // Every combination of the history's filters.
    for (int bits = 0; bits < 16; ++bits) {
      MatchFilter f;
      if (bits & 1) f.game = "scalawag";
      if (bits & 2) f.status = MatchStatus::running;
      if (bits & 4) f.player = anne.id;
      if (bits & 8) f.before_id = other + 1;
      CAPTURE(bits);
      CHECK(store->list_matches(f).value().size() == ((bits & 7) ? 1u : 2u));
    }
  }
  wait_for_no_connections(name);
  CHECK(run_sql(db.url, scans) == before);
  // And the history's own indexes are the ones its filters used.
  CHECK(run_sql(db.url,
                "SELECT string_agg(indexrelname, ' ' ORDER BY indexrelname) "
                "FROM pg_stat_user_indexes WHERE idx_scan > 0 AND indexrelname IN "
                "('matches_by_game', 'matches_by_status', 'seats_by_player')") ==
        "matches_by_game matches_by_status seats_by_player");
}
