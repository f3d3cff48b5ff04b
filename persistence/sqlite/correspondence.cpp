// The SQLite backend's statements on correspondence play: paces, seats' clocks, vacations.
#include "persistence/sqlite/statements.hpp"

namespace tortuga::store::sqlite {

bool replace_correspondence(Connection& db, const CorrespondenceClocks& clocks) {
  if (select_match_status(db, clocks.match) != MatchStatus::running) return false;
  const CorrespondencePace& pace = clocks.pace;
  db.query(
        "INSERT INTO correspondence_paces (match_id, days_per_move, bank_extra_hours, "
        "bank_cap_days) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (match_id) DO UPDATE SET "
        "days_per_move = excluded.days_per_move, bank_extra_hours = excluded.bank_extra_hours, "
        "bank_cap_days = excluded.bank_cap_days")
      .bind(1, clocks.match)
      .bind(2, std::int64_t{pace.days_per_move})
      .bind(3, std::int64_t{pace.bank_extra_hours})
      .bind(4, std::int64_t{pace.bank_cap_days})
      .run();
  for (const SeatClock& c : clocks.seats)
    db.query(
          "INSERT INTO correspondence_clocks (match_id, seat, bank_ms, waiting, used_ms, "
          "running_from_ms, timeouts, due_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
          "ON CONFLICT (match_id, seat) DO UPDATE SET bank_ms = excluded.bank_ms, "
          "waiting = excluded.waiting, used_ms = excluded.used_ms, "
          "running_from_ms = excluded.running_from_ms, timeouts = excluded.timeouts, "
          "due_ms = excluded.due_ms")
        .bind(1, clocks.match)
        .bind(2, std::int64_t{c.seat})
        .bind(3, c.bank_ms)
        .bind(4, std::int64_t{c.waiting})
        .bind(5, c.used_ms)
        .bind(6, c.running_from_ms)
        .bind(7, std::int64_t{c.timeouts})
        .bind(8, c.waiting ? std::optional<std::int64_t>(c.due_ms) : std::nullopt)
        .run();
  return true;
}

std::optional<CorrespondenceClocks> select_correspondence(Connection& db, std::int64_t match) {
  auto pace = db.query(
      "SELECT days_per_move, bank_extra_hours, bank_cap_days FROM correspondence_paces "
      "WHERE match_id = ?1");
  pace.bind(1, match);
  if (!pace.step()) return std::nullopt;
  CorrespondenceClocks out;
  out.match = match;
  out.pace = {static_cast<int>(pace.int64(0)), static_cast<int>(pace.int64(1)),
              static_cast<int>(pace.int64(2))};
  auto q = db.query(
      "SELECT seat, bank_ms, waiting, used_ms, running_from_ms, timeouts, due_ms "
      "FROM correspondence_clocks WHERE match_id = ?1 ORDER BY seat");
  q.bind(1, match);
  while (q.step())
    out.seats.push_back({.seat = static_cast<int>(q.int64(0)),
                         .bank_ms = q.int64(1),
                         .waiting = q.int64(2) != 0,
                         .used_ms = q.int64(3),
                         .running_from_ms = q.int64(4),
                         .timeouts = static_cast<int>(q.int64(5)),
                         .due_ms = q.null(6) ? 0 : q.int64(6)});
  return out;
}

std::vector<DueClock> select_correspondence_due(Connection& db, std::int64_t by_ms, int limit) {
  auto q = db.query(
      "SELECT c.match_id, c.seat, c.due_ms FROM correspondence_clocks c "
      "JOIN matches m ON m.id = c.match_id "
      "WHERE c.due_ms IS NOT NULL AND c.due_ms <= ?1 AND m.status = 'running' "
      "ORDER BY c.due_ms, c.match_id, c.seat LIMIT ?2");
  q.bind(1, by_ms).bind(2, std::int64_t{limit});
  std::vector<DueClock> out;
  while (q.step()) out.push_back({q.int64(0), static_cast<int>(q.int64(1)), q.int64(2)});
  return out;
}

void upsert_vacation(Connection& db, std::int64_t player, const Vacation& v) {
  db.query(
        "INSERT INTO vacations (player_id, year, days_used, from_ms, until_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (player_id) DO UPDATE SET "
        "year = excluded.year, days_used = excluded.days_used, from_ms = excluded.from_ms, "
        "until_ms = excluded.until_ms")
      .bind(1, player)
      .bind(2, std::int64_t{v.year})
      .bind(3, std::int64_t{v.days_used})
      .bind(4, v.from_ms)
      .bind(5, v.until_ms)
      .run();
}

std::optional<Vacation> select_vacation(Connection& db, std::int64_t player) {
  auto q =
      db.query("SELECT year, days_used, from_ms, until_ms FROM vacations WHERE player_id = ?1");
  q.bind(1, player);
  if (!q.step()) return std::nullopt;
  return Vacation{static_cast<int>(q.int64(0)), static_cast<int>(q.int64(1)), q.int64(2),
                  q.int64(3)};
}

}  // namespace tortuga::store::sqlite
