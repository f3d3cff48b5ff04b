// The SQLite backend's statements on match logs: an action appended, and a match's log read back.
//
// The actions table is in arrival order, each action naming the one before it in its match
// (`prev`), and `logs` holds each match's last action and count (see schema.cpp for why). Its
// triggers refuse an action out of its log's order, so an append is one INSERT; only a refused one
// looks further, to say why. A log is read from its end back along `prev`.
#pragma once

#include <cstdint>
#include <vector>

#include "persistence/sqlite/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::sqlite {

// Appends an action if it is the next of its match's log, and the match is still running; throws
// otherwise, saying why in words a caller can act on. One statement (its triggers are part of it):
// a failure leaves nothing behind, so it needs no savepoint of its own.
void append_to_log(Connection& db, const Action& a);

// A match's actions in seq order; none for an unknown match. A log whose links were broken (a file
// edited by hand) is still read whole, by a scan of the table.
std::vector<Action> read_log(Connection& db, std::int64_t match);

}  // namespace tortuga::store::sqlite
