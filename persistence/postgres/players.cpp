// The PostgreSQL backend's statements on the players table: a player made, renamed, found by the
// hash of a token of its sessions or by its id.
#include "persistence/postgres/statements.hpp"

namespace tortuga::store::postgres {
namespace {

std::optional<Player> read_player(const Result& r) {
  if (r.rows() == 0) return std::nullopt;
  return Player{r.int64(0, 0), r.text(0, 1), r.text(0, 2), r.int64(0, 3), 0, r.text(0, 4) == "t"};
}

}  // namespace

std::int64_t insert_player(Connection& db, const Player& p) {
  const Result r = db.query(
      "INSERT INTO players (name, token_hash, created_ms) VALUES ($1, $2, $3) "
      "ON CONFLICT (token_hash) DO NOTHING RETURNING id",
      p.name, p.token_hash, p.created_ms);
  if (r.rows() == 0) throw PgError("create_player: another player has that token hash");
  return r.int64(0, 0);
}

bool update_player_name(Connection& db, std::int64_t id, const std::string& name) {
  return db.query("UPDATE players SET name = $1 WHERE id = $2", name, id).changed() != 0;
}

std::optional<Player> select_player_by_token_hash(Connection& db, const std::string& hash) {
  return read_player(
      db.query("SELECT p.id, p.name, s.token_hash, p.created_ms, a.player_id IS NOT NULL "
               "FROM sessions s JOIN players p ON p.id = s.player_id "
               "LEFT JOIN accounts a ON a.player_id = p.id "
               "WHERE s.token_hash = $1 AND COALESCE(a.disabled_ms, 0) = 0",
               hash));
}

std::optional<Player> select_player(Connection& db, std::int64_t id) {
  return read_player(
      db.query("SELECT id, name, token_hash, created_ms, "
               "EXISTS (SELECT 1 FROM accounts a WHERE a.player_id = players.id) FROM players "
               "WHERE id = $1",
               id));
}

}  // namespace tortuga::store::postgres
