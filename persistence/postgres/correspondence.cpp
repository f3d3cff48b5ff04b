// The PostgreSQL backend's statements on correspondence play: paces, seats' clocks, vacations.
#include "persistence/postgres/statements.hpp"

namespace tortuga::store::postgres {

bool replace_correspondence(Connection& db, const CorrespondenceClocks& clocks) {
  // The match's row is locked, so that its end, written meanwhile by another transaction, is
  // not overtaken by clocks that would be due after it.
  const Result status =
      db.query("SELECT status FROM matches WHERE id = $1 FOR UPDATE", clocks.match);
  if (status.rows() == 0 || status.text(0, 0) != "running") return false;
  const CorrespondencePace& pace = clocks.pace;
  db.query(
      "INSERT INTO correspondence_paces (match_id, days_per_move, bank_extra_hours, "
      "bank_cap_days) VALUES ($1, $2, $3, $4) ON CONFLICT (match_id) DO UPDATE SET "
      "days_per_move = excluded.days_per_move, bank_extra_hours = excluded.bank_extra_hours, "
      "bank_cap_days = excluded.bank_cap_days",
      clocks.match, pace.days_per_move, pace.bank_extra_hours, pace.bank_cap_days);
  for (const SeatClock& c : clocks.seats)
    db.query(
        "INSERT INTO correspondence_clocks (match_id, seat, bank_ms, waiting, used_ms, "
        "running_from_ms, timeouts, due_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
        "ON CONFLICT (match_id, seat) DO UPDATE SET bank_ms = excluded.bank_ms, "
        "waiting = excluded.waiting, used_ms = excluded.used_ms, "
        "running_from_ms = excluded.running_from_ms, timeouts = excluded.timeouts, "
        "due_ms = excluded.due_ms",
        clocks.match, c.seat, c.bank_ms, std::int64_t{c.waiting}, c.used_ms, c.running_from_ms,
        c.timeouts, c.waiting ? std::optional<std::int64_t>(c.due_ms) : std::nullopt);
  return true;
}

std::optional<CorrespondenceClocks> select_correspondence(Connection& db, std::int64_t match) {
  const Result pace = db.query(
      "SELECT days_per_move, bank_extra_hours, bank_cap_days FROM correspondence_paces "
      "WHERE match_id = $1",
      match);
  if (pace.rows() == 0) return std::nullopt;
  CorrespondenceClocks out;
  out.match = match;
  out.pace = {static_cast<int>(pace.int64(0, 0)), static_cast<int>(pace.int64(0, 1)),
              static_cast<int>(pace.int64(0, 2))};
  const Result r = db.query(
      "SELECT seat, bank_ms, waiting, used_ms, running_from_ms, timeouts, due_ms "
      "FROM correspondence_clocks WHERE match_id = $1 ORDER BY seat",
      match);
  for (int i = 0; i < r.rows(); ++i)
    out.seats.push_back({.seat = static_cast<int>(r.int64(i, 0)),
                         .bank_ms = r.int64(i, 1),
                         .waiting = r.int64(i, 2) != 0,
                         .used_ms = r.int64(i, 3),
                         .running_from_ms = r.int64(i, 4),
                         .timeouts = static_cast<int>(r.int64(i, 5)),
                         .due_ms = r.null(i, 6) ? 0 : r.int64(i, 6)});
  return out;
}

std::vector<DueClock> select_correspondence_due(Connection& db, std::int64_t by_ms, int limit) {
  const Result r = db.query(
      "SELECT c.match_id, c.seat, c.due_ms FROM correspondence_clocks c "
      "JOIN matches m ON m.id = c.match_id "
      "WHERE c.due_ms IS NOT NULL AND c.due_ms <= $1 AND m.status = 'running' "
      "ORDER BY c.due_ms, c.match_id, c.seat LIMIT $2",
      by_ms, limit);
  std::vector<DueClock> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back({r.int64(i, 0), static_cast<int>(r.int64(i, 1)), r.int64(i, 2)});
  return out;
}

void upsert_vacation(Connection& db, std::int64_t player, const Vacation& v) {
  db.query(
      "INSERT INTO vacations (player_id, year, days_used, from_ms, until_ms) "
      "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player_id) DO UPDATE SET "
      "year = excluded.year, days_used = excluded.days_used, from_ms = excluded.from_ms, "
      "until_ms = excluded.until_ms",
      player, v.year, v.days_used, v.from_ms, v.until_ms);
}

std::optional<Vacation> select_vacation(Connection& db, std::int64_t player) {
  const Result r = db.query(
      "SELECT year, days_used, from_ms, until_ms FROM vacations WHERE player_id = $1", player);
  if (r.rows() == 0) return std::nullopt;
  return Vacation{static_cast<int>(r.int64(0, 0)), static_cast<int>(r.int64(0, 1)), r.int64(0, 2),
                  r.int64(0, 3)};
}

}  // namespace tortuga::store::postgres
