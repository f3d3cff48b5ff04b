// SqlStore's members for ratings (sql_store.hpp, persistence/rating_records.hpp): a seat marked
// gone, a match rated once, the ratings rebuilt from their history, and the reads of the boards
// and profiles. Included by a backend's store only, after sql_store_impl.hpp.
#pragma once

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "persistence/now.hpp"
#include "persistence/store/sql_store_impl.hpp"

namespace tortuga::store {

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::mark_seat_gone(std::int64_t match, int seat,
                                                                  bool gone, Done done) {
  parts_->enqueue(
      WriteKind::seat_gone,
      [match, seat, gone](Connection& db) {
        if (!update_seat_gone(db, match, seat, gone))
          throw std::runtime_error("mark_seat_gone(" + std::to_string(match) + ", " +
                                   std::to_string(seat) + "): no such seat of a running match");
      },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::rate_match(std::int64_t match,
                                                              const std::string& game,
                                                              std::vector<RatingChange> placings,
                                                              Rate rate, Rated rated) {
  auto fresh = std::make_shared<bool>(false);
  parts_->enqueue(
      WriteKind::match_rated,
      [match, game, placings = std::move(placings), rate = std::move(rate),
       fresh](Connection& db) mutable {
        *fresh = false;
        const auto seq = insert_rated_match(db, match, game, now_ms());
        if (!seq) return;  // rated before: by this node, or by another before it took over
        // In player order, so that two transactions lock the same rows in the same order.
        std::sort(placings.begin(), placings.end(),
                  [](const RatingChange& a, const RatingChange& b) { return a.player < b.player; });
        lock_skills(db, game, placings);
        rate(placings);
        for (const RatingChange& c : placings) store_rating_change(db, *seq, game, c);
        *fresh = true;
      },
      [fresh, rated = std::move(rated)](const Outcome<void>& written) {
        if (rated) rated(written ? Outcome<bool>(*fresh) : Outcome<bool>(written.failure()));
      });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<RebuildReport> SqlStore<Connection, Options, SchemaVersion>::rebuild_ratings(
    Replay replay) {
  RebuildReport report;
  Outcome<void> written =
      parts_->write_and_wait("rebuild_ratings", WriteKind::ratings_rebuilt, [&](Connection& db) {
        report = {};
        std::vector<RatedMatch> matches = select_rated_matches(db);
        const std::vector<RatedMatch> stored = matches;
        replay(matches);
        delete_ratings(db);
        for (std::size_t m = 0; m < matches.size(); ++m) {
          ++report.matches;
          for (std::size_t i = 0; i < matches[m].changes.size(); ++i) {
            const RatingChange& now = matches[m].changes[i];
            const RatingChange& was = stored[m].changes[i];
            if (now.mu != was.mu || now.sigma != was.sigma || now.rating != was.rating ||
                now.provisional != was.provisional || now.mu_before != was.mu_before ||
                now.sigma_before != was.sigma_before)
              ++report.changed;
            restore_rating_change(db, matches[m].seq, matches[m].game, now);
          }
        }
      });
  if (!written) return written.failure();
  return report;
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<MatchToRate>> SqlStore<Connection, Options, SchemaVersion>::matches_to_rate(
    std::optional<std::int64_t> match) {
  return parts_->readers.read([&](Connection& db) { return select_matches_to_rate(db, match); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<RatingEntry>> SqlStore<Connection, Options, SchemaVersion>::leaderboard(
    const std::string& game, int limit, std::int64_t offset) {
  return parts_->readers.read([&](Connection& db) {
    return select_leaderboard(db, game, std::clamp(limit, 1, kMaxListLimit),
                              std::max<std::int64_t>(offset, 0));
  });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<RatingEntry>> SqlStore<Connection, Options, SchemaVersion>::player_ratings(
    std::int64_t player) {
  return parts_->readers.read([&](Connection& db) { return select_player_ratings(db, player); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<RatingPoint>> SqlStore<Connection, Options, SchemaVersion>::rating_history(
    std::int64_t player, const std::string& game, int limit) {
  return parts_->readers.read([&](Connection& db) {
    return select_rating_history(db, player, game, std::clamp(limit, 1, kMaxListLimit));
  });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<FinishRecord> SqlStore<Connection, Options, SchemaVersion>::finish_record(
    std::int64_t player) {
  return parts_->readers.read([&](Connection& db) { return select_finish_record(db, player); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<Player>> SqlStore<Connection, Options, SchemaVersion>::players_named(
    const std::string& prefix, int limit) {
  return parts_->readers.read([&](Connection& db) {
    return select_players_named(db, prefix, std::clamp(limit, 1, kMaxListLimit));
  });
}

}  // namespace tortuga::store
