#include "server/ops/config.hpp"
#include "server/ops/config_reading.hpp"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "server/access/browser_policy.hpp"
#include "server/access/client_address.hpp"

namespace tortuga {
namespace {

using Json = nlohmann::json;
namespace fs = std::filesystem;

using config_reading::config_error;
using config_reading::read;
using config_reading::read_in_range;

// A path as given, made absolute against `base`, so that it names the same folder whatever the
// working directory (and so that the log can say which).
std::string absolute_from(const fs::path& base, const std::string& path) {
  std::error_code ec;
  fs::path from = fs::absolute(base, ec);
  if (ec) from = base;  // no working directory left to name: the path stays as it was given
  return (from / path).lexically_normal().string();
}

// An admin token as a file holds it: its first line, without the line's end.
Expected<std::string> token_from_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return config_error("cannot read the admin token file " + path);
  std::string token;
  std::getline(in, token);
  if (!token.empty() && token.back() == '\r') token.pop_back();
  return token;
}

Expected<std::string> checked_token(std::string token, const std::string& from) {
  if (!token.empty() && token.size() < AdminSettings::kMinTokenLength)
    return config_error(from + ": the admin token must have at least " +
                        std::to_string(AdminSettings::kMinTokenLength) + " characters");
  return token;
}

std::optional<Error> check_log_format(const std::string& format, const std::string& where) {
  if (format == "text" || format == "json") return std::nullopt;
  return config_error(where + " must be \"text\" or \"json\", not " + quote(format));
}

bool holds_index(const fs::path& folder) {
  std::error_code ec;
  return fs::is_regular_file(folder / "index.html", ec);
}

// The sizes, rates, timeouts and counts of a config file's "limits" (`where` names it in an
// error): the first value out of its range, if any.
std::optional<Error> read_sizes_and_timeouts(const Json& l, Limits& limits,
                                             const std::string& where) {
  read(l, "max_message_bytes", limits.max_message_bytes);
  read(l, "hard_max_message_bytes", limits.hard_max_message_bytes);
  read(l, "messages_per_second", limits.messages_per_second);
  read(l, "message_burst", limits.message_burst);
  read(l, "handshake_timeout_s", limits.handshake_timeout_s);
  read(l, "idle_timeout_s", limits.idle_timeout_s);
  if (auto bad =
          read_in_range(l, "http_read_timeout_s", limits.http_read_timeout_s, 1, 3600, where))
    return *bad;
  // The admin API's bodies are small.
  if (auto bad = read_in_range<std::size_t>(l, "max_http_body_bytes", limits.max_http_body_bytes, 0,
                                            1024 * 1024, where))
    return *bad;
  read(l, "max_connections", limits.max_connections);
  read(l, "max_rooms", limits.max_rooms);
  if (auto bad = read_in_range<std::size_t>(l, "max_options_bytes", limits.max_options_bytes, 1024,
                                            1024 * 1024, where))
    return *bad;
  if (auto bad = read_in_range(l, "replay_threads", limits.replay_threads, 1, 64, where))
    return *bad;
  if (auto bad = read_in_range(l, "replay_queue", limits.replay_queue, 0, 100000, where))
    return *bad;
  read(l, "replay_cache_bytes", limits.replay_cache_bytes);
  if (auto bad =
          read_in_range(l, "replays_per_minute", limits.replays_per_minute, 0.0, 100000.0, where))
    return *bad;
  if (auto bad = read_in_range(l, "replay_burst", limits.replay_burst, 1.0, 100000.0, where))
    return *bad;
  if (auto bad = read_in_range(l, "empty_room_timeout_s", limits.empty_room_timeout_s, 0,
                               7 * 24 * 3600, where))
    return *bad;
  if (auto bad = read_in_range(l, "empty_open_room_timeout_s", limits.empty_open_room_timeout_s, 0,
                               7 * 24 * 3600, where))
    return *bad;
  if (auto bad =
          read_in_range(l, "dormant_after_s", limits.dormant_after_s, 0, 7 * 24 * 3600, where))
    return *bad;
  if (auto bad = read_in_range(l, "dormant_lookahead_s", limits.dormant_lookahead_s, 0,
                               7 * 24 * 3600, where))
    return *bad;
  read(l, "max_write_queue", limits.max_write_queue);
  if (auto bad =
          read_in_range<std::size_t>(l, "max_write_queue_bytes", limits.max_write_queue_bytes,
                                     64 * 1024, std::size_t{1} << 32, where))
    return *bad;
  return std::nullopt;
}

// The limits per address and per player, on guesses, at shutdown and on compression.
std::optional<Error> read_per_client_limits(const Json& l, Limits& limits,
                                            const std::string& where) {
  // Per address and per player: at least one of each, or nobody could play.
  for (auto [key, value] :
       {std::pair{"max_connections_per_address", &limits.max_connections_per_address},
        {"max_rooms_per_player", &limits.max_rooms_per_player},
        {"max_rooms_per_address", &limits.max_rooms_per_address},
        {"new_players_per_address_per_hour", &limits.new_players_per_address_per_hour},
        {"max_mutes_per_member", &limits.max_mutes_per_member},
        {"max_sessions_per_player", &limits.max_sessions_per_player}})
    if (auto bad = read_in_range(l, key, *value, 1, 1000000, where)) return *bad;
  if (auto bad = read_in_range(l, "hello_timeout_s", limits.hello_timeout_s, 1, 3600, where))
    return *bad;
  if (auto bad = read_in_range(l, "free_guesses", limits.free_guesses, 0, 1000, where)) return *bad;
  if (auto bad =
          read_in_range(l, "guess_backoff_max_s", limits.guess_backoff_max_s, 1, 24 * 3600, where))
    return *bad;
  if (auto bad = read_in_range(l, "guess_report_s", limits.guess_report_s, 1, 24 * 3600, where))
    return *bad;
  read(l, "shutdown_grace_ms", limits.shutdown_grace_ms);
  read(l, "deflate", limits.deflate);
  if (auto bad = read_in_range(l, "deflate_window_bits", limits.deflate_window_bits, 9, 15, where))
    return *bad;
  if (auto bad = read_in_range(l, "deflate_level", limits.deflate_level, 1, 9, where)) return *bad;
  read(l, "deflate_min_bytes", limits.deflate_min_bytes);
  return std::nullopt;
}

}  // namespace

const char* const kServeHelp =
    "usage: tortuga serve [flags]\n"
    "\n"
    "Starts the game server: HTTP and WebSocket (/ws) on one port.\n"
    "\n"
    "  --config FILE       JSON settings (default: built-in defaults; see config/tortuga.json)\n"
    "  --address ADDR      address to listen on (default 127.0.0.1)\n"
    "  --port N            port to listen on (default 8080; 0 picks a free one)\n"
    "  --db PATH|URL       SQLite database file (default data/tortuga.db), or a PostgreSQL\n"
    "                      database as a postgresql:// or postgres:// URL\n"
    "  --threads N         I/O threads (default 0: one per core)\n"
    "  --log-level LEVEL   error, warn, info or debug (default info)\n"
    "  --log-format F      text, or json: one JSON object per line (default text)\n"
    "  --bot-delay-ms N    pause before a bot acts, so people can follow (default 400)\n"
    "  --absent-bot-s N    seconds a running match waits for a player who went away before a\n"
    "                      smart bot plays their seat until they are back; 0: never (default 30;\n"
    "                      a room may choose its own)\n"
    "  --bot-threads N     threads the bots think on, away from the rooms (default 0: half\n"
    "                      the cores, at least one)\n"
    "  --bot-queue N       bots' moves that may wait for those threads; more are asked again\n"
    "                      after the bot pause (default 256)\n"
    "  --web-root DIR      static files served at / (default: the web/ found beside the binary\n"
    "                      or above it; a relative DIR is taken from the working directory);\n"
    "                      the SDK's modules are served at /sdk/ from DIR/../sdk/js\n"
    "  --port-file FILE    write the port actually listened on to FILE once listening\n"
    "  --admin-token-file FILE\n"
    "                      turns the admin API (/api/admin/...) on, with the token on FILE's\n"
    "                      first line (at least 16 characters); also admin.token in the\n"
    "                      config file or TORTUGA_ADMIN_TOKEN in the environment\n"
    "\n"
    "Limits (message size, rate, timeouts, connections, rooms) are set in the config file.\n"
    "  --node-id ID        run as node ID of a cluster on a PostgreSQL --db (docs/scaling.md)\n"
    "  --public-url URL    the WebSocket URL clients reach this node at (default\n"
    "                      ws://ADDRESS:PORT/ws)\n"
    "  --lease-ms N        a node's lease: its matches are taken over this long after it\n"
    "                      dies (default 3000)\n"
    "\n"
    "SIGINT or SIGTERM stops the server cleanly: every committed action is kept, and every\n"
    "WebSocket is closed with code 1001 (going away), its client given limits.shutdown_grace_ms\n"
    "(default 2000) to answer.\n"
    "SIGUSR1 drains the server: it makes no new rooms or matches, lets the running matches\n"
    "end, answers /readyz with 503, and logs \"drained\" once no match is running.\n"
    "On a cluster, SIGTERM also ends the node's lease, so that another node takes its\n"
    "matches over at once.\n";

Json limits_for_clients(const Limits& l) {
  return {{"max_message_bytes", l.max_message_bytes},
          {"messages_per_second", l.messages_per_second},
          {"message_burst", l.message_burst},
          {"idle_timeout_s", l.idle_timeout_s},
          {"max_write_queue_bytes", l.max_write_queue_bytes},
          {"max_rooms_per_player", l.max_rooms_per_player},
          {"max_mutes_per_member", l.max_mutes_per_member}};
}

fs::path locate_web_root(const std::string& web_root, const fs::path& binary,
                         const fs::path& source_dir) {
  if (fs::path(web_root).is_absolute()) return web_root;
  for (fs::path folder = binary.parent_path(); !folder.empty(); folder = folder.parent_path()) {
    if (holds_index(folder / web_root)) return (folder / web_root).lexically_normal();
    if (folder == folder.root_path()) break;
  }
  if (!source_dir.empty() && holds_index(source_dir / web_root))
    return (source_dir / web_root).lexically_normal();
  return (binary.parent_path() / web_root).lexically_normal();
}

Expected<Config> load_config(const std::string& path, Config c) {
  std::ifstream in(path);
  if (!in) return config_error("cannot read config file " + path);
  Json j = Json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return config_error(path + " is not a JSON object");
  try {
    read(j, "address", c.address);
    read(j, "port", c.port);
    read(j, "db", c.db);
    read(j, "threads", c.threads);
    read(j, "log_level", c.log_level);
    read(j, "log_format", c.log_format);
    if (auto bad = check_log_format(c.log_format, path + ": log_format")) return *bad;
    read(j, "node", c.node);
    if (j.contains("web_root"))
      c.web_root = absolute_from(fs::path(path).parent_path(), j["web_root"].get<std::string>());
    if (j.contains("limits")) {
      const std::string where = path + ": limits";
      if (auto bad = read_sizes_and_timeouts(j["limits"], c.limits, where)) return *bad;
      if (auto bad = read_per_client_limits(j["limits"], c.limits, where)) return *bad;
    }
    read(j, "trusted_proxies", c.trusted_proxies);
    if (auto proxies = TrustedProxies::parse(c.trusted_proxies); !proxies)
      return config_error(path + ": " + proxies.error().message);
    read(j, "allowed_origins", c.allowed_origins);
    if (auto origins = AllowedOrigins::parse(c.allowed_origins); !origins)
      return config_error(path + ": " + origins.error().message);
    if (j.contains("bots")) {
      read(j["bots"], "delay_ms", c.bot_delay_ms);
      const std::string where = path + ": bots";
      if (auto bad = read_in_range(j["bots"], "absent_bot_s", c.absent_bot_s, 0,
                                   protocol::kMaxAbsentBotS, where))
        return *bad;
      if (auto bad = read_in_range(j["bots"], "threads", c.bot_pool.threads, 0, 256, where))
        return *bad;
      if (auto bad = read_in_range(j["bots"], "queue", c.bot_pool.queue, 1, 100000, where))
        return *bad;
      if (auto bad = read_in_range(j["bots"], "nice", c.bot_pool.nice, 0, 19, where)) return *bad;
      if (auto bad =
              read_in_range(j["bots"], "min_think_ms", c.bot_pool.min_think_ms, 0, 60000, where))
        return *bad;
    }
    if (j.contains("correspondence")) {
      const Json& k = j["correspondence"];
      const std::string where = path + ": correspondence";
      CorrespondenceSettings& cs = c.correspondence;
      read(k, "on", cs.on);
      if (auto bad = read_in_range(k, "vacation_days", cs.vacation_days, 0, 365, where))
        return *bad;
      if (auto bad = read_in_range(k, "stand_in_after", cs.stand_in_after, 0, 100, where))
        return *bad;
      if (auto bad = read_in_range(k, "max_matches_per_player", cs.max_matches_per_player, 1, 10000,
                                   where))
        return *bad;
    }
    if (j.contains("admin")) {
      read(j["admin"], "token", c.admin.token);
      if (j["admin"].contains("token_file")) {
        auto token = token_from_file(absolute_from(fs::path(path).parent_path(),
                                                   j["admin"]["token_file"].get<std::string>()));
        if (!token) return token.error();
        c.admin.token = *token;
      }
      auto token = checked_token(c.admin.token, path);
      if (!token) return token.error();
    }
    if (j.contains("cluster")) {
      const Json& k = j["cluster"];
      read(k, "node_id", c.cluster.node_id);
      read(k, "public_url", c.cluster.public_url);
      if (auto bad =
              read_in_range(k, "lease_ms", c.cluster.lease_ms, 300, 600000, path + ": cluster"))
        return *bad;
    }
    if (j.contains("notify"))
      if (auto bad = read_notify_settings(j["notify"], c.notify, path + ": notify")) return *bad;
    if (j.contains("store")) {
      read(j["store"], "synchronous_full", c.synchronous_full);
      if (auto bad = read_in_range(j["store"], "commit_delay_us", c.commit_delay_us, 0, 100000,
                                   path + ": store"))
        return *bad;
    }
  } catch (const Json::exception& e) {
    return config_error(path + ": " + e.what());
  }
  return c;
}

Expected<Config> config_from_args(const std::vector<std::string>& args,
                                  const char* (*environment)(const char*)) {
  Config c;
  // --config first, whatever its position, so that flags override the file.
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--config") {
      auto loaded = load_config(args[i + 1]);
      if (!loaded) return loaded.error();
      c = *loaded;
    }
  }
  constexpr const char* kSmtpPasswordVariable = "TORTUGA_SMTP_PASSWORD";
  if (const char* password =
          environment ? environment(kSmtpPasswordVariable) : std::getenv(kSmtpPasswordVariable))
    c.notify.smtp_password = password;
  constexpr const char* kTokenVariable = "TORTUGA_ADMIN_TOKEN";
  if (const char* token = environment ? environment(kTokenVariable) : std::getenv(kTokenVariable)) {
    auto checked = checked_token(token, "TORTUGA_ADMIN_TOKEN");
    if (!checked) return checked.error();
    c.admin.token = *checked;
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--port-file") {
      ++i;
      continue;
    }
    if (i + 1 >= args.size()) return config_error("flag " + flag + " needs a value");
    const std::string& value = args[++i];
    try {
      if (flag == "--config")
        continue;
      else if (flag == "--address")
        c.address = value;
      else if (flag == "--port") {
        int port = std::stoi(value);
        if (port < 0 || port > 65535) return config_error("--port must be 0..65535");
        c.port = static_cast<std::uint16_t>(port);
      } else if (flag == "--db")
        c.db = value;
      else if (flag == "--threads")
        c.threads = std::stoi(value);
      else if (flag == "--log-level")
        c.log_level = value;
      else if (flag == "--log-format") {
        if (auto bad = check_log_format(value, "--log-format")) return *bad;
        c.log_format = value;
      } else if (flag == "--bot-delay-ms")
        c.bot_delay_ms = std::stoi(value);
      else if (flag == "--absent-bot-s") {
        c.absent_bot_s = std::stoi(value);
        if (c.absent_bot_s < 0 || c.absent_bot_s > protocol::kMaxAbsentBotS)
          return config_error("--absent-bot-s must be 0.." +
                              std::to_string(protocol::kMaxAbsentBotS));
      } else if (flag == "--bot-threads") {
        c.bot_pool.threads = std::stoi(value);
        if (c.bot_pool.threads < 0 || c.bot_pool.threads > 256)
          return config_error("--bot-threads must be 0..256");
      } else if (flag == "--bot-queue") {
        c.bot_pool.queue = std::stoi(value);
        if (c.bot_pool.queue < 1 || c.bot_pool.queue > 100000)
          return config_error("--bot-queue must be 1..100000");
      } else if (flag == "--node-id")
        c.cluster.node_id = value;
      else if (flag == "--public-url")
        c.cluster.public_url = value;
      else if (flag == "--lease-ms") {
        c.cluster.lease_ms = std::stoi(value);
        if (c.cluster.lease_ms < 300 || c.cluster.lease_ms > 600000)
          return config_error("--lease-ms must be 300..600000");
      } else if (flag == "--web-root")
        c.web_root = absolute_from(fs::current_path(), value);
      else if (flag == "--admin-token-file") {
        auto token = token_from_file(value);
        if (token) token = checked_token(*token, value);
        if (!token) return token.error();
        c.admin.token = *token;
      } else
        return config_error("unknown flag " + flag + " (see tortuga serve --help)");
    } catch (const std::exception&) {
      return config_error("flag " + flag + " has a bad value: " + value);
    }
  }
  return c;
}

}  // namespace tortuga
