// The PostgreSQL backend's statements on matches and their seats: a match stored with its seats, a
// match ended, a seat given to someone else, and the reads of the history (the filtered lists, one
// match, the unfinished ones to resume). A read gives each match its seats and its action count
// (from its action_count, not by counting).
#include <unordered_map>
#include <utility>

#include "persistence/now.hpp"
#include "persistence/postgres/statements.hpp"
#include "persistence/store/awaiting_column.hpp"
#include "persistence/store/match_list_query.hpp"
#include "persistence/store/status_column.hpp"

namespace tortuga::store::postgres {
namespace {

const std::string kMatchColumns =
    "SELECT m.id, m.game, m.options, m.seed, m.script, m.status, m.result, m.created_ms, "
    "m.ended_ms, m.action_count, m.private_code, m.epoch, m.public_when_over, m.rated, "
    "m.awaiting, m.awaiting_due_ms FROM matches m";

Match match_from_row(const Result& r, int i) {
  Match m;
  m.id = r.int64(i, 0);
  m.game = r.text(i, 1);
  m.options_json = r.text(i, 2);
  m.seed = static_cast<std::uint64_t>(r.int64(i, 3));
  m.script_json = r.text(i, 4);
  m.status = status_from_column(r.text(i, 5));
  m.result_json = r.text(i, 6);
  m.created_ms = r.int64(i, 7);
  m.ended_ms = r.int64(i, 8);
  m.action_count = r.int64(i, 9);
  m.private_code = r.text(i, 10);
  m.epoch = r.int64(i, 11);
  m.public_when_over = r.text(i, 12) == "t";
  m.rated = r.int64(i, 13) != 0;
  m.awaiting = awaiting_from_column(r.text(i, 14));
  m.awaiting_due_ms = r.int64(i, 15);
  return m;
}

// The matches of a query over kMatchColumns, each with its seats: the seats of them all in one
// more query, rather than one per match.
std::vector<Match> read_matches(Connection& db, const Result& r) {
  std::vector<Match> out;
  std::unordered_map<std::int64_t, std::size_t> at;
  std::string ids = "{";
  for (int i = 0; i < r.rows(); ++i) {
    out.push_back(match_from_row(r, i));
    at[out.back().id] = out.size() - 1;
    if (i) ids += ',';
    ids += std::to_string(out.back().id);
  }
  if (out.empty()) return out;
  ids += "}";
  const Result seats = db.query(
      "SELECT match_id, seat, player_id, name, bot FROM seats WHERE match_id = ANY($1::bigint[]) "
      "ORDER BY match_id, seat",
      ids);
  for (int i = 0; i < seats.rows(); ++i) {
    Seat s;
    s.seat = static_cast<int>(seats.int64(i, 1));
    if (!seats.null(i, 2)) s.player_id = seats.int64(i, 2);
    s.name = seats.text(i, 3);
    s.bot = seats.text(i, 4);
    out[at.at(seats.int64(i, 0))].seats.push_back(std::move(s));
  }
  return out;
}

}  // namespace

std::int64_t insert_match(Connection& db, const Match& m) {
  const std::int64_t id =
      db.query(
            "INSERT INTO matches (game, options, seed, script, status, result, created_ms, "
            "ended_ms, private_code, epoch, public_when_over, rated, awaiting, awaiting_due_ms) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
            m.game, m.options_json, static_cast<std::int64_t>(m.seed), m.script_json,
            std::string(status_name(m.status)), m.result_json,
            m.created_ms != 0 ? m.created_ms : now_ms(), m.ended_ms, m.private_code, m.epoch,
            std::string(m.public_when_over ? "true" : "false"), std::int64_t{m.rated},
            awaiting_column(m.awaiting), m.awaiting_due_ms)
          .int64(0, 0);
  // On a cluster the room's row names its match in the same transaction: a match is never seen
  // without its room (which would leave it to nobody), and a room taken over meanwhile is not
  // given a match its old owner would play.
  if (m.room != 0 &&
      db.query("UPDATE rooms SET match_id = $1 WHERE id = $2 AND epoch = $3", id, m.room, m.epoch)
              .changed() != 1)
    throw PgError("create_match: room " + std::to_string(m.room) + " is no longer at epoch " +
                  std::to_string(m.epoch));
  for (const Seat& s : m.seats)
    db.query(
        "INSERT INTO seats (match_id, seat, player_id, name, bot, starter_id) "
        "VALUES ($1, $2, $3, $4, $5, $3)",
        id, s.seat, s.player_id, s.name, s.bot);
  return id;
}

bool update_match_end(Connection& db, std::int64_t id, MatchStatus status,
                      const std::string& result_json, std::int64_t ended_ms) {
  return db.query(
               "UPDATE matches SET status = $1, result = $2, ended_ms = $3 "
               "WHERE id = $4 AND status = 'running'",
               std::string(status_name(status)), result_json, ended_ms, id)
             .changed() == 1;
}

bool update_seat(Connection& db, std::int64_t match, const Seat& seat) {
  return db.query(
               "UPDATE seats SET player_id = $1, name = $2, bot = $3 WHERE match_id = $4 AND "
               "seat = $5 AND (SELECT status FROM matches WHERE id = $4) = 'running'",
               seat.player_id, seat.name, seat.bot, match, seat.seat)
             .changed() == 1;
}

std::optional<MatchStatus> select_match_status(Connection& db, std::int64_t id) {
  const Result r = db.query("SELECT status FROM matches WHERE id = $1", id);
  if (r.rows() == 0) return std::nullopt;
  return status_from_column(r.text(0, 0));
}

std::vector<Match> select_matches(Connection& db, const MatchFilter& f) {
  const MatchListQuery list = match_list_query(f, '$');
  // Every parameter as text: PostgreSQL takes each's type from the column it is compared with.
  std::vector<std::string> params;
  for (const auto& p : list.params) params.push_back(p.is_text ? p.text : std::to_string(p.number));
  return read_matches(db, db.query_texts(kMatchColumns + list.sql, params));
}

std::optional<Match> select_match(Connection& db, std::int64_t id) {
  auto found = read_matches(db, db.query(kMatchColumns + " WHERE m.id = $1", id));
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::vector<Match> select_running_matches(Connection& db) {
  return read_matches(db, db.query(kMatchColumns + " WHERE m.status = 'running' ORDER BY m.id"));
}

}  // namespace tortuga::store::postgres
