// The SQLite backend's statements (store/statements.hpp says what each does): players.cpp,
// matches.cpp, log.cpp, chat.cpp, admin_actions.cpp and schema.cpp hold their SQL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "persistence/sqlite/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::sqlite {
#include "persistence/store/statements.hpp"
}  // namespace tortuga::store::sqlite
