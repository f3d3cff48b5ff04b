// The SQLite backend's statements on matches and their seats: a match stored with its seats, a
// match ended, a seat given to someone else, and the reads of the history (the filtered lists, one
// match, the unfinished ones to resume). A read gives each match its seats and its action count
// (from the `logs` table, not by counting).
#include <utility>

#include "persistence/now.hpp"
#include "persistence/sqlite/statements.hpp"
#include "persistence/store/awaiting_column.hpp"
#include "persistence/store/match_list_query.hpp"
#include "persistence/store/status_column.hpp"

namespace tortuga::store::sqlite {
namespace {

// Each log is gapless from seq 1, so its length is its last seq, which `logs` keeps.
const std::string kMatchColumns =
    "SELECT m.id, m.game, m.options, m.seed, m.script, m.status, m.result, m.created_ms, "
    "m.ended_ms, COALESCE((SELECT l.actions FROM logs l WHERE l.match_id = m.id), 0), "
    "m.private_code, m.public_when_over, m.rated, m.awaiting, m.awaiting_due_ms FROM matches m";

Match match_from_row(Query& q) {
  Match m;
  m.id = q.int64(0);
  m.game = q.text(1);
  m.options_json = q.text(2);
  m.seed = static_cast<std::uint64_t>(q.int64(3));
  m.script_json = q.text(4);
  m.status = status_from_column(q.text(5));
  m.result_json = q.text(6);
  m.created_ms = q.int64(7);
  m.ended_ms = q.int64(8);
  m.action_count = q.int64(9);
  m.private_code = q.text(10);
  m.public_when_over = q.int64(11) != 0;
  m.rated = q.int64(12) != 0;
  m.awaiting = awaiting_from_column(q.text(13));
  m.awaiting_due_ms = q.int64(14);
  return m;
}

void read_seats(Connection& c, Match& m) {
  auto q =
      c.query("SELECT seat, player_id, name, bot FROM seats WHERE match_id = ?1 ORDER BY seat");
  q.bind(1, m.id);
  while (q.step()) {
    Seat s;
    s.seat = static_cast<int>(q.int64(0));
    if (!q.null(1)) s.player_id = q.int64(1);
    s.name = q.text(2);
    s.bot = q.text(3);
    m.seats.push_back(std::move(s));
  }
}

// The matches of a query over kMatchColumns, each with its seats.
std::vector<Match> read_matches(Connection& c, Query& q) {
  std::vector<Match> out;
  while (q.step()) out.push_back(match_from_row(q));
  for (auto& m : out) read_seats(c, m);
  return out;
}

}  // namespace

std::int64_t insert_match(Connection& db, const Match& m) {
  db.query(
        "INSERT INTO matches (game, options, seed, script, status, result, created_ms, "
        "ended_ms, private_code, public_when_over, rated, awaiting, awaiting_due_ms) VALUES (?1, "
        "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)")
      .bind(1, m.game)
      .bind(2, m.options_json)
      .bind(3, static_cast<std::int64_t>(m.seed))
      .bind(4, m.script_json)
      .bind(5, std::string(status_name(m.status)))
      .bind(6, m.result_json)
      .bind(7, m.created_ms != 0 ? m.created_ms : now_ms())
      .bind(8, m.ended_ms)
      .bind(9, m.private_code)
      .bind(10, std::int64_t{m.public_when_over})
      .bind(11, std::int64_t{m.rated})
      .bind(12, awaiting_column(m.awaiting))
      .bind(13, m.awaiting_due_ms)
      .run();
  const std::int64_t id = db.last_id();
  for (const Seat& s : m.seats) {
    db.query(
          "INSERT INTO seats (match_id, seat, player_id, name, bot, starter_id) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?3)")
        .bind(1, id)
        .bind(2, std::int64_t{s.seat})
        .bind(3, s.player_id)
        .bind(4, s.name)
        .bind(5, s.bot)
        .run();
  }
  return id;
}

bool update_match_end(Connection& db, std::int64_t id, MatchStatus status,
                      const std::string& result_json, std::int64_t ended_ms) {
  db.query(
        "UPDATE matches SET status = ?1, result = ?2, ended_ms = ?3 "
        "WHERE id = ?4 AND status = 'running'")
      .bind(1, std::string(status_name(status)))
      .bind(2, result_json)
      .bind(3, ended_ms)
      .bind(4, id)
      .run();
  return db.changes() == 1;
}

bool update_seat(Connection& db, std::int64_t match, const Seat& seat) {
  db.query(
        "UPDATE seats SET player_id = ?1, name = ?2, bot = ?3 WHERE match_id = ?4 AND seat = ?5 "
        "AND (SELECT status FROM matches WHERE id = ?4) = 'running'")
      .bind(1, seat.player_id)
      .bind(2, seat.name)
      .bind(3, seat.bot)
      .bind(4, match)
      .bind(5, static_cast<std::int64_t>(seat.seat))
      .run();
  return db.changes() == 1;
}

std::optional<MatchStatus> select_match_status(Connection& db, std::int64_t id) {
  auto q = db.query("SELECT status FROM matches WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return status_from_column(q.text(0));
}

std::vector<Match> select_matches(Connection& db, const MatchFilter& f) {
  const MatchListQuery list = match_list_query(f, '?');
  auto q = db.query(kMatchColumns + list.sql);
  int i = 0;
  for (const auto& p : list.params) p.is_text ? q.bind(++i, p.text) : q.bind(++i, p.number);
  return read_matches(db, q);
}

std::optional<Match> select_match(Connection& db, std::int64_t id) {
  auto q = db.query(kMatchColumns + " WHERE m.id = ?1");
  q.bind(1, id);
  auto found = read_matches(db, q);
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::vector<Match> select_running_matches(Connection& db) {
  auto q = db.query(kMatchColumns + " WHERE m.status = 'running' ORDER BY m.id");
  return read_matches(db, q);
}

}  // namespace tortuga::store::sqlite
