// The PostgreSQL backend's statements on matches and their seats: a match stored with its seats, a
// match ended, and the reads of the history (the filtered lists, one match, the unfinished ones to
// resume). A read gives each match its seats and its action count (from its action_count, not by
// counting). Writes run inside the writer's transaction, reads inside a read pool's; all throw
// PgError on a failed statement.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "persistence/postgres/connection.hpp"
#include "persistence/store.hpp"

namespace tortuga::store::postgres {

// Inserts the match and its seats; returns the new id. m.id and m.action_count are ignored; a
// created_ms of 0 means now.
std::int64_t insert_match(Connection& db, const Match& m);
// Ends a running match: throws, saying why, for a status other than "finished" or "aborted", an
// unknown match, or one that has already ended.
void finish_match(Connection& db, std::int64_t id, const std::string& status,
                  const std::string& result_json, std::int64_t ended_ms);
// Gives seat.seat of a running match to seat's player or bot; throws for a match that is not
// running or has no such seat.
void replace_seat(Connection& db, std::int64_t match, const Seat& seat);

std::vector<Match> list_matches(Connection& db, const MatchFilter& f);  // newest first
std::optional<Match> match_by_id(Connection& db, std::int64_t id);
std::vector<Match> unfinished_matches(Connection& db);  // status "running", oldest first

}  // namespace tortuga::store::postgres
