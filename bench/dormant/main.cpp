// tortuga-dormant-bench: what many waiting matches by correspondence cost a server, and what
// waking one costs its player (docs/performance.md, "Dormant matches"). It stores N running
// matches of every game, mid-play, straight into a store; starts the server beside it on that
// store, with its defaults but for the limits per address (every client comes from one); signs
// in M players who then wait; wakes a sample of each game's matches, one at a time, by a seated
// player's sync; and prints one JSON object: the server's RSS after its start, with the players
// connected and after the wakes, the wake latencies per game, and the rooms dormant and in memory
// as /metrics gives them.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/dormant/fill.hpp"
#include "bench/dormant/wake.hpp"
#include "bench/server_child.hpp"

namespace {

using namespace tortuga::bench;
using Json = nlohmann::json;
namespace fs = std::filesystem;

constexpr const char* kHelp =
    "usage: tortuga-dormant-bench [--matches N] [--online M] [--sample K] [--db DB]\n"
    "                             [--server PATH] [--seed S]\n"
    "\n"
    "Stores N running matches by correspondence (the five games in turn, two to four players,\n"
    "two to six moves in, nobody's deadline within days) into a store, starts the server on it,\n"
    "signs in M players who then stay idle, and wakes K matches of each game one at a time, each\n"
    "by a seated player's sync, timed from the request to the match's state. Prints JSON.\n"
    "\n"
    "  --matches N   matches stored (default 100000, at most 1000000)\n"
    "  --online M    players signed in (default 1000, at most 20000)\n"
    "  --sample K    matches woken per game (default 100)\n"
    "  --db DB       the store: a new, empty SQLite file's path or PostgreSQL database's URL\n"
    "                (default: a SQLite file in a temporary directory, removed afterwards)\n"
    "  --server PATH the server binary (default: the tortuga beside this program)\n"
    "  --seed S      the seed of the matches' moves and seats (default: random)\n"
    "\n"
    "Targets: 100,000 dormant matches with 1,000 players connected in under 1 GiB of server\n"
    "RSS; a wake within 50 ms at p99.\n";

struct Flags {
  int matches = 100000;
  int online = 1000;
  int sample = 100;
  std::string db;
  fs::path server;
  std::uint64_t seed = std::random_device{}();
};

long long number(const std::string& flag, const std::string& value, long long lo, long long hi) {
  char* end = nullptr;
  const long long n = std::strtoll(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || n < lo || n > hi)
    throw std::invalid_argument(flag + " must be a whole number in " + std::to_string(lo) + ".." +
                                std::to_string(hi));
  return n;
}

Flags parse(const std::vector<std::string>& args, const fs::path& beside) {
  Flags f;
  f.server = beside / "tortuga";
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (i + 1 >= args.size()) throw std::invalid_argument(flag + " needs a value");
    const std::string& value = args[++i];
    if (flag == "--matches")
      f.matches = static_cast<int>(number(flag, value, 1, 1000000));
    else if (flag == "--online")
      f.online = static_cast<int>(number(flag, value, 1, 20000));
    else if (flag == "--sample")
      f.sample = static_cast<int>(number(flag, value, 1, 100000));
    else if (flag == "--db")
      f.db = value;
    else if (flag == "--server")
      f.server = value;
    else if (flag == "--seed")
      f.seed = static_cast<std::uint64_t>(number(flag, value, 0, 1LL << 62));
    else
      throw std::invalid_argument("unknown flag " + flag);
  }
  return f;
}

double percentile(std::vector<double> ms, double p) {
  if (ms.empty()) return 0;
  std::sort(ms.begin(), ms.end());
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(ms.size())));
  return ms[std::clamp<std::size_t>(rank, 1, ms.size()) - 1];
}

double rounded(double v) {
  return std::round(v * 100) / 100;
}

Json rooms_now(std::uint16_t port) {
  const auto dormant = dormant::metric(port, "tortuga_rooms_dormant");
  const auto in_memory = dormant::metric(port, "tortuga_rooms_in_memory");
  return {{"dormant", dormant ? Json(static_cast<long>(*dormant)) : Json()},
          {"in_memory", in_memory ? Json(static_cast<long>(*in_memory)) : Json()}};
}

Json rss_mib(pid_t pid) {
  const auto m = memory_of(pid);
  return m ? Json(rounded(m->rss_kib / 1024.0)) : Json();
}

// The machine's load average over the last minute, as the run began: the figures' context.
double load_average() {
  double load[1] = {0};
  return ::getloadavg(load, 1) == 1 ? rounded(load[0]) : -1;
}

int run(const Flags& f) {
  Json out;
  out["matches"] = f.matches;
  out["online"] = f.online;
  out["seed"] = f.seed;
  out["load_average"] = load_average();

  // A SQLite file of our own, in a folder removed at the end.
  fs::path own;
  std::string db = f.db;
  if (db.empty()) {
    std::string pattern = (fs::temp_directory_path() / "tortuga-dormant-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory");
    own = pattern;
    db = (own / "dormant.db").string();
  }
  out["store"] = db.rfind("postgres", 0) == 0 ? "postgresql" : "sqlite";
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ignored;
      if (!dir.empty()) fs::remove_all(dir, ignored);
    }
  } cleanup{own};

  const dormant::Filled filled = dormant::fill_store({db, f.matches, f.online, f.seed});
  out["fill"] = {{"seconds", rounded(filled.seconds)},
                 {"players", filled.players},
                 {"actions", filled.actions}};

  const auto starting = std::chrono::steady_clock::now();
  ServerChild server(f.server, f.online + 100, 100, db, std::chrono::seconds(1800));
  out["start_seconds"] =
      rounded(std::chrono::duration<double>(std::chrono::steady_clock::now() - starting).count());
  const std::uint16_t port = server.port();
  out["rss_mib"]["after_start"] = rss_mib(server.pid());
  out["rooms"]["after_start"] = rooms_now(port);

  std::vector<std::string> tokens(filled.tokens.begin(), filled.tokens.begin() + f.online);
  dormant::Players players(port, tokens);
  out["rss_mib"]["after_connecting"] = rss_mib(server.pid());

  // Each game's sample: matches a signed-in player sits in, in a random order, woken by them.
  std::mt19937_64 rng(f.seed ^ 0x5eed);
  int woken = 0;
  for (const auto& [game, matches] : filled.by_game) {
    std::vector<std::pair<int, std::int64_t>> sample;  // (who, match)
    for (const dormant::StoredMatch& m : matches) {
      const auto online =
          std::find_if(m.players.begin(), m.players.end(), [&](int p) { return p < f.online; });
      if (online != m.players.end()) sample.emplace_back(*online, m.id);
    }
    std::shuffle(sample.begin(), sample.end(), rng);
    sample.resize(std::min<std::size_t>(sample.size(), f.sample));
    std::vector<double> ms;
    for (const auto& [who, match] : sample) ms.push_back(players.wake(who, match));
    woken += static_cast<int>(ms.size());
    out["wake_ms"][game] = {{"woken", ms.size()},
                            {"p50", rounded(percentile(ms, 0.5))},
                            {"p99", rounded(percentile(ms, 0.99))},
                            {"max", rounded(percentile(ms, 1.0))}};
  }
  out["woken"] = woken;
  out["rss_mib"]["after_waking"] = rss_mib(server.pid());
  out["rooms"]["after_waking"] = rooms_now(port);
  if (const auto peak = memory_of(server.pid()))
    out["rss_mib"]["peak"] = rounded(peak->peak_kib / 1024.0);
  out["server_exit"] = server.stop();
  std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  for (const auto& a : args)
    if (a == "--help" || a == "-h") {
      std::cout << kHelp;
      return 0;
    }
  try {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return run(parse(args, (ec ? fs::absolute(argv[0]) : self).parent_path()));
  } catch (const std::invalid_argument& e) {
    std::cerr << "tortuga-dormant-bench: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tortuga-dormant-bench: " << e.what() << "\n";
    return 1;
  }
}
