// The PostgreSQL backend's statements on match logs: an action appended, and a match's log read
// back.
//
// An append is one statement that advances its match's action_count from seq - 1 to seq, only
// while the match is running and its ownership epoch is still the appender's (fencing: the same
// row a takeover bumps, so that the two wait for each other), and stores the action only if it
// did: an action out of its log's
// order, or for a match that has ended, changes nothing (and raises nothing, so that it needs no
// savepoint and fails alone in its batch); only then does the append look further, to say why.
#pragma once

#include <cstdint>
#include <vector>

#include "persistence/postgres/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::postgres {

// Appends an action if it is the next of its match's log, and the match is still running; throws
// otherwise, saying why in words a caller can act on.
void append_to_log(Connection& db, const Action& a);

// A match's actions in seq order, from the log's primary key; none for an unknown match.
std::vector<Action> read_log(Connection& db, std::int64_t match);

}  // namespace tortuga::store::postgres
