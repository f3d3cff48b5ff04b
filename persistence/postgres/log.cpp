// The PostgreSQL backend's statements on match logs: an action appended, and a match's log read
// back, in seq order from the log's primary key.
//
// An append is one statement that advances its match's action_count from seq - 1 to seq, only
// while the match is running and its ownership epoch is still the appender's (fencing: the same
// row a takeover bumps, so that the two wait for each other), and stores the action only if it
// did: an action out of its log's order, or for a match that has ended, changes nothing (and
// raises nothing, so that it needs no savepoint and fails alone in its batch); only then does the
// append look further, to say why.
#include <optional>
#include <string>

#include "persistence/postgres/statements.hpp"
#include "persistence/store/awaiting_column.hpp"
#include "persistence/store/log_refusal.hpp"
#include "persistence/store/status_column.hpp"

namespace tortuga::store::postgres {

void insert_action(Connection& db, const Action& a) {
  const Result r = db.query(
      "WITH next AS (UPDATE matches SET action_count = $2, awaiting = $7, awaiting_due_ms = $8 "
      "WHERE id = $1 AND status = 'running' AND action_count = $2 - 1 AND epoch = $6 RETURNING id) "
      "INSERT INTO actions (match_id, seq, seat, action, time_ms) "
      "SELECT id, $2::bigint, $3::integer, $4::bytea, $5::bigint FROM next",
      a.match, a.seq, a.seat, Bytes{a.action_json}, a.time_ms, a.epoch, awaiting_column(a.awaiting),
      a.awaiting_due_ms);
  if (r.changed() == 1) return;
  const Result m =
      db.query("SELECT status, action_count, epoch FROM matches WHERE id = $1", a.match);
  std::optional<LogEnd> end;
  if (m.rows() == 1) end = LogEnd{status_from_column(m.text(0, 0)), m.int64(0, 1), m.int64(0, 2)};
  throw PgError(log_refusal(a, end));
}

std::vector<Action> select_log(Connection& db, std::int64_t match) {
  const Result r = db.query(
      "SELECT seq, seat, action, time_ms FROM actions WHERE match_id = $1 ORDER BY seq", match);
  std::vector<Action> out;
  out.reserve(static_cast<std::size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(
        {match, r.int64(i, 0), static_cast<int>(r.int64(i, 1)), r.bytes(i, 2), r.int64(i, 3)});
  return out;
}

}  // namespace tortuga::store::postgres
