// `tortuga bench`: flags, the server to load (spawned or given), the load, and the report.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include <boost/asio/ip/address.hpp>
#include <nlohmann/json.hpp>

#include "bench/load.hpp"
#include "bench/server_child.hpp"
#include "rules/core/registry.hpp"
#include "server/cli/commands.hpp"

namespace tortuga {
namespace {

using Json = nlohmann::json;

const char* const kBenchHelp =
    "usage: tortuga bench (--spawn | --url ws://HOST:PORT/ws | --port N) [flags]\n"
    "\n"
    "Load-tests a Tortuga server on this machine: opens many WebSocket clients on loopback and\n"
    "keeps N matches of a game in flight, every seat of each played by a client choosing random\n"
    "actions from its own view's legal list (no bots), for a bounded time. Reports actions/s,\n"
    "matches/s, latency from sending an action to receiving the patch that carries it, the\n"
    "bytes of patches sent per action, errors, the server's memory, its memory per idle\n"
    "connection, and the CPU time per action of the server and of the load generator itself.\n"
    "\n"
    "  --spawn          start a server for the run: a child process with a temporary database\n"
    "                   and a config that lifts the per-connection rate limit\n"
    "  --url URL        a running server, ws://HOST:PORT/PATH; HOST must be a loopback address\n"
    "  --host HOST      instead of --url: its address (default 127.0.0.1)\n"
    "  --port N         instead of --url: its port\n"
    "  --pid PID        the running server's process id, to read its memory and CPU time\n"
    "  --game ID        the game played (default raft-and-scupper)\n"
    "  --players N      seats of each match, or min or max for the game's fewest or most\n"
    "                   (default: the game's default table)\n"
    "  --deflate        every client offers permessage-deflate, as browsers do; patch bytes are\n"
    "                   then counted as sent, compressed\n"
    "  --matches N      matches in flight (default 500, at most 5000)\n"
    "  --duration S     seconds of measured load (default 20, at most 600)\n"
    "  --warmup S       seconds of load before the measured window, so that it leaves out the\n"
    "                   creation of the first rooms and their deals (default 0, at most 600)\n"
    "  --idle K         extra connections that only say hello; the server's memory growth over\n"
    "                   them gives the memory per idle connection (default 1000, at most 20000)\n"
    "  --rate N         paced (open loop): N actions per second in all, spread evenly over the\n"
    "                   matches; each match acts when its turn comes and no sooner than its\n"
    "                   next slot (one every matches/N seconds). Reports the rate achieved and\n"
    "                   the latency at that rate. Default: closed loop, each match acts as soon\n"
    "                   as the patch of its last action is back, so that 500 matches always wait\n"
    "                   on the server and latency is matches / throughput (Little's law)\n"
    "  --threads N      client threads (default 1, at most 4)\n"
    "  --seed N         seed of the clients' choices (default: random)\n"
    "  --json           print one JSON object instead of text\n"
    "\n"
    "Each player says hello once (the server stores a player for it). Matches still in flight\n"
    "when the time is up are left running on the server. Targets: 10,000 actions/s across 500\n"
    "matches with p99 under 50 ms, and at most 64 KiB of server memory per idle connection;\n"
    "the latency target is measured paced, with --matches 500 --rate 10100: a little above the\n"
    "target, since a paced run never goes faster than its pace and a few slots are lost at the\n"
    "window's edges.\n";

constexpr double kTargetActionsPerSecond = 10000;
constexpr double kTargetP99Ms = 50;
constexpr double kTargetIdleKib = 64;

struct Options {
  bench::LoadSettings load;
  bool spawn = false;
  std::optional<int> pid;
  bool json = false;
  bool port_given = false;
  std::string players;  // a number, "min", "max", or empty for the game's default
};

struct Failure {
  std::string message;
};

long long integer_flag(const std::string& flag, const std::string& value, long long lo,
                       long long hi) {
  std::size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || value.empty())
    throw Failure{flag + " takes a whole number, not \"" + value + "\""};
  if (n < lo || n > hi)
    throw Failure{flag + " must be " + std::to_string(lo) + ".." + std::to_string(hi)};
  return n;
}

// Only loopback: the bench opens thousands of connections and must never point them elsewhere.
std::string loopback_host(std::string host) {
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  if (host == "localhost") host = "127.0.0.1";
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(host, ec);
  if (ec || !address.is_loopback())
    throw Failure{"the bench only loads a server on this machine: \"" + host +
                  "\" is not a loopback address"};
  return host;
}

void parse_url(const std::string& url, Options& o) {
  const std::string scheme = "ws://";
  if (url.rfind(scheme, 0) != 0) throw Failure{"--url must start with ws://"};
  std::string rest = url.substr(scheme.size());
  std::string path = "/ws";
  if (auto slash = rest.find('/'); slash != std::string::npos) {
    path = rest.substr(slash);
    rest = rest.substr(0, slash);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || (rest.find(']') != std::string::npos && colon < rest.find(']')))
    throw Failure{"--url needs a port: ws://HOST:PORT/ws"};
  o.load.host = loopback_host(rest.substr(0, colon));
  o.load.port =
      static_cast<std::uint16_t>(integer_flag("--url port", rest.substr(colon + 1), 1, 65535));
  o.load.path = path;
  o.port_given = true;
}

Options parse(const Args& args) {
  Options o;
  o.load.seed = std::random_device{}();
  std::string host = "127.0.0.1";
  bool url = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--spawn") {
      o.spawn = true;
      continue;
    }
    if (flag == "--json") {
      o.json = true;
      continue;
    }
    if (flag == "--deflate") {
      o.load.deflate = true;
      continue;
    }
    if (i + 1 >= args.size()) throw Failure{"flag " + flag + " needs a value (see --help)"};
    const std::string& value = args[++i];
    if (flag == "--url") {
      parse_url(value, o);
      url = true;
    } else if (flag == "--host") {
      host = value;
    } else if (flag == "--port") {
      o.load.port = static_cast<std::uint16_t>(integer_flag(flag, value, 1, 65535));
      o.port_given = true;
    } else if (flag == "--pid") {
      o.pid = static_cast<int>(integer_flag(flag, value, 1, 1 << 30));
    } else if (flag == "--game") {
      o.load.game = value;
    } else if (flag == "--players") {
      o.players = value == "min" || value == "max"
                      ? value
                      : std::to_string(integer_flag(flag, value, 1, 8));
    } else if (flag == "--matches") {
      o.load.tables = static_cast<int>(integer_flag(flag, value, 1, 5000));
    } else if (flag == "--duration") {
      o.load.duration_s = static_cast<double>(integer_flag(flag, value, 1, 600));
    } else if (flag == "--warmup") {
      o.load.warmup_s = static_cast<double>(integer_flag(flag, value, 0, 600));
    } else if (flag == "--idle") {
      o.load.idle = static_cast<int>(integer_flag(flag, value, 0, 20000));
    } else if (flag == "--rate") {
      o.load.rate = static_cast<double>(integer_flag(flag, value, 1, 1000000));
    } else if (flag == "--threads") {
      o.load.threads = static_cast<int>(integer_flag(flag, value, 1, 4));
    } else if (flag == "--seed") {
      o.load.seed = static_cast<std::uint64_t>(integer_flag(flag, value, 0, 1LL << 62));
    } else {
      throw Failure{"unknown flag " + flag + " (see tortuga bench --help)"};
    }
  }
  if (!url) o.load.host = loopback_host(host);
  const Game* game = find_game(o.load.game);
  if (!game) throw Failure{"no game \"" + o.load.game + "\" (see tortuga bench --help)"};
  const GameInfo& info = game->info();
  o.load.players = o.players == "min"     ? info.min_players
                   : o.players == "max"   ? info.max_players
                   : !o.players.empty()   ? std::stoi(o.players)
                   : info.default_players ? info.default_players
                                          : info.min_players;
  if (o.load.players < info.min_players || o.load.players > info.max_players)
    throw Failure{info.name + " seats " + std::to_string(info.min_players) + ".." +
                  std::to_string(info.max_players) + " players"};
  if (o.spawn && (o.port_given || o.pid))
    throw Failure{"--spawn starts its own server: give it no --url, --port or --pid"};
  if (!o.spawn && !o.port_given)
    throw Failure{"which server? give --spawn, or --url ws://127.0.0.1:PORT/ws (see --help)"};
  return o;
}

double percentile_ms(const std::vector<std::uint32_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(sorted.size())));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1] / 1000.0;
}

std::string fixed(double v, int digits = 1) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

Json optional_json(const std::optional<long>& v) {
  return v ? Json(*v) : Json(nullptr);
}

}  // namespace

int bench_command(const Args& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-h") {
      std::cout << kBenchHelp;
      return 0;
    }
  Options o;
  try {
    o = parse(args);
  } catch (const Failure& f) {
    std::cerr << "tortuga bench: " << f.message << "\n";
    return 2;
  }
  o.load.progress = !o.json;

  std::optional<bench::ServerChild> child;
  bench::LoadReport r;
  std::optional<int> server_exit;
  try {
    if (o.spawn) {
      const int players = o.load.players * o.load.tables;
      child.emplace(players + o.load.idle + 100, players + 100);
      o.load.port = child->port();
      o.pid = child->pid();
    }
    bench::Probes probes;
    if (o.pid) {
      const pid_t pid = *o.pid;
      probes.rss_kib = [pid]() -> std::optional<long> {
        auto m = bench::memory_of(pid);
        return m ? std::optional<long>(m->rss_kib) : std::nullopt;
      };
      probes.cpu_seconds = [pid] { return bench::cpu_seconds_of(pid); };
    }
    r = bench::run_load(o.load, probes);
    if (child) server_exit = child->stop();
  } catch (const std::exception& e) {
    std::cerr << "tortuga bench: " << e.what() << "\n";
    return 1;
  }

  const double secs = std::max(r.seconds, 1e-9);
  const double actions_per_s = static_cast<double>(r.actions) / secs;
  const double matches_per_s = static_cast<double>(r.matches_finished) / secs;
  const double p50 = percentile_ms(r.latencies_us, 0.50);
  const double p99 = percentile_ms(r.latencies_us, 0.99);
  const double max = r.latencies_us.empty() ? 0 : r.latencies_us.back() / 1000.0;
  std::optional<double> idle_kib;
  if (r.rss_before_idle_kib && r.rss_after_idle_kib && r.idle_welcomed > 0)
    idle_kib =
        static_cast<double>(*r.rss_after_idle_kib - *r.rss_before_idle_kib) / r.idle_welcomed;
  std::int64_t error_count = 0;
  for (const auto& [what, n] : r.errors) error_count += n;

  if (o.json) {
    Json j = {
        {"settings",
         {{"game", o.load.game},
          {"players", o.load.players},
          {"matches", o.load.tables},
          {"duration_s", o.load.duration_s},
          {"warmup_s", o.load.warmup_s},
          {"idle", o.load.idle},
          {"threads", o.load.threads},
          {"seed", o.load.seed},
          {"deflate", o.load.deflate},
          {"rate", o.load.rate > 0 ? Json(o.load.rate) : Json(nullptr)},
          {"spawned", o.spawn}}},
        {"seconds", r.seconds},
        {"actions", r.actions},
        {"actions_per_s", actions_per_s},
        {"matches_finished", r.matches_finished},
        {"matches_started", r.matches_started},
        {"matches_per_s", matches_per_s},
        {"patches",
         {{"received", r.patches},
          {"bytes", r.patch_bytes},
          {"text_bytes", r.patch_text_bytes},
          {"players_deflating", r.players_deflating}}},
        {"patch_bytes_per_action",
         r.actions ? Json(static_cast<double>(r.patch_bytes) / static_cast<double>(r.actions))
                   : Json(nullptr)},
        {"latency_ms",
         {{"p50", p50}, {"p99", p99}, {"max", max}, {"count", r.latencies_us.size()}}},
        {"errors", r.errors},
        {"overtaken", r.overtaken},
        {"stalled_tables", r.stalled_tables},
        {"players_welcomed", r.players_welcomed},
        {"players_setup_s", r.players_setup_s},
        {"idle",
         {{"welcomed", r.idle_welcomed},
          {"setup_s", r.idle_setup_s},
          {"rss_before_kib", optional_json(r.rss_before_idle_kib)},
          {"rss_after_kib", optional_json(r.rss_after_idle_kib)},
          {"kib_per_connection", idle_kib ? Json(*idle_kib) : Json(nullptr)}}},
        {"server",
         {{"pid", o.pid ? Json(*o.pid) : Json(nullptr)},
          {"rss_load_start_kib", optional_json(r.rss_load_start_kib)},
          {"rss_load_peak_kib", optional_json(r.rss_load_peak_kib)},
          {"rss_load_end_kib", optional_json(r.rss_load_end_kib)},
          {"cpu_s", r.server_cpu_s ? Json(*r.server_cpu_s) : Json(nullptr)},
          {"exit_code", server_exit ? Json(*server_exit) : Json(nullptr)}}},
        {"bench_cpu_s", r.bench_cpu_s},
        {"bench_cpu_us_per_action",
         r.actions ? Json(1e6 * r.bench_cpu_s / static_cast<double>(r.actions)) : Json(nullptr)},
        {"machine_busy", r.machine_busy},
        {"cores", std::thread::hardware_concurrency()},
        {"targets",
         {{"actions_per_s", actions_per_s >= kTargetActionsPerSecond},
          {"p99", !r.latencies_us.empty() && p99 < kTargetP99Ms},
          {"idle_memory", idle_kib ? Json(*idle_kib <= kTargetIdleKib) : Json(nullptr)}}}};
    std::cout << j.dump(2) << "\n";
    return 0;
  }

  auto mib = [](const std::optional<long>& kib) {
    return kib ? fixed(static_cast<double>(*kib) / 1024.0) + " MiB" : std::string("?");
  };
  auto yes = [](bool b) { return b ? "met" : "NOT met"; };
  const std::string bench_us =
      r.actions ? fixed(1e6 * r.bench_cpu_s / static_cast<double>(r.actions), 0) : "?";
  std::ostringstream out;
  const std::string warmup =
      o.load.warmup_s > 0 ? " after " + fixed(o.load.warmup_s, 0) + " s of warm-up" : "";
  const std::string pacing =
      o.load.rate > 0 ? ", paced at " + fixed(o.load.rate, 0) + "/s" : ", closed loop";
  out << "tortuga bench: " << o.load.tables << " matches of " << o.load.game << " for "
      << o.load.players << " in flight for " << fixed(r.seconds) << " s" << warmup << ", "
      << o.load.idle << " idle connections, " << o.load.threads << " client thread(s), seed "
      << o.load.seed << "\n";
  out << "  actions      " << r.actions << " (" << fixed(actions_per_s) << "/s" << pacing << ")\n";
  out << "  matches      " << r.matches_finished << " finished (" << fixed(matches_per_s, 2)
      << "/s), " << r.matches_started << " started\n";
  out << "  latency      p50 " << fixed(p50, 2) << " ms, p99 " << fixed(p99, 2) << " ms, max "
      << fixed(max, 2) << " ms (action sent to its patch received, " << r.latencies_us.size()
      << " samples)\n";
  if (r.patches) {
    auto per = [](std::int64_t bytes, std::int64_t n) {
      return n ? fixed(static_cast<double>(bytes) / static_cast<double>(n), 0) : std::string("?");
    };
    out << "  patches      " << r.patches << " received, " << per(r.patch_bytes, r.patches)
        << " bytes on average, " << per(r.patch_bytes, r.actions)
        << " bytes per action to all its players\n";
    if (o.load.deflate)
      out << "  deflate      " << r.players_deflating << " of " << r.players_welcomed
          << " players agreed; " << per(r.patch_text_bytes, r.actions)
          << " bytes per action before compression\n";
  }
  out << "  errors       " << (error_count == 0 ? "none" : "");
  bool first = true;
  for (const auto& [what, n] : r.errors) {
    out << (first ? "" : ", ") << what << " x" << n;
    first = false;
  }
  out << "\n";
  if (r.overtaken)
    out << "  overtaken    " << r.overtaken
        << " actions refused because another seat's came first (not errors)\n";
  if (r.stalled_tables)
    out << "  stalled      " << r.stalled_tables << " tables made no progress\n";
  out << "  setup        " << r.players_welcomed << " players welcomed in "
      << fixed(r.players_setup_s, 2) << " s, " << r.idle_welcomed << " idle in "
      << fixed(r.idle_setup_s, 2) << " s\n";
  if (o.pid) {
    out << "  server RSS   " << mib(r.rss_before_idle_kib) << " before idle, "
        << mib(r.rss_after_idle_kib) << " after idle, " << mib(r.rss_load_start_kib)
        << " at load start, " << mib(r.rss_load_peak_kib) << " peak, " << mib(r.rss_load_end_kib)
        << " at end\n";
    if (idle_kib)
      out << "  idle conn.   " << fixed(*idle_kib) << " KiB each (RSS growth over "
          << r.idle_welcomed << " connections)\n";
    if (r.server_cpu_s)
      out << "  CPU          server " << fixed(*r.server_cpu_s) << " s ("
          << fixed(100 * *r.server_cpu_s / secs, 0) << "% of a core, "
          << (r.actions ? fixed(1e6 * *r.server_cpu_s / static_cast<double>(r.actions), 0) : "?")
          << " us per action), bench " << fixed(r.bench_cpu_s) << " s ("
          << fixed(100 * r.bench_cpu_s / secs, 0) << "%, " << bench_us << " us per action)\n";
  }
  if (!o.pid)
    out << "  CPU          bench " << fixed(r.bench_cpu_s) << " s (" << bench_us
        << " us per action)\n";
  out << "  machine      " << fixed(100 * r.machine_busy, 0) << "% of "
      << std::thread::hardware_concurrency()
      << " cores busy during the load (every process, this one and the server included)\n";
  out << "  targets      " << fixed(kTargetActionsPerSecond, 0)
      << " actions/s: " << yes(actions_per_s >= kTargetActionsPerSecond) << "; p99 < "
      << fixed(kTargetP99Ms, 0) << " ms: " << yes(!r.latencies_us.empty() && p99 < kTargetP99Ms)
      << "; idle <= " << fixed(kTargetIdleKib, 0) << " KiB: "
      << (idle_kib           ? yes(*idle_kib <= kTargetIdleKib)
          : o.load.idle == 0 ? "not measured (--idle 0)"
                             : "not measured (no --pid)")
      << "\n";
  if (server_exit && *server_exit != 0)
    out << "  note         the spawned server exited with code " << *server_exit << "\n";
  std::cout << out.str();
  return 0;
}

}  // namespace tortuga
