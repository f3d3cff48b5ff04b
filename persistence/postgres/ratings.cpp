// The PostgreSQL backend's statements on ratings (store/statements.hpp): seats gone, rated
// matches and each player's part in them, the ratings, and the reads of boards and profiles.
// Nodes sharing the database may rate at once: a match is recorded once (its unique key, the
// second insert waiting for the first to commit), and a player's rating rows are locked in player
// order for the transaction that reads and rewrites them.
#include "persistence/postgres/statements.hpp"

namespace tortuga::store::postgres {
namespace {

const char* const kEntryColumns =
    "SELECT r.player_id, p.name, r.game, r.mu, r.sigma, r.rating, r.provisional, r.matches, "
    "r.wins FROM ratings r JOIN players p ON p.id = r.player_id ";

std::vector<RatingEntry> read_entries(const Result& r) {
  std::vector<RatingEntry> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back({r.int64(i, 0), r.text(i, 1), r.text(i, 2), r.real(i, 3), r.real(i, 4),
                   r.real(i, 5), r.int64(i, 6) != 0, r.int64(i, 7), r.int64(i, 8)});
  return out;
}

std::optional<double> optional_real(const Result& r, int row, int col) {
  if (r.null(row, col)) return std::nullopt;
  return r.real(row, col);
}

}  // namespace

bool update_seat_gone(Connection& db, std::int64_t match, int seat, bool gone) {
  return db.query(
               "UPDATE seats SET gone = $1 WHERE match_id = $2 AND seat = $3 "
               "AND (SELECT status FROM matches WHERE id = $2) = 'running'",
               std::int64_t{gone}, match, seat)
             .changed() == 1;
}

std::optional<std::int64_t> insert_rated_match(Connection& db, std::int64_t match,
                                               const std::string& game, std::int64_t time_ms) {
  const Result r = db.query(
      "INSERT INTO rated_matches (match_id, game, time_ms) VALUES ($1, $2, $3) "
      "ON CONFLICT (match_id) DO NOTHING RETURNING seq",
      match, game, time_ms);
  if (r.rows() == 0) return std::nullopt;
  return r.int64(0, 0);
}

void lock_skills(Connection& db, const std::string& game, std::vector<RatingChange>& changes) {
  for (RatingChange& c : changes) {
    // A row to lock even for a first rating: matches 0 says there was none.
    db.query(
        "INSERT INTO ratings (player_id, game, mu, sigma, rating, provisional, matches, wins) "
        "VALUES ($1, $2, 0, 0, 0, 1, 0, 0) ON CONFLICT (player_id, game) DO NOTHING",
        c.player, game);
    const Result r = db.query(
        "SELECT mu, sigma, matches FROM ratings WHERE player_id = $1 AND game = $2 FOR UPDATE",
        c.player, game);
    c.mu_before.reset();
    c.sigma_before.reset();
    if (r.int64(0, 2) > 0) {
      c.mu_before = r.real(0, 0);
      c.sigma_before = r.real(0, 1);
    }
  }
}

void store_rating_change(Connection& db, std::int64_t seq, const std::string& game,
                         const RatingChange& c) {
  db.query(
      "INSERT INTO rating_changes (seq, player_id, team, place, mu_before, sigma_before, mu, "
      "sigma, rating, provisional) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
      seq, c.player, c.team, c.place, c.mu_before, c.sigma_before, c.mu, c.sigma, c.rating,
      std::int64_t{c.provisional});
  db.query(
      "INSERT INTO ratings (player_id, game, mu, sigma, rating, provisional, matches, wins) "
      "VALUES ($1, $2, $3, $4, $5, $6, 1, $7) ON CONFLICT (player_id, game) DO UPDATE SET "
      "mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, "
      "provisional = excluded.provisional, matches = ratings.matches + 1, "
      "wins = ratings.wins + excluded.wins",
      c.player, game, c.mu, c.sigma, c.rating, std::int64_t{c.provisional},
      std::int64_t{c.place == 0});
}

std::vector<RatedMatch> select_rated_matches(Connection& db) {
  std::vector<RatedMatch> out;
  const Result r = db.query("SELECT seq, match_id, game, time_ms FROM rated_matches ORDER BY seq");
  for (int i = 0; i < r.rows(); ++i)
    out.push_back({r.int64(i, 0), r.int64(i, 1), r.text(i, 2), r.int64(i, 3), {}});
  const Result c = db.query(
      "SELECT seq, player_id, team, place, mu_before, sigma_before, mu, sigma, rating, "
      "provisional FROM rating_changes ORDER BY seq, player_id");
  std::size_t m = 0;
  for (int i = 0; i < c.rows(); ++i) {
    while (m < out.size() && out[m].seq < c.int64(i, 0)) ++m;
    if (m == out.size()) break;
    out[m].changes.push_back({c.int64(i, 1), static_cast<int>(c.int64(i, 2)),
                              static_cast<int>(c.int64(i, 3)), optional_real(c, i, 4),
                              optional_real(c, i, 5), c.real(i, 6), c.real(i, 7), c.real(i, 8),
                              c.int64(i, 9) != 0});
  }
  return out;
}

void delete_ratings(Connection& db) {
  db.exec("DELETE FROM ratings");
}

void restore_rating_change(Connection& db, std::int64_t seq, const std::string& game,
                           const RatingChange& c) {
  db.query("DELETE FROM rating_changes WHERE seq = $1 AND player_id = $2", seq, c.player);
  store_rating_change(db, seq, game, c);
}

std::vector<MatchToRate> select_matches_to_rate(Connection& db, std::optional<std::int64_t> match) {
  const Result r = db.query(
      "SELECT m.id, m.game, m.result FROM matches m WHERE m.rated = 1 AND m.status = 'finished' "
      "AND ($1::bigint IS NULL OR m.id = $1) "
      "AND NOT EXISTS (SELECT 1 FROM rated_matches r WHERE r.match_id = m.id) ORDER BY m.id",
      match);
  std::vector<MatchToRate> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back({r.int64(i, 0), r.text(i, 1), r.text(i, 2), {}});
  for (MatchToRate& m : out) {
    const Result s = db.query(
        "SELECT seat, starter_id, gone = 0 AND starter_id IS NOT DISTINCT FROM player_id "
        "FROM seats WHERE match_id = $1 ORDER BY seat",
        m.match);
    for (int i = 0; i < s.rows(); ++i) {
      MatchToRate::Seat seat{static_cast<int>(s.int64(i, 0)), std::nullopt, s.text(i, 2) == "t"};
      if (!s.null(i, 1)) seat.player = s.int64(i, 1);
      m.seats.push_back(seat);
    }
  }
  return out;
}

std::vector<RatingEntry> select_leaderboard(Connection& db, const std::string& game, int limit,
                                            std::int64_t offset) {
  return read_entries(db.query(std::string(kEntryColumns) +
                                   "WHERE r.game = $1 AND r.matches > 0 ORDER BY r.provisional, "
                                   "r.rating DESC, r.player_id LIMIT $2 OFFSET $3",
                               game, limit, offset));
}

std::vector<RatingEntry> select_player_ratings(Connection& db, std::int64_t player) {
  return read_entries(db.query(
      std::string(kEntryColumns) + "WHERE r.player_id = $1 AND r.matches > 0 ORDER BY r.game",
      player));
}

std::vector<RatingPoint> select_rating_history(Connection& db, std::int64_t player,
                                               const std::string& game, int limit) {
  const Result r = db.query(
      "SELECT * FROM (SELECT r.seq, r.match_id, r.time_ms, c.place, c.mu, c.sigma, c.rating, "
      "m.private_code, m.public_when_over FROM rating_changes c "
      "JOIN rated_matches r ON r.seq = c.seq JOIN matches m ON m.id = r.match_id "
      "WHERE c.player_id = $1 AND r.game = $2 ORDER BY r.seq DESC LIMIT $3) h ORDER BY seq",
      player, game, limit);
  std::vector<RatingPoint> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back({r.int64(i, 0), r.int64(i, 1), r.int64(i, 2), static_cast<int>(r.int64(i, 3)),
                   r.real(i, 4), r.real(i, 5), r.real(i, 6), r.text(i, 7), r.text(i, 8) == "t"});
  return out;
}

FinishRecord select_finish_record(Connection& db, std::int64_t player) {
  const Result r = db.query(
      "SELECT COUNT(*), COUNT(*) FILTER (WHERE s.gone = 0 AND "
      "s.player_id IS NOT DISTINCT FROM s.starter_id) "
      "FROM seats s JOIN matches m ON m.id = s.match_id "
      "WHERE s.starter_id = $1 AND m.status = 'finished'",
      player);
  return {r.int64(0, 0), r.int64(0, 1)};
}

std::vector<Player> select_players_named(Connection& db, const std::string& prefix, int limit) {
  const Result r = db.query(
      "SELECT id, name, '', created_ms, "
      "EXISTS (SELECT 1 FROM accounts a WHERE a.player_id = players.id) FROM players "
      "WHERE left(lower(name), length($1)) = lower($1) ORDER BY lower(name), id LIMIT $2",
      prefix, limit);
  std::vector<Player> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(
        {r.int64(i, 0), r.text(i, 1), r.text(i, 2), r.int64(i, 3), 0, r.text(i, 4) == "t"});
  return out;
}

}  // namespace tortuga::store::postgres
