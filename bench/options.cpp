#include "bench/options.hpp"

#include <random>

#include <unistd.h>

#include <boost/asio/ip/address.hpp>

#include "rules/core/registry.hpp"

namespace tortuga::bench {

const char* const kHelp =
    "usage: tortuga-bench (--spawn [--server PATH] | --url ws://HOST:PORT/ws | --port N) [flags]\n"
    "\n"
    "Load-tests a Tortuga server on this machine: opens many WebSocket clients on loopback and\n"
    "keeps N matches of a game in flight, every seat of each played by a client choosing random\n"
    "actions from its own view's legal list (no bots), for a bounded time. Reports actions/s,\n"
    "matches/s, latency from sending an action to receiving the patch that carries it, the\n"
    "bytes of patches sent per action, errors, the server's memory, its memory per idle\n"
    "connection, and the CPU time per action of the server and of the load generator itself.\n"
    "\n"
    "  --spawn          start a server for the run: a child process with a temporary database\n"
    "                   and a config that lifts the rate limit and the limits per address\n"
    "  --server PATH    with --spawn: the server binary it starts (default: the tortuga beside\n"
    "                   tortuga-bench)\n"
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
    "when the time is up are left running on the server. A server given by --url or --port\n"
    "must allow the load: every client comes from one address. Targets: 10,000 actions/s\n"
    "across 500 matches with p99 under 50 ms, and at most 64 KiB of server memory per idle\n"
    "connection; the latency target is measured paced, with --matches 500 --rate 10100: a\n"
    "little above the target, since a paced run never goes faster than its pace and a few slots\n"
    "are lost at the window's edges.\n";

namespace {

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
    throw BadFlag{flag + " takes a whole number, not \"" + value + "\""};
  if (n < lo || n > hi)
    throw BadFlag{flag + " must be " + std::to_string(lo) + ".." + std::to_string(hi)};
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
    throw BadFlag{"the bench only loads a server on this machine: \"" + host +
                  "\" is not a loopback address"};
  return host;
}

void parse_url(const std::string& url, Options& o) {
  const std::string scheme = "ws://";
  if (url.rfind(scheme, 0) != 0) throw BadFlag{"--url must start with ws://"};
  std::string rest = url.substr(scheme.size());
  std::string path = "/ws";
  if (auto slash = rest.find('/'); slash != std::string::npos) {
    path = rest.substr(slash);
    rest = rest.substr(0, slash);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || (rest.find(']') != std::string::npos && colon < rest.find(']')))
    throw BadFlag{"--url needs a port: ws://HOST:PORT/ws"};
  o.load.host = loopback_host(rest.substr(0, colon));
  o.load.port =
      static_cast<std::uint16_t>(integer_flag("--url port", rest.substr(colon + 1), 1, 65535));
  o.load.path = path;
}

// The seats of each match: a number, "min", "max", or empty for the game's default table.
int players_of(const std::string& game_id, const std::string& players) {
  const Game* game = find_game(game_id);
  if (!game) throw BadFlag{"no game \"" + game_id + "\" (see tortuga-bench --help)"};
  const GameInfo& info = game->info();
  const int n = players == "min"       ? info.min_players
                : players == "max"     ? info.max_players
                : !players.empty()     ? std::stoi(players)
                : info.default_players ? info.default_players
                                       : info.min_players;
  if (n < info.min_players || n > info.max_players)
    throw BadFlag{info.name + " seats " + std::to_string(info.min_players) + ".." +
                  std::to_string(info.max_players) + " players"};
  return n;
}

}  // namespace

Options parse_options(const std::vector<std::string>& args, const std::filesystem::path& beside) {
  Options o;
  o.load.seed = std::random_device{}();
  std::string host = "127.0.0.1";
  std::string players;
  bool url = false, port_given = false;
  std::optional<std::filesystem::path> server;
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
    if (i + 1 >= args.size()) throw BadFlag{"flag " + flag + " needs a value (see --help)"};
    const std::string& value = args[++i];
    if (flag == "--url") {
      parse_url(value, o);
      url = port_given = true;
    } else if (flag == "--server") {
      server = value;
    } else if (flag == "--host") {
      host = value;
    } else if (flag == "--port") {
      o.load.port = static_cast<std::uint16_t>(integer_flag(flag, value, 1, 65535));
      port_given = true;
    } else if (flag == "--pid") {
      o.pid = static_cast<int>(integer_flag(flag, value, 1, 1 << 30));
    } else if (flag == "--game") {
      o.load.game = value;
    } else if (flag == "--players") {
      players = value == "min" || value == "max" ? value
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
      throw BadFlag{"unknown flag " + flag + " (see tortuga-bench --help)"};
    }
  }
  if (!url) o.load.host = loopback_host(host);
  o.load.players = players_of(o.load.game, players);
  if (o.spawn && (port_given || o.pid))
    throw BadFlag{"--spawn starts its own server: give it no --url, --port or --pid"};
  if (!o.spawn && !port_given)
    throw BadFlag{"which server? give --spawn, or --url ws://127.0.0.1:PORT/ws (see --help)"};
  if (server && !o.spawn) throw BadFlag{"--server names the binary --spawn starts: add --spawn"};
  if (o.spawn) {
    o.server = server ? *server : beside / "tortuga";
    if (::access(o.server.c_str(), X_OK) != 0)
      throw BadFlag{server ? "--server " + o.server.string() + " is not a program this user can run"
                           : "no server to start: " + o.server.string() +
                                 " is not there (build the tortuga target), or give --server PATH"};
  }
  return o;
}

}  // namespace tortuga::bench
