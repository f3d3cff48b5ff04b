// A database from the builds before accounts (SQLite's schema 8, PostgreSQL's 7), brought up to
// date: every player's token, then kept as players.token_hash alone, becomes that player's first
// session and still speaks.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <future>
#include <memory>
#include <string>
#include <vector>

#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"
#include "tests/support/postgres_cluster.hpp"

using namespace tortuga::store;
using tortuga::store::test::OnPostgres;
using tortuga::store::test::OnSqlite;

namespace {

// The accounts' migration added the accounts and sessions tables and changed no other, nor did
// the one after it (correspondence play): without their tables, and at the version before, the
// database is as those builds left it, players and their tokens' hashes included.
constexpr const char* kBeforeAccounts =
    "ALTER TABLE matches DROP COLUMN awaiting; ALTER TABLE matches DROP COLUMN awaiting_due_ms; "
    "DROP TABLE notification_digests; DROP TABLE notification_outbox; "
    "DROP TABLE notification_tokens; DROP TABLE notification_settings; "
    "DROP TABLE vacations; DROP TABLE correspondence_clocks; DROP TABLE correspondence_paces; "
    "DROP TABLE sessions; DROP TABLE accounts;";

void before_accounts(const OnSqlite& db) {
  sqlite3* file = nullptr;
  REQUIRE(sqlite3_open(db.where().c_str(), &file) == SQLITE_OK);
  const std::string sql = std::string(kBeforeAccounts) + " PRAGMA user_version = 8;";
  CHECK(sqlite3_exec(file, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(file);
}

void before_accounts(const OnPostgres& db) {
  tortuga::test::PostgresCluster::shared().run_sql(
      db.url, std::string(kBeforeAccounts) + " UPDATE schema_version SET version = 7;");
}

std::string token_of(const std::string& name) {
  return "the token of " + name;
}

}  // namespace

STORE_TEST("a database from before accounts: each player's token still speaks, as a session") {
  Backend db;
  std::vector<Player> players;
  {
    auto store = db.open();
    for (const char* name : {"Anne", "Mary", "Jack"})
      players.push_back(store->create_player(name, hash_token(token_of(name))).value());
  }
  before_accounts(db);

  auto store = db.open();
  for (const Player& p : players) {
    const auto found = store->player_by_token_hash(hash_token(token_of(p.name))).value();
    REQUIRE(found);
    CHECK(found->id == p.id);
    CHECK(found->name == p.name);
    const auto in = store->signed_in(hash_token(token_of(p.name))).value();
    REQUIRE(in);
    CHECK(in->player.id == p.id);
    CHECK_FALSE(in->account);
    const auto sessions = store->sessions(p.id).value();
    REQUIRE(sessions.size() == 1);
    CHECK(sessions[0].id == in->session.id);
    CHECK(sessions[0].created_ms == p.created_ms);
  }
  CHECK_FALSE(store->player_by_token_hash(hash_token(token_of("Nobody"))).value());

  // A player of before registers, keeping their id; their old token gives way to the account's.
  NewAccount account;
  account.player = players[0].id;
  account.replaces_session = store->sessions(players[0].id).value().at(0).id;
  account.name = "Anne Bonny";
  account.name_key = "anne bonny";
  account.password_hash = "$argon2id$hash";
  account.token_hash = hash_token("the account's token");
  auto promise = std::make_shared<std::promise<Outcome<Registered>>>();
  store->create_account(account,
                        [promise](const Outcome<Registered>& r) { promise->set_value(r); });
  const Registered made = promise->get_future().get().value();
  CHECK(made.outcome == Registered::Outcome::made);
  CHECK(made.player == players[0].id);
  CHECK_FALSE(store->signed_in(hash_token(token_of("Anne"))).value());
  CHECK(store->signed_in(hash_token("the account's token")).value()->player.id == players[0].id);
  CHECK(store->signed_in(hash_token(token_of("Mary"))).value()->player.id == players[1].id);
}
