// Measures ratings in the store (docs/performance.md, "Ratings"): the cost of rating a match
// (reading its players' skills, the Weng-Lin update, writing the ratings and the history, in one
// transaction) and the time of the leaderboard's queries, with PLAYERS rated players of one game.
//
//   ratings_bench [--players N] [--db DB]
//
// DB is a SQLite file's path or a postgresql:// URL (the store's --db); without it, a SQLite file
// in a fresh temporary directory, removed afterwards. The players are rated by two-player matches
// of Raft & Scupper until each has played (N/2 matches, queued without waiting, as rooms finish
// matches): that rate is the throughput under group commit. Then 1,000 matches rated one at a
// time, each waited for: the latency of one. Then the leaderboard's first page, a page deep in
// it, and a profile's reads, each the median of 101 runs.
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "persistence/open_store.hpp"
#include "server/ratings/placings.hpp"

using namespace tortuga;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

template <class F>
double median_ms(F&& f, int runs = 101) {
  std::vector<double> took;
  for (int i = 0; i < runs; ++i) {
    const auto start = Clock::now();
    f();
    took.push_back(ms_since(start));
  }
  std::nth_element(took.begin(), took.begin() + runs / 2, took.end());
  return took[runs / 2];
}

// Players and finished rated matches between `pairs` of them, queued without waiting (the
// store commits them in groups), as the setting of the measure, not part of it.
std::vector<std::int64_t> players(store::Store& s, long count) {
  std::vector<std::int64_t> ids(count);
  for (long p = 0; p < count; ++p)
    s.create_player("P" + std::to_string(p), "bench" + std::to_string(p),
                    [&ids, p](const store::Outcome<store::Player>& made) { ids[p] = made->id; });
  s.flush();
  return ids;
}

std::vector<std::int64_t> finished_matches(
    store::Store& s, const std::vector<std::pair<std::int64_t, std::int64_t>>& pairs) {
  std::vector<std::int64_t> ids(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    store::Match m;
    m.game = "raft-and-scupper";
    m.options_json = R"({"players":2})";
    m.rated = true;
    m.seats = {{0, pairs[i].first, "A", ""}, {1, pairs[i].second, "B", ""}};
    s.create_match(m, [&ids, i](const store::Outcome<std::int64_t>& made) { ids[i] = *made; });
  }
  s.flush();
  for (std::int64_t id : ids)
    s.finish_match(id, store::MatchStatus::finished, R"({"winners":[0]})", 1, nullptr);
  s.flush();
  return ids;
}

void rate(store::Store& s, std::int64_t match, std::int64_t a, std::int64_t b, store::Rated then) {
  std::vector<store::RatingChange> places(2);
  places[0].player = a;
  places[1] = places[0];
  places[1].player = b;
  places[1].team = 1;
  places[1].place = 1;
  s.rate_match(
      match, "raft-and-scupper", places,
      [](std::vector<store::RatingChange>& c) { rated::rate(c); }, std::move(then));
}

}  // namespace

int main(int argc, char** argv) {
  long players_wanted = 100000;
  std::string db;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--players") players_wanted = std::atol(argv[i + 1]);
    if (flag == "--db") db = argv[i + 1];
  }
  std::filesystem::path dir;
  if (db.empty()) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "tortuga-ratings-bench-XXXXXX").string();
    if (!mkdtemp(pattern.data())) return 1;
    dir = pattern;
    db = (dir / "ratings.db").string();
  }
  {
    auto s = store::open_store(db, store::StoreOptions{});
    const std::vector<std::int64_t> ids = players(*s, players_wanted);
    std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
    for (long p = 0; p + 1 < players_wanted; p += 2) pairs.emplace_back(ids[p], ids[p + 1]);
    const std::vector<std::int64_t> matches = finished_matches(*s, pairs);

    auto start = Clock::now();
    for (std::size_t m = 0; m < matches.size(); ++m)
      rate(*s, matches[m], ids[2 * m], ids[2 * m + 1], nullptr);
    s->flush();
    const double queued_ms = ms_since(start);
    std::printf("rated %zu matches queued: %.1f s, %.3f ms a match, %.0f matches/s\n",
                matches.size(), queued_ms / 1000, queued_ms / matches.size(),
                matches.size() / (queued_ms / 1000));

    std::vector<std::pair<std::int64_t, std::int64_t>> again;
    for (int m = 0; m < 1000; ++m) again.emplace_back(ids[m], ids[m + 1]);
    const std::vector<std::int64_t> more = finished_matches(*s, again);
    start = Clock::now();
    for (int m = 0; m < 1000; ++m) {
      std::promise<void> done;
      rate(*s, more[m], ids[m], ids[m + 1], [&](const store::Outcome<bool>&) { done.set_value(); });
      done.get_future().get();
    }
    std::printf("rated 1000 matches one at a time: %.3f ms a match\n", ms_since(start) / 1000);

    std::printf("leaderboard, first 50: %.3f ms\n",
                median_ms([&] { (void)s->leaderboard("raft-and-scupper", 50, 0).value(); }));
    std::printf("leaderboard, 50 at offset %ld: %.3f ms\n", players_wanted / 2, median_ms([&] {
                  (void)s->leaderboard("raft-and-scupper", 50, players_wanted / 2).value();
                }));
    std::printf("a profile's reads (ratings, history, finish rate): %.3f ms\n", median_ms([&] {
                  (void)s->player_ratings(ids[5]).value();
                  (void)s->rating_history(ids[5], "raft-and-scupper", 200).value();
                  (void)s->finish_record(ids[5]).value();
                }));
  }
  if (!dir.empty()) std::filesystem::remove_all(dir);
}
