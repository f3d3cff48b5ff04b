// The SQLite backend's statements on the players table: a player made, renamed, found by the hash
// of its token or by its id. Writes run inside the writer's transaction, reads inside a read
// pool's; all throw SqlError on a failed statement.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "persistence/sqlite/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::sqlite {

// Returns the new player's id; p.id is ignored.
std::int64_t insert_player(Connection& db, const Player& p);
// Throws if no player has that id.
void rename_player(Connection& db, std::int64_t id, const std::string& name);

std::optional<Player> player_by_token_hash(Connection& db, const std::string& hash);
std::optional<Player> player_by_id(Connection& db, std::int64_t id);

}  // namespace tortuga::store::sqlite
