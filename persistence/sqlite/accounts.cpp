// The SQLite backend's statements on accounts and sessions (persistence/accounts.hpp).
#include "persistence/sqlite/statements.hpp"

namespace tortuga::store::sqlite {
namespace {

constexpr const char* kAccountColumns =
    "player_id, name, name_key, password_hash, created_ms, disabled_ms";

Account read_account(Query& q, int from) {
  return {q.int64(from),    q.text(from + 1),  q.text(from + 2),
          q.text(from + 3), q.int64(from + 4), q.int64(from + 5)};
}

std::optional<Account> one_account(Query& q) {
  if (!q.step()) return std::nullopt;
  return read_account(q, 0);
}

}  // namespace

Registered insert_account(Connection& db, const NewAccount& a, std::int64_t now) {
  if (a.player && select_account(db, a.player)) return {Registered::Outcome::has_account};
  if (select_account_by_key(db, a.name_key)) return {Registered::Outcome::name_taken};
  std::int64_t player = a.player;
  if (player == 0) {
    player = insert_player(db, Player{0, a.name, a.token_hash, now});
  } else if (!update_player_name(db, player, a.name)) {
    throw SqlError("create_account: no player " + std::to_string(player));
  }
  db.query(
        "INSERT INTO accounts (player_id, name, name_key, password_hash, created_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(1, player)
      .bind(2, a.name)
      .bind(3, a.name_key)
      .bind(4, a.password_hash)
      .bind(5, now)
      .run();
  if (a.replaces_session)
    db.query("DELETE FROM sessions WHERE id = ?1 AND player_id = ?2")
        .bind(1, a.replaces_session)
        .bind(2, player)
        .run();
  const std::int64_t session = insert_session(db, player, a.token_hash, a.label, now);
  return {Registered::Outcome::made, player, session};
}

std::optional<Account> select_account_by_key(Connection& db, const std::string& name_key) {
  auto q =
      db.query(std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE name_key = ?1");
  q.bind(1, name_key);
  return one_account(q);
}

std::optional<Account> select_account(Connection& db, std::int64_t player) {
  auto q =
      db.query(std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE player_id = ?1");
  q.bind(1, player);
  return one_account(q);
}

std::optional<SignedIn> select_signed_in(Connection& db, const std::string& token_hash) {
  auto q = db.query(
      "SELECT p.id, p.name, s.token_hash, p.created_ms, s.id, s.label, s.created_ms, "
      "s.last_used_ms, a.player_id, a.name, a.name_key, a.password_hash, a.created_ms, "
      "a.disabled_ms FROM sessions s JOIN players p ON p.id = s.player_id "
      "LEFT JOIN accounts a ON a.player_id = p.id WHERE s.token_hash = ?1");
  q.bind(1, token_hash);
  if (!q.step()) return std::nullopt;
  SignedIn in{{q.int64(0), q.text(1), q.text(2), q.int64(3)},
              {q.int64(4), q.int64(0), q.text(5), q.int64(6), q.int64(7)},
              std::nullopt};
  if (!q.null(8)) in.account = read_account(q, 8);
  return in;
}

std::int64_t insert_session(Connection& db, std::int64_t player, const std::string& token_hash,
                            const std::string& label, std::int64_t now) {
  db.query(
        "INSERT INTO sessions (player_id, token_hash, label, created_ms, last_used_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?4)")
      .bind(1, player)
      .bind(2, token_hash)
      .bind(3, label)
      .bind(4, now)
      .run();
  return db.last_id();
}

bool update_session_used(Connection& db, std::int64_t session, std::int64_t used_ms) {
  db.query("UPDATE sessions SET last_used_ms = MAX(last_used_ms, ?1) WHERE id = ?2")
      .bind(1, used_ms)
      .bind(2, session)
      .run();
  return db.changes() != 0;
}

std::vector<Session> select_sessions(Connection& db, std::int64_t player) {
  auto q = db.query(
      "SELECT id, player_id, label, created_ms, last_used_ms FROM sessions "
      "WHERE player_id = ?1 ORDER BY id");
  q.bind(1, player);
  std::vector<Session> out;
  while (q.step()) out.push_back({q.int64(0), q.int64(1), q.text(2), q.int64(3), q.int64(4)});
  return out;
}

Revoked delete_sessions(Connection& db, const Revocation& r) {
  if (r.password_hash && !update_password(db, r.player, *r.password_hash))
    throw SqlError("no account for player " + std::to_string(r.player));
  Revoked ids;
  for (const Session& s : select_sessions(db, r.player))
    if (r.only ? s.id == *r.only : s.id != r.keep) ids.push_back(s.id);
  for (std::int64_t id : ids) db.query("DELETE FROM sessions WHERE id = ?1").bind(1, id).run();
  return ids;
}

bool update_password(Connection& db, std::int64_t player, const std::string& password_hash) {
  db.query("UPDATE accounts SET password_hash = ?1 WHERE player_id = ?2")
      .bind(1, password_hash)
      .bind(2, player)
      .run();
  return db.changes() != 0;
}

bool update_account_disabled(Connection& db, std::int64_t player, std::int64_t disabled_ms) {
  db.query("UPDATE accounts SET disabled_ms = ?1 WHERE player_id = ?2")
      .bind(1, disabled_ms)
      .bind(2, player)
      .run();
  return db.changes() != 0;
}

}  // namespace tortuga::store::sqlite
