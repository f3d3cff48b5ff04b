// What the store keeps of ratings, on both backends: a match rated exactly once (again after a
// restart, and when rated twice at once), the skills before read inside the write, the board's
// order, the history, who did not finish, and a rebuild that replays the history to the same
// figures.
#include <doctest/doctest.h>

#include <future>
#include <map>
#include <memory>
#include <stdexcept>
#include <thread>

#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::await;
using tortuga::store::test::sample_match;

namespace {

// A stand-in for the engine: each player's new mu is their old one (25 at first) plus 10 for
// place 0, minus their place; sigma shrinks by one. Deterministic, so that a replay must find
// the same figures, and it reads the skill before, which the store must supply.
void toy_rate(std::vector<RatingChange>& changes) {
  for (RatingChange& c : changes) {
    const double mu = c.mu_before.value_or(25.0), sigma = c.sigma_before.value_or(8.0);
    c.mu = mu + (c.place == 0 ? 10.0 : -1.0 * c.place) + 0.1;
    c.sigma = sigma - 1.0 / 3.0;
    c.rating = c.mu - 3 * c.sigma;
    c.provisional = c.sigma > 6.5;
  }
}

Outcome<bool> rate(Store& store, std::int64_t match, const std::string& game,
                   std::vector<RatingChange> placings, Rate how = toy_rate) {
  std::promise<Outcome<bool>> answer;
  auto future = answer.get_future();
  store.rate_match(match, game, std::move(placings), how,
                   [&](const Outcome<bool>& rated) { answer.set_value(rated); });
  return future.get();
}

RatingChange placed(std::int64_t player, int team, int place) {
  RatingChange c;
  c.player = player;
  c.team = team;
  c.place = place;
  return c;
}

Match rated_match(std::int64_t a, std::int64_t b) {
  Match m = sample_match("raft-and-scupper", 2);
  m.rated = true;
  m.seats[0] = {0, a, "A", ""};
  m.seats[1] = {1, b, "B", ""};
  return m;
}

}  // namespace

STORE_TEST("a match is rated once: the skills before are read in the write, a second is a no") {
  Backend db;
  auto opened = db.open();
  auto& store = *opened;
  const auto anne = store.create_player("Anne", "h1").value().id;
  const auto bob = store.create_player("Bob", "h2").value().id;
  const auto first = store.create_match(rated_match(anne, bob)).value();
  const auto second = store.create_match(rated_match(anne, bob)).value();
  CHECK(rate(store, first, "raft-and-scupper", {placed(anne, 0, 0), placed(bob, 1, 1)}).value());
  CHECK_FALSE(
      rate(store, first, "raft-and-scupper", {placed(anne, 0, 1), placed(bob, 1, 0)}).value());
  CHECK(rate(store, second, "raft-and-scupper", {placed(anne, 0, 0), placed(bob, 1, 1)}).value());

  const auto ratings = store.player_ratings(anne).value();
  REQUIRE(ratings.size() == 1);
  CHECK(ratings[0].mu == 25.0 + 10.1 + 10.1);  // from 25, twice the winner's step, not thrice
  CHECK(ratings[0].matches == 2);
  CHECK(ratings[0].wins == 2);
  CHECK(ratings[0].name == "Anne");
  const auto history = store.rating_history(bob, "raft-and-scupper", 10).value();
  REQUIRE(history.size() == 2);
  CHECK(history[0].match == first);
  CHECK(history[1].match == second);
  CHECK(history[1].mu == 25.0 - 0.9 - 0.9);
  CHECK(history[1].place == 1);
}

STORE_TEST("a rating that fails to compute stores nothing, and the match can be rated later") {
  Backend db;
  auto opened = db.open();
  auto& store = *opened;
  const auto anne = store.create_player("Anne", "h1").value().id;
  const auto bob = store.create_player("Bob", "h2").value().id;
  const auto match = store.create_match(rated_match(anne, bob)).value();
  const Rate broken = [](std::vector<RatingChange>&) { throw std::invalid_argument("no"); };
  CHECK_FALSE(
      rate(store, match, "raft-and-scupper", {placed(anne, 0, 0), placed(bob, 1, 1)}, broken).ok());
  CHECK(store.player_ratings(anne).value().empty());
  CHECK(rate(store, match, "raft-and-scupper", {placed(anne, 0, 0), placed(bob, 1, 1)}).value());
}

STORE_TEST("matches to rate: finished, rated, not yet rated; who began each seat and stayed") {
  Backend db;
  std::int64_t match = 0, anne = 0, bob = 0;
  {
    auto opened = db.open();
    auto& store = *opened;
    anne = store.create_player("Anne", "h1").value().id;
    bob = store.create_player("Bob", "h2").value().id;
    match = store.create_match(rated_match(anne, bob)).value();
    const auto unrated = store.create_match(sample_match("raft-and-scupper", 2)).value();
    const auto running = store.create_match(rated_match(anne, bob)).value();
    CHECK(await([&](Done d) { store.mark_seat_gone(match, 1, true, d); }).ok);
    CHECK(await([&](Done d) { store.mark_seat_gone(match, 1, false, d); }).ok);
    CHECK(await([&](Done d) { store.mark_seat_gone(match, 0, true, d); }).ok);
    CHECK_FALSE(await([&](Done d) { store.mark_seat_gone(match, 5, true, d); }).ok);
    for (auto m : {match, unrated})
      CHECK(await([&](Done d) {
              store.finish_match(m, MatchStatus::finished, R"({"winners":[1]})", 5, d);
            }).ok);
    CHECK(store.match(match).value()->rated);
    CHECK_FALSE(store.match(running).value()->status == MatchStatus::finished);
  }
  // After a restart, as a node that takes over would find them.
  auto opened = db.open();
  auto& store = *opened;
  auto pending = store.matches_to_rate(std::nullopt).value();
  REQUIRE(pending.size() == 1);
  CHECK(pending[0].match == match);
  CHECK(pending[0].result_json == R"({"winners":[1]})");
  REQUIRE(pending[0].seats.size() == 2);
  CHECK(pending[0].seats[0].player == anne);
  CHECK_FALSE(pending[0].seats[0].finished);
  CHECK(pending[0].seats[1].finished);
  CHECK(store.finish_record(anne).value().started == 1);
  CHECK(store.finish_record(anne).value().finished == 0);
  CHECK(store.finish_record(bob).value().finished == 1);
  CHECK(rate(store, match, "raft-and-scupper", {placed(anne, 0, 1), placed(bob, 1, 0)}).value());
  CHECK(store.matches_to_rate(std::nullopt).value().empty());
  CHECK(store.matches_to_rate(match).value().empty());
}

STORE_TEST("a seat given to a bot mid-match counts as not finished by who began it") {
  Backend db;
  auto opened = db.open();
  auto& store = *opened;
  const auto anne = store.create_player("Anne", "h1").value().id;
  const auto bob = store.create_player("Bob", "h2").value().id;
  const auto match = store.create_match(rated_match(anne, bob)).value();
  CHECK(await([&](Done d) {
          store.replace_seat(match, {0, std::nullopt, "Bot 1 (smart)", "smart"}, d);
        }).ok);
  CHECK(await([&](Done d) {
          store.finish_match(match, MatchStatus::finished, R"({"winners":[0]})", 5, d);
        }).ok);
  const auto pending = store.matches_to_rate(match).value();
  REQUIRE(pending.size() == 1);
  CHECK(pending[0].seats[0].player == anne);
  CHECK_FALSE(pending[0].seats[0].finished);
}

STORE_TEST("the leaderboard: settled before provisional, then by rating, paged") {
  Backend db;
  auto opened = db.open();
  auto& store = *opened;
  std::vector<std::int64_t> p;
  for (int i = 0; i < 4; ++i)
    p.push_back(store
                    .create_player(std::string("P") += std::to_string(i),
                                   std::string("h") += std::to_string(i))
                    .value()
                    .id);
  // Figures set directly: P0 settled at 10, P1 settled at 20, P2 provisional at 30, P3 in
  // another game.
  const auto fixed = [](double rating, bool provisional) {
    return Rate([=](std::vector<RatingChange>& changes) {
      for (auto& c : changes) {
        c.mu = rating + 6;
        c.sigma = 2;
        c.rating = rating;
        c.provisional = provisional;
      }
    });
  };
  const auto one = [&](std::int64_t player, const std::string& game, Rate how) {
    Match m = sample_match(game, 1);
    m.rated = true;
    const auto id = store.create_match(m).value();
    CHECK(rate(store, id, game, {placed(player, 0, 0)}, how).value());
  };
  one(p[0], "scalawag", fixed(10, false));
  one(p[1], "scalawag", fixed(20, false));
  one(p[2], "scalawag", fixed(30, true));
  one(p[3], "riff-raff", fixed(40, false));
  const auto board = store.leaderboard("scalawag", 10, 0).value();
  REQUIRE(board.size() == 3);
  CHECK(board[0].player == p[1]);
  CHECK(board[1].player == p[0]);
  CHECK(board[2].player == p[2]);
  CHECK(board[2].provisional);
  const auto page = store.leaderboard("scalawag", 1, 1).value();
  REQUIRE(page.size() == 1);
  CHECK(page[0].player == p[0]);
  CHECK(store.leaderboard("colpaccio", 10, 0).value().empty());
}

STORE_TEST("a rebuild replays the history in the order rated and finds the same figures") {
  Backend db;
  auto opened = db.open();
  auto& store = *opened;
  std::vector<std::int64_t> p;
  for (int i = 0; i < 3; ++i)
    p.push_back(store
                    .create_player(std::string("P") += std::to_string(i),
                                   std::string("h") += std::to_string(i))
                    .value()
                    .id);
  for (int m = 0; m < 6; ++m) {
    Match match = sample_match("scalawag", 3);
    match.rated = true;
    const auto id = store.create_match(match).value();
    CHECK(rate(store, id, "scalawag",
               {placed(p[0], 0, m % 3), placed(p[1], 1, (m + 1) % 3), placed(p[2], 2, (m + 2) % 3)})
              .value());
  }
  const auto before = store.leaderboard("scalawag", 10, 0).value();
  const Replay replay = [](std::vector<RatedMatch>& matches) {
    std::map<std::int64_t, std::pair<double, double>> now;
    for (RatedMatch& m : matches) {
      for (RatingChange& c : m.changes) {
        c.mu_before.reset();
        c.sigma_before.reset();
        if (now.count(c.player)) {
          c.mu_before = now[c.player].first;
          c.sigma_before = now[c.player].second;
        }
      }
      toy_rate(m.changes);
      for (const RatingChange& c : m.changes) now[c.player] = {c.mu, c.sigma};
    }
  };
  const auto report = store.rebuild_ratings(replay).value();
  CHECK(report.matches == 6);
  CHECK(report.changed == 0);
  const auto after = store.leaderboard("scalawag", 10, 0).value();
  REQUIRE(after.size() == before.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    CHECK(after[i].player == before[i].player);
    CHECK(after[i].mu == before[i].mu);  // exactly: the same doubles
    CHECK(after[i].sigma == before[i].sigma);
    CHECK(after[i].matches == 6);
    CHECK(after[i].wins == before[i].wins);
  }
  // A replay that computes otherwise is found and written.
  const Replay other = [&](std::vector<RatedMatch>& matches) {
    replay(matches);
    matches.back().changes[0].mu += 1;
  };
  CHECK(store.rebuild_ratings(other).value().changed == 1);
  double was = 0;
  for (const auto& e : before)
    if (e.player == p[0]) was = e.mu;
  CHECK(store.player_ratings(p[0]).value()[0].mu == was + 1);
}

STORE_TEST("players found by the start of their name, ignoring case, and accounts told apart") {
  Backend db;
  auto opened = db.open();
  auto& store = *opened;
  store.create_player("Anne", "h1").value();
  store.create_player("annabel", "h2").value();
  store.create_player("Bob", "h3").value();
  const auto found = store.players_named("ANN", 10).value();
  REQUIRE(found.size() == 2);
  CHECK(found[0].name == "annabel");
  CHECK(found[1].name == "Anne");
  CHECK(found[0].token_hash.empty());
  CHECK(store.players_named("ann", 1).value().size() == 1);
  CHECK(store.players_named("%", 10).value().empty());
  CHECK_FALSE(store.player(found[0].id).value()->account);
}
