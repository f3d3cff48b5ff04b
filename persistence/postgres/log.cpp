#include "persistence/postgres/log.hpp"

#include <optional>
#include <string>

#include "persistence/store/log_refusal.hpp"

namespace tortuga::store::postgres {

void append_to_log(Connection& db, const Action& a) {
  const Result r = db.query(
      "WITH next AS (UPDATE matches SET action_count = $2 "
      "WHERE id = $1 AND status = 'running' AND action_count = $2 - 1 AND epoch = $6 RETURNING id) "
      "INSERT INTO actions (match_id, seq, seat, action, time_ms) "
      "SELECT id, $2::bigint, $3::integer, $4::bytea, $5::bigint FROM next",
      a.match, a.seq, a.seat, Bytes{a.action_json}, a.time_ms, a.epoch);
  if (r.changed() == 1) return;
  const Result m =
      db.query("SELECT status, action_count, epoch FROM matches WHERE id = $1", a.match);
  std::optional<LogEnd> end;
  if (m.rows() == 1) end = LogEnd{m.text(0, 0), m.int64(0, 1), m.int64(0, 2)};
  throw PgError(log_refusal(a, end));
}

std::vector<Action> read_log(Connection& db, std::int64_t match) {
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
