// The PostgreSQL backend's statements on accounts and sessions (persistence/accounts.hpp). A name
// or token taken twice is answered, not raised (ON CONFLICT DO NOTHING), so that the transaction
// stays usable; the writes that may still raise (a player that does not exist) have savepoints
// (pg_store.cpp).
#include "persistence/postgres/statements.hpp"

namespace tortuga::store::postgres {
namespace {

constexpr const char* kAccountColumns =
    "player_id, name, name_key, password_hash, created_ms, disabled_ms";

Account read_account(const Result& r, int row, int from) {
  return {r.int64(row, from),    r.text(row, from + 1),  r.text(row, from + 2),
          r.text(row, from + 3), r.int64(row, from + 4), r.int64(row, from + 5)};
}

std::optional<Account> one_account(const Result& r) {
  if (r.rows() == 0) return std::nullopt;
  return read_account(r, 0, 0);
}

}  // namespace

Registered insert_account(Connection& db, const NewAccount& a, std::int64_t now) {
  if (a.player && select_account(db, a.player)) return {Registered::Outcome::has_account};
  if (select_account_by_key(db, a.name_key)) return {Registered::Outcome::name_taken};
  std::int64_t player = a.player;
  if (player == 0) {
    player = insert_player(db, Player{0, a.name, a.token_hash, now});
  } else if (!update_player_name(db, player, a.name)) {
    throw PgError("create_account: no player " + std::to_string(player));
  }
  const Result made = db.query(
      "INSERT INTO accounts (player_id, name, name_key, password_hash, created_ms) "
      "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING RETURNING player_id",
      player, a.name, a.name_key, a.password_hash, now);
  // Another node's account took the name since the look above: refused, and the savepoint undoes
  // the new player.
  if (made.rows() == 0) throw PgError("create_account: the name was taken meanwhile");
  if (a.replaces_session)
    db.query("DELETE FROM sessions WHERE id = $1 AND player_id = $2", a.replaces_session, player);
  const std::int64_t session = insert_session(db, player, a.token_hash, a.label, now);
  return {Registered::Outcome::made, player, session};
}

std::optional<Account> select_account_by_key(Connection& db, const std::string& name_key) {
  return one_account(db.query(
      std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE name_key = $1", name_key));
}

std::optional<Account> select_account(Connection& db, std::int64_t player) {
  return one_account(db.query(
      std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE player_id = $1", player));
}

std::optional<SignedIn> select_signed_in(Connection& db, const std::string& token_hash) {
  const Result r = db.query(
      "SELECT p.id, p.name, s.token_hash, p.created_ms, s.id, s.label, s.created_ms, "
      "s.last_used_ms, a.player_id, a.name, a.name_key, a.password_hash, a.created_ms, "
      "a.disabled_ms FROM sessions s JOIN players p ON p.id = s.player_id "
      "LEFT JOIN accounts a ON a.player_id = p.id WHERE s.token_hash = $1",
      token_hash);
  if (r.rows() == 0) return std::nullopt;
  SignedIn in{{r.int64(0, 0), r.text(0, 1), r.text(0, 2), r.int64(0, 3)},
              {r.int64(0, 4), r.int64(0, 0), r.text(0, 5), r.int64(0, 6), r.int64(0, 7)},
              std::nullopt};
  if (!r.null(0, 8)) in.account = read_account(r, 0, 8);
  return in;
}

std::int64_t insert_session(Connection& db, std::int64_t player, const std::string& token_hash,
                            const std::string& label, std::int64_t now) {
  const Result r = db.query(
      "INSERT INTO sessions (player_id, token_hash, label, created_ms, last_used_ms) "
      "VALUES ($1, $2, $3, $4, $4) ON CONFLICT (token_hash) DO NOTHING RETURNING id",
      player, token_hash, label, now);
  if (r.rows() == 0) throw PgError("another session has that token hash");
  return r.int64(0, 0);
}

bool update_session_used(Connection& db, std::int64_t session, std::int64_t used_ms) {
  return db.query("UPDATE sessions SET last_used_ms = GREATEST(last_used_ms, $1) WHERE id = $2",
                  used_ms, session)
             .changed() != 0;
}

std::vector<Session> select_sessions(Connection& db, std::int64_t player) {
  const Result r = db.query(
      "SELECT id, player_id, label, created_ms, last_used_ms FROM sessions "
      "WHERE player_id = $1 ORDER BY id",
      player);
  std::vector<Session> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back({r.int64(i, 0), r.int64(i, 1), r.text(i, 2), r.int64(i, 3), r.int64(i, 4)});
  return out;
}

Revoked delete_sessions(Connection& db, const Revocation& r) {
  if (r.password_hash && !update_password(db, r.player, *r.password_hash))
    throw PgError("no account for player " + std::to_string(r.player));
  const Result deleted =
      r.only ? db.query("DELETE FROM sessions WHERE player_id = $1 AND id = $2 RETURNING id",
                        r.player, *r.only)
             : db.query("DELETE FROM sessions WHERE player_id = $1 AND id <> $2 RETURNING id",
                        r.player, r.keep);
  Revoked ids;
  for (int i = 0; i < deleted.rows(); ++i) ids.push_back(deleted.int64(i, 0));
  return ids;
}

bool update_password(Connection& db, std::int64_t player, const std::string& password_hash) {
  return db.query("UPDATE accounts SET password_hash = $1 WHERE player_id = $2", password_hash,
                  player)
             .changed() != 0;
}

bool update_account_disabled(Connection& db, std::int64_t player, std::int64_t disabled_ms) {
  return db.query("UPDATE accounts SET disabled_ms = $1 WHERE player_id = $2", disabled_ms, player)
             .changed() != 0;
}

}  // namespace tortuga::store::postgres
