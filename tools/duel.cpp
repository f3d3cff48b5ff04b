// Bots against bots, to measure a level's strength: every match deals the same table once per
// seat rotation, so that each level plays every seat on every deal, and the matches share the
// machine's cores. Prints each level's wins, its share against a fair one and its mean rank (and
// mean score where the game keeps one), each with a 95% confidence interval.
//
//   build/tools/tortuga-duel --game ID --players N --bots strong,smart --matches M [--json]
//                            [--iterations K] [--time-ms T] [--threads T] [--seed S]
//                            [--options JSON]
//
// --bots lists a level for each seat, the last filling the rest: "strong,smart" at four players is
// one strong bot among three smart ones. With one player (Colpaccio's solo duel) each level plays
// its own match on each deal. --iterations sets the strong bot's budget without a clock (the
// figures are then the same on any machine); without it the game's default budget applies.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "rules/core/registry.hpp"

namespace {

using namespace tortuga;

struct Args {
  std::string game;
  int players = 2;
  std::vector<std::string> bots;
  long matches = 100;
  bool json = false;
  int iterations = 0;
  int time_ms = -1;
  int threads = 2;
  std::uint64_t seed = 1;
  Json options = Json::object();
};

int usage() {
  std::fprintf(stderr,
               "usage: tortuga-duel --game ID --players N --bots LEVEL,LEVEL... --matches M\n"
               "                    [--json] [--iterations K] [--time-ms T] [--threads T]\n"
               "                    [--seed S] [--options JSON]\n");
  return 2;
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return parts;
}

// One seat's record in one match.
struct Seated {
  std::string level;
  double win = 0;  // its share of the win
  double rank = 0;
  double score = 0;
  bool scored = false;
};

// Rank 1 for a winner; otherwise one more than the seats scoring better (at least 2), or 2 where
// the game keeps no scores. Better is higher, unless the winners hold the lowest score (Riff
// Raff's scores are pieces left).
std::vector<Seated> records(const Json& result, const std::vector<std::string>& levels) {
  const int n = static_cast<int>(levels.size());
  std::vector<Seated> out(n);
  const Json& winners = result.value("winners", Json::array());
  const Json& scores = result.value("scores", Json::array());
  const bool scored =
      scores.is_array() && static_cast<int>(scores.size()) == n &&
      std::all_of(scores.begin(), scores.end(), [](const Json& s) { return s.is_number(); });
  bool lower_wins = false;
  if (scored && !winners.empty() && n > 1) {
    double low = scores[0].get<double>();
    for (const Json& s : scores) low = std::min(low, s.get<double>());
    lower_wins = std::all_of(winners.begin(), winners.end(), [&](const Json& w) {
      return scores[w.get<int>()].get<double>() == low;
    });
  }
  for (int seat = 0; seat < n; ++seat) {
    Seated& r = out[seat];
    r.level = levels[seat];
    bool won = false;
    for (const Json& w : winners) won = won || w == seat;
    r.win = won ? 1.0 / static_cast<double>(winners.size()) : 0.0;
    if (scored) {
      r.scored = true;
      r.score = scores[seat].get<double>();
      int better = 0;
      for (const Json& s : scores)
        better += lower_wins ? s.get<double>() < r.score : s.get<double>() > r.score;
      r.rank = won ? 1 : std::max(2, 1 + better);
    } else {
      r.rank = won ? 1 : 2;
    }
  }
  return out;
}

struct Match {
  std::vector<Seated> seats;
  bool finished = false;
};

Match play(const Game& game, const Json& options, std::uint64_t deal,
           const std::vector<std::string>& levels, const SearchBudget& budget, std::uint64_t seed) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (const std::string& level : levels)
    bots.push_back(level == "strong" ? game.make_strong_bot(budget) : game.make_bot(level));
  auto state = game.new_state(options, Chance(deal));
  Chance rng(seed);
  for (int step = 0; step < 20000 && !state->is_over(); ++step) {
    const auto actors = state->actors();
    if (actors.empty()) break;
    const int seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
    if (state->apply(seat, bots[seat]->choose(*state, seat, rng))) {
      std::fprintf(stderr, "deal %llu: a %s bot's action was refused\n",
                   static_cast<unsigned long long>(deal), levels[seat].c_str());
      break;
    }
  }
  Match match;
  match.finished = state->is_over();
  if (match.finished) match.seats = records(state->result(), levels);
  return match;
}

struct Tally {
  std::vector<double> wins, ranks, scores;
};

struct Interval {
  double mean, low, high;
};

Interval mean_ci(const std::vector<double>& xs) {
  const double n = static_cast<double>(xs.size());
  if (xs.empty()) return {0, 0, 0};
  double sum = 0;
  for (double x : xs) sum += x;
  const double mean = sum / n;
  double var = 0;
  for (double x : xs) var += (x - mean) * (x - mean);
  const double half = n > 1 ? 1.96 * std::sqrt(var / (n - 1) / n) : 0;
  return {mean, mean - half, mean + half};
}

// Wilson's interval for a share of wins: unlike the normal one it stays within [0, 1] and holds
// near them, where a strong level's figures lie.
Interval share_ci(const std::vector<double>& xs) {
  const double n = static_cast<double>(xs.size());
  if (xs.empty()) return {0, 0, 0};
  double sum = 0;
  for (double x : xs) sum += x;
  const double p = sum / n, z = 1.96, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {p, centre - half, centre + half};
}

Json interval_json(const Interval& i) {
  auto round3 = [](double x) { return std::round(x * 1000) / 1000; };
  return {{"mean", round3(i.mean)}, {"ci95", {round3(i.low), round3(i.high)}}};
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    const std::string arg = argv[i];
    if (arg == "--json") {
      args.json = true;
    } else if (arg == "--game" && has_value) {
      args.game = argv[++i];
    } else if (arg == "--players" && has_value) {
      args.players = std::atoi(argv[++i]);
    } else if (arg == "--bots" && has_value) {
      args.bots = split(argv[++i]);
    } else if (arg == "--matches" && has_value) {
      args.matches = std::atol(argv[++i]);
    } else if (arg == "--iterations" && has_value) {
      args.iterations = std::atoi(argv[++i]);
    } else if (arg == "--time-ms" && has_value) {
      args.time_ms = std::atoi(argv[++i]);
    } else if (arg == "--threads" && has_value) {
      args.threads = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--seed" && has_value) {
      args.seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg == "--options" && has_value) {
      Json extra = Json::parse(argv[++i], nullptr, false);
      if (!extra.is_object()) return usage();
      args.options.update(extra);
    } else {
      return usage();
    }
  }
  const Game* game = find_game(args.game);
  if (!game || args.bots.empty() || args.matches < 1 || args.players < 1) return usage();
  args.options["players"] = args.players;
  auto options = game->normalize_options(args.options);
  if (!options.ok()) {
    std::fprintf(stderr, "options refused: %s\n", options.error().message.c_str());
    return 2;
  }
  SearchBudget budget = game->search_budget();
  if (args.iterations > 0) budget.iterations = args.iterations, budget.time_ms = 0;
  if (args.time_ms >= 0) budget.time_ms = args.time_ms;

  // The levels at the table, rotated one seat a match; solo: each level alone on each deal.
  const bool solo = args.players == 1;
  std::vector<std::string> lineup;
  for (int s = 0; s < args.players; ++s)
    lineup.push_back(args.bots[std::min<std::size_t>(s, args.bots.size() - 1)]);
  const int rotations = solo ? static_cast<int>(args.bots.size()) : args.players;

  std::vector<Match> matches(args.matches);
  std::atomic<long> next{0};
  auto worker = [&] {
    for (long m; (m = next++) < args.matches;) {
      const std::uint64_t deal = args.seed * 1000003 + static_cast<std::uint64_t>(m / rotations);
      const int turn = static_cast<int>(m % rotations);
      std::vector<std::string> levels;
      if (solo) {
        levels = {args.bots[turn]};
      } else {
        for (int s = 0; s < args.players; ++s) levels.push_back(lineup[(s + turn) % args.players]);
      }
      matches[m] = play(*game, *options, deal, levels, budget, deal * 7 + turn);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < args.threads; ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();

  std::map<std::string, Tally> tallies;
  long unfinished = 0;
  for (const Match& match : matches) {
    if (!match.finished) {
      ++unfinished;
      continue;
    }
    for (const Seated& s : match.seats) {
      Tally& t = tallies[s.level];
      t.wins.push_back(s.win);
      t.ranks.push_back(s.rank);
      if (s.scored) t.scores.push_back(s.score);
    }
  }
  const double fair = solo ? 0 : 1.0 / args.players;
  Json levels = Json::object();
  for (const auto& [level, t] : tallies) {
    const Interval wins = share_ci(t.wins);
    Json entry = {{"seats", t.wins.size()},
                  {"wins", interval_json(wins)},
                  {"mean_rank", interval_json(mean_ci(t.ranks))}};
    if (!solo) entry["share_of_fair"] = std::round(wins.mean / fair * 100) / 100;
    if (!t.scores.empty()) entry["mean_score"] = interval_json(mean_ci(t.scores));
    levels[level] = std::move(entry);
  }
  Json report = {
      {"game", args.game},
      {"players", args.players},
      {"bots", args.bots},
      {"matches", args.matches},
      {"unfinished", unfinished},
      {"strong_budget", {{"iterations", budget.iterations}, {"time_ms", budget.time_ms}}},
      {"levels", levels}};
  if (args.json) {
    std::printf("%s\n", report.dump(2).c_str());
    return 0;
  }
  std::printf("%s, %d players, %ld matches (%ld unfinished)\n", args.game.c_str(), args.players,
              args.matches, unfinished);
  for (const auto& [level, entry] : levels.items()) {
    std::printf("  %-8s seats %4d  wins %.3f [%.3f, %.3f]  mean rank %.2f [%.2f, %.2f]",
                level.c_str(), entry["seats"].get<int>(), entry["wins"]["mean"].get<double>(),
                entry["wins"]["ci95"][0].get<double>(), entry["wins"]["ci95"][1].get<double>(),
                entry["mean_rank"]["mean"].get<double>(),
                entry["mean_rank"]["ci95"][0].get<double>(),
                entry["mean_rank"]["ci95"][1].get<double>());
    if (entry.contains("mean_score"))
      std::printf("  mean score %.1f [%.1f, %.1f]", entry["mean_score"]["mean"].get<double>(),
                  entry["mean_score"]["ci95"][0].get<double>(),
                  entry["mean_score"]["ci95"][1].get<double>());
    std::printf("\n");
  }
  return 0;
}
