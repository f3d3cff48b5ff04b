// The SQLite backend's statements on the players table: a player made,
// renamed, found by the hash of a token of its sessions or by its id.
#include "persistence/sqlite/statements.hpp"

namespace tortuga::store::sqlite {
namespace {

std::optional<Player> read_player(Query& q) {
  if (!q.step()) return std::nullopt;
  return Player{q.int64(0), q.text(1), q.text(2), q.int64(3), 0, q.int64(4) != 0};
}

}  // namespace

std::int64_t insert_player(Connection& db, const Player& p) {
  auto q = db.query("INSERT INTO players (name, token_hash, created_ms) VALUES (?1, ?2, ?3)");
  q.bind(1, p.name).bind(2, p.token_hash).bind(3, p.created_ms).run();
  return db.last_id();
}

bool update_player_name(Connection& db, std::int64_t id, const std::string& name) {
  db.query("UPDATE players SET name = ?1 WHERE id = ?2").bind(1, name).bind(2, id).run();
  return db.changes() != 0;
}

std::optional<Player> select_player_by_token_hash(Connection& db, const std::string& hash) {
  auto q = db.query(
      "SELECT p.id, p.name, s.token_hash, p.created_ms, a.player_id IS NOT NULL FROM sessions s "
      "JOIN players p ON p.id = s.player_id LEFT JOIN accounts a ON a.player_id = p.id "
      "WHERE s.token_hash = ?1 AND COALESCE(a.disabled_ms, 0) = 0");
  q.bind(1, hash);
  return read_player(q);
}

std::optional<Player> select_player(Connection& db, std::int64_t id) {
  auto q = db.query(
      "SELECT id, name, token_hash, created_ms, "
      "EXISTS (SELECT 1 FROM accounts a WHERE a.player_id = players.id) FROM players "
      "WHERE id = ?1");
  q.bind(1, id);
  return read_player(q);
}

}  // namespace tortuga::store::sqlite
