// The PostgreSQL backend's statements on the chat table: the lines said in a room while its match
// ran.
#pragma once

#include <cstdint>
#include <vector>

#include "persistence/postgres/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::postgres {

// A time_ms of 0 means now. Throws (foreign key) for a match that does not exist.
void insert_chat_line(Connection& db, const ChatLine& line);
// The match's lines in the order they were stored, which is the order they were said.
std::vector<ChatLine> chat_of_match(Connection& db, std::int64_t match);

}  // namespace tortuga::store::postgres
