// The PostgreSQL backend's statements on the players table: a player made, renamed, found by the
// hash of its token or by its id. Writes run inside the writer's transaction, reads inside a read
// pool's; all throw PgError on a failed statement. Neither write can leave its transaction failed
// (a token hash taken twice is answered, not raised), so neither needs a savepoint.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "persistence/postgres/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::postgres {

// Returns the new player's id; p.id is ignored. Throws if the token hash is taken.
std::int64_t insert_player(Connection& db, const Player& p);
// Throws if no player has that id.
void rename_player(Connection& db, std::int64_t id, const std::string& name);

std::optional<Player> player_by_token_hash(Connection& db, const std::string& hash);
std::optional<Player> player_by_id(Connection& db, std::int64_t id);

}  // namespace tortuga::store::postgres
