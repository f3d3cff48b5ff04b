// The SQLite backend's statements on ratings (store/statements.hpp): seats gone, rated matches
// and each player's part in them, the ratings, and the reads of boards and profiles.
#include "persistence/sqlite/statements.hpp"

namespace tortuga::store::sqlite {
namespace {

const char* const kEntryColumns =
    "SELECT r.player_id, p.name, r.game, r.mu, r.sigma, r.rating, r.provisional, r.matches, "
    "r.wins FROM ratings r JOIN players p ON p.id = r.player_id ";

std::vector<RatingEntry> read_entries(Query& q) {
  std::vector<RatingEntry> out;
  while (q.step())
    out.push_back({q.int64(0), q.text(1), q.text(2), q.real(3), q.real(4), q.real(5),
                   q.int64(6) != 0, q.int64(7), q.int64(8)});
  return out;
}

std::optional<double> optional_real(Query& q, int col) {
  if (q.null(col)) return std::nullopt;
  return q.real(col);
}

}  // namespace

bool update_seat_gone(Connection& db, std::int64_t match, int seat, bool gone) {
  db.query(
        "UPDATE seats SET gone = ?1 WHERE match_id = ?2 AND seat = ?3 "
        "AND (SELECT status FROM matches WHERE id = ?2) = 'running'")
      .bind(1, std::int64_t{gone})
      .bind(2, match)
      .bind(3, std::int64_t{seat})
      .run();
  return db.changes() == 1;
}

std::optional<std::int64_t> insert_rated_match(Connection& db, std::int64_t match,
                                               const std::string& game, std::int64_t time_ms) {
  db.query(
        "INSERT INTO rated_matches (match_id, game, time_ms) VALUES (?1, ?2, ?3) "
        "ON CONFLICT (match_id) DO NOTHING")
      .bind(1, match)
      .bind(2, game)
      .bind(3, time_ms)
      .run();
  if (db.changes() == 0) return std::nullopt;
  return db.last_id();
}

void lock_skills(Connection& db, const std::string& game, std::vector<RatingChange>& changes) {
  // One writer: nothing to lock against.
  for (RatingChange& c : changes) {
    auto q = db.query("SELECT mu, sigma FROM ratings WHERE player_id = ?1 AND game = ?2");
    q.bind(1, c.player).bind(2, game);
    c.mu_before.reset();
    c.sigma_before.reset();
    if (q.step()) {
      c.mu_before = q.real(0);
      c.sigma_before = q.real(1);
    }
  }
}

void store_rating_change(Connection& db, std::int64_t seq, const std::string& game,
                         const RatingChange& c) {
  db.query(
        "INSERT INTO rating_changes (seq, player_id, team, place, mu_before, sigma_before, mu, "
        "sigma, rating, provisional) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
      .bind(1, seq)
      .bind(2, c.player)
      .bind(3, std::int64_t{c.team})
      .bind(4, std::int64_t{c.place})
      .bind(5, c.mu_before)
      .bind(6, c.sigma_before)
      .bind(7, c.mu)
      .bind(8, c.sigma)
      .bind(9, c.rating)
      .bind(10, std::int64_t{c.provisional})
      .run();
  db.query(
        "INSERT INTO ratings (player_id, game, mu, sigma, rating, provisional, matches, wins) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7) ON CONFLICT (player_id, game) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, "
        "provisional = excluded.provisional, matches = matches + 1, wins = wins + excluded.wins")
      .bind(1, c.player)
      .bind(2, game)
      .bind(3, c.mu)
      .bind(4, c.sigma)
      .bind(5, c.rating)
      .bind(6, std::int64_t{c.provisional})
      .bind(7, std::int64_t{c.place == 0})
      .run();
}

std::vector<RatedMatch> select_rated_matches(Connection& db) {
  std::vector<RatedMatch> out;
  auto q = db.query("SELECT seq, match_id, game, time_ms FROM rated_matches ORDER BY seq");
  while (q.step()) out.push_back({q.int64(0), q.int64(1), q.text(2), q.int64(3), {}});
  auto c = db.query(
      "SELECT seq, player_id, team, place, mu_before, sigma_before, mu, sigma, rating, "
      "provisional FROM rating_changes ORDER BY seq, player_id");
  std::size_t m = 0;
  while (c.step()) {
    while (m < out.size() && out[m].seq < c.int64(0)) ++m;
    if (m == out.size()) break;
    out[m].changes.push_back({c.int64(1), static_cast<int>(c.int64(2)),
                              static_cast<int>(c.int64(3)), optional_real(c, 4),
                              optional_real(c, 5), c.real(6), c.real(7), c.real(8),
                              c.int64(9) != 0});
  }
  return out;
}

void delete_ratings(Connection& db) {
  db.run("DELETE FROM ratings");
}

void restore_rating_change(Connection& db, std::int64_t seq, const std::string& game,
                           const RatingChange& c) {
  db.query("DELETE FROM rating_changes WHERE seq = ?1 AND player_id = ?2")
      .bind(1, seq)
      .bind(2, c.player)
      .run();
  store_rating_change(db, seq, game, c);
}

std::vector<MatchToRate> select_matches_to_rate(Connection& db, std::optional<std::int64_t> match) {
  auto q = db.query(
      "SELECT m.id, m.game, m.result FROM matches m WHERE m.rated = 1 AND m.status = 'finished' "
      "AND (?1 IS NULL OR m.id = ?1) "
      "AND NOT EXISTS (SELECT 1 FROM rated_matches r WHERE r.match_id = m.id) ORDER BY m.id");
  q.bind(1, match);
  std::vector<MatchToRate> out;
  while (q.step()) out.push_back({q.int64(0), q.text(1), q.text(2), {}});
  for (MatchToRate& m : out) {
    auto s = db.query(
        "SELECT seat, starter_id, gone = 0 AND starter_id IS player_id FROM seats "
        "WHERE match_id = ?1 ORDER BY seat");
    s.bind(1, m.match);
    while (s.step()) {
      MatchToRate::Seat seat{static_cast<int>(s.int64(0)), std::nullopt, s.int64(2) != 0};
      if (!s.null(1)) seat.player = s.int64(1);
      m.seats.push_back(seat);
    }
  }
  return out;
}

std::vector<RatingEntry> select_leaderboard(Connection& db, const std::string& game, int limit,
                                            std::int64_t offset) {
  auto q = db.query(
      std::string(kEntryColumns) +
      "WHERE r.game = ?1 AND r.matches > 0 ORDER BY r.provisional, r.rating DESC, r.player_id "
      "LIMIT ?2 OFFSET ?3");
  q.bind(1, game).bind(2, std::int64_t{limit}).bind(3, offset);
  return read_entries(q);
}

std::vector<RatingEntry> select_player_ratings(Connection& db, std::int64_t player) {
  auto q = db.query(std::string(kEntryColumns) +
                    "WHERE r.player_id = ?1 AND r.matches > 0 ORDER BY r.game");
  q.bind(1, player);
  return read_entries(q);
}

std::vector<RatingPoint> select_rating_history(Connection& db, std::int64_t player,
                                               const std::string& game, int limit) {
  auto q = db.query(
      "SELECT * FROM (SELECT r.seq, r.match_id, r.time_ms, c.place, c.mu, c.sigma, c.rating, "
      "m.private_code, m.public_when_over FROM rating_changes c "
      "JOIN rated_matches r ON r.seq = c.seq JOIN matches m ON m.id = r.match_id "
      "WHERE c.player_id = ?1 AND r.game = ?2 ORDER BY r.seq DESC LIMIT ?3) ORDER BY seq");
  q.bind(1, player).bind(2, game).bind(3, std::int64_t{limit});
  std::vector<RatingPoint> out;
  while (q.step())
    out.push_back({q.int64(0), q.int64(1), q.int64(2), static_cast<int>(q.int64(3)), q.real(4),
                   q.real(5), q.real(6), q.text(7), q.int64(8) != 0});
  return out;
}

FinishRecord select_finish_record(Connection& db, std::int64_t player) {
  auto q = db.query(
      "SELECT COUNT(*), COALESCE(SUM(s.gone = 0 AND s.player_id IS s.starter_id), 0) "
      "FROM seats s JOIN matches m ON m.id = s.match_id "
      "WHERE s.starter_id = ?1 AND m.status = 'finished'");
  q.bind(1, player);
  q.step();
  return {q.int64(0), q.int64(1)};
}

std::vector<Player> select_players_named(Connection& db, const std::string& prefix, int limit) {
  auto q = db.query(
      "SELECT id, name, '', created_ms, "
      "EXISTS (SELECT 1 FROM accounts a WHERE a.player_id = players.id) FROM players "
      "WHERE substr(lower(name), 1, length(?1)) = lower(?1) ORDER BY lower(name), id LIMIT ?2");
  q.bind(1, prefix).bind(2, std::int64_t{limit});
  std::vector<Player> out;
  while (q.step())
    out.push_back({q.int64(0), q.text(1), q.text(2), q.int64(3), 0, q.int64(4) != 0});
  return out;
}

}  // namespace tortuga::store::sqlite
