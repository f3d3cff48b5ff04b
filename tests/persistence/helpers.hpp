// Shared by the store tests: the backends each test runs on, a fresh temporary directory per
// test, and a way to wait for a Done.
#pragma once

#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <future>
#include <memory>
#include <string>

#include "persistence/postgres/pg_store.hpp"
#include "persistence/sqlite/sqlite_store.hpp"
#include "persistence/store.hpp"
#include "tests/support/postgres_cluster.hpp"

namespace tortuga::store::test {

class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "tortuga-store-test-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// The backends a store test runs on (STORE_TEST). Each holds one fresh database and opens a store
// on it as often as the test asks, so that a test can close its store and open the same database
// again, as a restarted server does.
struct OnSqlite {
  using Store = SqliteStore;
  TempDir dir;
  std::string where() const { return dir.file("store.db"); }
  std::unique_ptr<SqliteStore> open(const WriterOptions& writer = {}) const {
    SqliteOptions options;
    options.writer = writer;
    return std::make_unique<SqliteStore>(where(), options);
  }
};

struct OnPostgres {
  using Store = PgStore;
  std::string url = tortuga::test::PostgresCluster::shared().new_database();
  const std::string& where() const { return url; }
  std::unique_ptr<PgStore> open(const WriterOptions& writer = {}) const {
    return std::make_unique<PgStore>(url, PgOptions{writer});
  }
};

// The test run's PostgreSQL server stopped (pg_ctl's fast mode: every connection ends) until
// start(), or the end of the scope, starts it again on the same data.
class DatabaseServerStopped {
 public:
  // `mode`: pg_ctl's, "fast" (a clean stop) or "immediate" (as a crash).
  explicit DatabaseServerStopped(const std::string& mode = "fast") {
    tortuga::test::PostgresCluster::shared().stop_server(mode);
  }
  ~DatabaseServerStopped() { start(); }
  void start() {
    if (stopped_) tortuga::test::PostgresCluster::shared().start_server();
    stopped_ = false;
  }

 private:
  bool stopped_ = true;
};

// How a write was answered: whether it was stored, and if not, why and what kind of failure.
struct Written {
  bool ok = false;
  std::string error;
  Failure::Kind kind = Failure::Kind::unavailable;  // when not ok
};

inline Written written(const Outcome<void>& outcome) {
  if (outcome) return {true, "", Failure::Kind::unavailable};
  return {false, outcome.failure().why, outcome.failure().kind};
}

// Whether an Outcome is a failure, and of which kind: the database refused it, or could not do it.
template <class T>
bool refused(const Outcome<T>& outcome) {
  return !outcome && outcome.failure().kind == Failure::Kind::refused;
}
template <class T>
bool unavailable(const Outcome<T>& outcome) {
  return !outcome && outcome.failure().kind == Failure::Kind::unavailable;
}

// Starts an asynchronous write with a Done of its own and waits for that Done.
template <class Start>
Written await(Start&& start) {
  auto answer = std::make_shared<std::promise<Written>>();
  auto future = answer->get_future();
  start([answer](const Outcome<void>& outcome) { answer->set_value(written(outcome)); });
  return future.get();
}

inline Match sample_match(const std::string& game = "scalawag", int seats = 3) {
  Match m;
  m.game = game;
  m.options_json = R"({"rounds":3})";
  m.seed = 42;
  m.script_json = "[1,2,3]";
  m.created_ms = 1700000000000;
  for (int i = 0; i < seats; ++i)
    m.seats.push_back({i, std::nullopt, "Bot " + std::to_string(i), "random"});
  return m;
}

inline Action action(std::int64_t match, std::int64_t seq, int seat = 0) {
  return {match, seq, seat, R"({"type":"move","n":)" + std::to_string(seq) + "}", 1000 + seq};
}

}  // namespace tortuga::store::test

TYPE_TO_STRING_AS("sqlite", tortuga::store::test::OnSqlite);
TYPE_TO_STRING_AS("postgresql", tortuga::store::test::OnPostgres);

// A test of the Store interface, run once on each backend: `Backend` is OnSqlite, then OnPostgres.
#define STORE_TEST(name)                                            \
  TEST_CASE_TEMPLATE(name, Backend, tortuga::store::test::OnSqlite, \
                     tortuga::store::test::OnPostgres)
