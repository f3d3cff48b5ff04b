#include <doctest/doctest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "persistence/sqlite/sqlite_store.hpp"
#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::action;
using tortuga::store::test::sample_match;
using tortuga::store::test::TempDir;

namespace {
std::string open_error(const std::string& path) {
  try {
    SqliteStore store(path);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

STORE_TEST("after a restart everything written is there, and the running match can be replayed") {
  Backend db;
  std::int64_t anne_id = 0, ended_id = 0, running_id = 0;
  {
    auto store = db.open();
    anne_id = store->create_player("Anne", hash_token("anne")).value().id;
    Match m = sample_match();
    m.seed = 0x8000000000000001;
    m.seats[0] = {0, anne_id, "Anne", ""};
    ended_id = store->create_match(m).value();
    running_id = store->create_match(m).value();
    for (int seq = 1; seq <= 4; ++seq) store->append_action(action(ended_id, seq), nullptr);
    for (int seq = 1; seq <= 7; ++seq)
      store->append_action(action(running_id, seq, seq % 3), nullptr);
    store->finish_match(ended_id, MatchStatus::finished, R"({"winners":[0]})", 123, nullptr);
    store->rename_player(anne_id, "Anne Bonny", nullptr);
    store->flush();
  }
  auto store = db.open();
  auto anne = store->player_by_token_hash(hash_token("anne")).value();
  REQUIRE(anne);
  CHECK(anne->id == anne_id);
  CHECK(anne->name == "Anne Bonny");

  auto ended = store->match(ended_id).value();
  REQUIRE(ended);
  CHECK(ended->status == MatchStatus::finished);
  CHECK(ended->result_json == R"({"winners":[0]})");
  CHECK(ended->ended_ms == 123);
  CHECK(ended->action_count == 4);

  auto unfinished = store->unfinished_matches().value();
  REQUIRE(unfinished.size() == 1);
  const Match& running = unfinished[0];
  CHECK(running.id == running_id);
  CHECK(running.game == "scalawag");
  CHECK(running.options_json == R"({"rounds":3})");
  CHECK(running.seed == 0x8000000000000001);
  CHECK(running.script_json == "[1,2,3]");
  REQUIRE(running.seats.size() == 3);
  CHECK(running.seats[0].player_id == anne_id);
  CHECK(running.action_count == 7);
  auto log = store->actions(running_id).value();
  REQUIRE(log.size() == 7);
  for (int i = 0; i < 7; ++i) {
    CHECK(log[i].seq == i + 1);
    CHECK(log[i].seat == (i + 1) % 3);
    CHECK(log[i].action_json == action(running_id, i + 1).action_json);
  }

  // New ids continue after the old ones, and the log goes on where it stopped.
  CHECK(store->create_match(sample_match()).value() > running_id);
  std::atomic<bool> ok{false};
  store->append_action(action(running_id, 8),
                       [&](const Outcome<void>& written) { ok = written.ok(); });
  store->flush();
  CHECK(ok.load());
}

STORE_TEST("unfinished matches are listed oldest first") {
  Backend db;
  auto store = db.open();
  const auto a = store->create_match(sample_match()).value();
  const auto b = store->create_match(sample_match()).value();
  const auto c = store->create_match(sample_match()).value();
  store->finish_match(b, MatchStatus::aborted, "null", 1, nullptr);
  store->flush();
  auto unfinished = store->unfinished_matches().value();
  REQUIRE(unfinished.size() == 2);
  CHECK(unfinished[0].id == a);
  CHECK(unfinished[1].id == c);
}

STORE_TEST("closing the store without flush commits every queued write and runs its Done") {
  Backend db;
  std::int64_t id = 0;
  std::atomic<int> answered{0};
  {
    auto store = db.open();
    id = store->create_match(sample_match()).value();
    for (int seq = 1; seq <= 1000; ++seq)
      store->append_action(action(id, seq),
                           [&](const Outcome<void>& written) { answered += written.ok(); });
  }
  CHECK(answered.load() == 1000);
  auto store = db.open();
  CHECK(store->actions(id).value().size() == 1000);
}

STORE_TEST("a write whose Done has run survives the process dying at that moment") {
  // The child stops dead inside the Done of its last action: no destructor, no flush, no
  // checkpoint. What it was told is stored must be there when the file is opened again.
  Backend db;
  constexpr int kActions = 300;
  std::fflush(nullptr);  // the child must not print what the parent has buffered
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    auto* store = db.open().release();
    const std::int64_t id = store->create_match(sample_match()).value();
    if (id != 1) _exit(2);
    for (int seq = 1; seq <= kActions; ++seq) {
      store->append_action(action(id, seq), [seq](const Outcome<void>& written) {
        if (!written) _exit(3);
        if (seq == kActions) _exit(0);
      });
    }
    sleep(60);
    _exit(4);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);

  auto store = db.open();
  auto log = store->actions(1).value();
  CHECK(log.size() == kActions);
  CHECK(store->unfinished_matches().value().size() == 1);
}

TEST_CASE("the parent directory of the database is created when missing") {
  TempDir dir;
  const std::string path = dir.file("data/deeper/store.db");
  {
    SqliteStore store(path);
    CHECK(store.create_player("Anne", hash_token("a")).value().id == 1);
  }
  CHECK(std::filesystem::exists(path));
}

TEST_CASE("a path that cannot be written throws a clear error at construction") {
  TempDir dir;
  const std::string file = dir.file("plain-file");
  std::ofstream(file) << "not a directory";
  const std::string under_file = file + "/store.db";
  std::string error = open_error(under_file);
  CHECK(error.find("cannot open the match store") != std::string::npos);
  CHECK(error.find(under_file) != std::string::npos);

  const std::string deeper = file + "/sub/store.db";
  CHECK(open_error(deeper).find(deeper) != std::string::npos);

  CHECK(open_error(dir.path().string()) != "");  // a directory, not a file
  CHECK(open_error("") != "");
  CHECK(open_error(":memory:") != "");
}

TEST_CASE("a file that is not a database throws a clear error at construction") {
  TempDir dir;
  const std::string path = dir.file("notes.db");
  {
    std::ofstream out(path);
    for (int i = 0; i < 100; ++i) out << "Fifteen men on the dead man's chest. ";
  }
  std::string error = open_error(path);
  CHECK(error.find(path) != std::string::npos);
  CHECK(error.find("not a database") != std::string::npos);
}

TEST_CASE("a database written by a newer schema version is refused") {
  TempDir dir;
  const std::string path = dir.file("store.db");
  { SqliteStore store(path); }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  CHECK(open_error(path).find("newer") != std::string::npos);
}

TEST_CASE("the schema is created once: reopening keeps the version and the data") {
  TempDir dir;
  const std::string path = dir.file("store.db");
  { SqliteStore(path).create_player("Anne", hash_token("a")).value(); }
  { SqliteStore store(path); }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
  CHECK(sqlite3_column_int(stmt, 0) == SqliteStore::kSchemaVersion);
  sqlite3_finalize(stmt);
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &stmt, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
  CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0))) == "wal");
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  CHECK(SqliteStore(path).player(1).value()->name == "Anne");
}
