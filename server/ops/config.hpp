// Every setting of the server in one visible place: the defaults below, then config/tortuga.json
// (or --config FILE), then individual command-line flags, each overriding the one before.
//
// Each default is written once. The lobby's and the rooms' own structs (LobbyLimits, RoomSettings)
// take theirs from here, so that a test building a lobby or a room with its defaults gets the
// server's. The store's (StoreOptions) are written in the store, which cannot see the server, and
// read from there below.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "persistence/open_store.hpp"
#include "protocol/command.hpp"
#include "rules/core/error.hpp"
#include "server/ops/notify_settings.hpp"

namespace tortuga {

struct Limits {
  std::size_t max_message_bytes = 64 * 1024;         // larger: error message_too_large, stays open
  std::size_t hard_max_message_bytes = 1024 * 1024;  // larger: the connection is closed
  double messages_per_second = 50;                   // token bucket refill rate per connection
  double message_burst = 100;                        // token bucket size
  int handshake_timeout_s = 10;
  int idle_timeout_s = 120;
  // How long a connection may take to send an HTTP request whole (a WebSocket's upgrade request
  // too), and the longest a kept-alive one may wait before its next.
  int http_read_timeout_s = 10;
  std::size_t max_http_body_bytes = 16 * 1024;  // the admin API's small JSON objects
  int max_connections = 10000;
  int max_rooms = 5000;
  // A new room's options (create_room's), as the JSON text they make: larger are refused with
  // options_too_large. A custom deck, layout or model is a few KiB; more is nothing a game reads.
  std::size_t max_options_bytes = 16 * 1024;
  // Replays of stored matches (server/history/replays.hpp) are computed on replay_threads threads
  // of their own, never a connection's; at most replay_queue wait for one (beyond: replay_busy),
  // and up to replay_cache_bytes of computed replays are kept to answer again. Each client
  // address may ask for replays_per_minute in the long run, replay_burst at once (beyond:
  // replay_rate_limited).
  int replay_threads = 1;
  int replay_queue = 16;
  std::size_t replay_cache_bytes = 64 * 1024 * 1024;
  double replays_per_minute = 30;
  double replay_burst = 10;
  // A room nobody has been in (no player, no spectator connected) for this long closes by itself,
  // a match under way in it ending as aborted; 0: never. Long enough for a lost connection or a
  // restarted server to find its players back.
  int empty_room_timeout_s = 300;
  // The same for a room whose match has not started: its host has gone and nobody waits there, so
  // it closes soon, not after a lost connection's grace; long enough for a reload. 0: never.
  int empty_open_room_timeout_s = 30;
  // A running match's room nobody has been in for this long, with no bot to move and no deadline
  // within dormant_lookahead_s, leaves memory until someone asks for it (docs/operations.md,
  // "Dormant rooms"); 0: every room stays in memory.
  int dormant_after_s = 600;
  int dormant_lookahead_s = 60;
  std::size_t max_write_queue = 1024;  // a client this many messages behind is disconnected
  // ... or this many bytes behind (what its queued messages hold, a broadcast's shared buffer
  // counted whole for each connection): the bound on what one connection that stops reading costs.
  // A single larger message (a long room list) is still sent to a client with nothing queued.
  std::size_t max_write_queue_bytes = 4 * 1024 * 1024;
  int shutdown_grace_ms = 2000;  // on SIGTERM, how long WebSockets get to answer the close

  // Per address (docs/security.md: what an address is, behind a proxy too) and per player.
  int max_connections_per_address = 32;  // WebSockets open at once
  int hello_timeout_s = 10;              // a WebSocket that has not said hello by then is closed
  int max_rooms_per_player = 4;          // rooms a player made that are still open, playing or over
  int max_rooms_per_address = 20;        // the same for every player of an address together
  // New players (hello without a token) an address may make: this many at once, and this many
  // more over each hour.
  int new_players_per_address_per_hour = 30;
  int max_mutes_per_member = 50;  // players one member of a room may mute there
  // Sessions (devices logged in) a player may hold: a login past it ends the one used longest ago.
  int max_sessions_per_player = 20;
  // Wrong join codes and admin tokens: this many free per address, then each wrong guess doubles
  // the wait before the next is heard, from 1 s up to guess_backoff_max_s.
  int free_guesses = 10;
  int guess_backoff_max_s = 300;
  int guess_report_s = 60;  // and are logged as one line for each such period

  // permessage-deflate (RFC 7692), agreed with the clients that offer it (browsers do). Each such
  // connection holds a compressor for its life: with an 11-bit window at level 3, about 36 KiB
  // more per connection than a plain one, for patches 5-8 times smaller (docs/performance.md).
  bool deflate = true;
  int deflate_window_bits = 11;         // 9..15: the server's window; larger costs memory
  int deflate_level = 3;                // 1..9: higher costs CPU for little
  std::size_t deflate_min_bytes = 128;  // smaller messages go as they are
};

// The admin API (/api/admin/...), for the server's operator.
struct AdminSettings {
  // Its bearer token; empty: the API is off and every admin route answers 404. Read from
  // admin.token or admin.token_file in the config file, then the TORTUGA_ADMIN_TOKEN environment
  // variable, then --admin-token-file FILE: never from a flag holding the token itself, which
  // anybody on the machine could read in `ps`.
  std::string token;
  static constexpr std::size_t kMinTokenLength = 16;  // shorter could be guessed
};

// Several nodes on one PostgreSQL database (docs/scaling.md). Off (the node is alone, as on
// SQLite) unless node_id is set.
struct ClusterSettings {
  std::string node_id;  // unique in the cluster and kept across restarts, e.g. "node-1"
  // The WebSocket URL clients reach this node at, which other nodes send them to; empty:
  // ws://ADDRESS:PORT/ws, from where it listens.
  std::string public_url;
  // How long a node's lease lasts without a heartbeat: a dead node's matches are taken over
  // within about this long. Its heartbeat renews it every third of it.
  int lease_ms = 3000;
  bool on() const { return !node_id.empty(); }
};

// The bot pool (server/bots/bot_pool.hpp): the threads bots think on, away from the rooms' strands.
struct BotPoolSettings {
  int threads = 0;  // 0: half the cores, at least one (one on a machine of two)
  int queue = 256;  // bots' moves waiting for a thread, at most; more are asked again later
  // The threads' niceness (Linux, 0..19): under load the connections' and rooms' threads run
  // first, and a bot thinks with what is left.
  int nice = 10;
  // For benchmarks: each bot's move takes at least this long, its bot asked again and again as a
  // search spends its budget, the first choice kept. 0 (the default): a bot thinks as it does.
  int min_think_ms = 0;
};

// Play by correspondence (docs/correspondence.md), as the operator sets it.
struct CorrespondenceSettings {
  bool on = true;          // off: create_room's correspondence is refused (no_correspondence)
  int vacation_days = 14;  // a year, per account (0..365)
  int stand_in_after = 3;  // timeouts in a row before a stand-in plays the seat; 0: never
  int max_matches_per_player = 50;  // running correspondence matches a player may have at once
};

struct Config {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string db = "data/tortuga.db";
  int threads = 0;  // 0: one per core
  std::string log_level = "info";
  std::string log_format = "text";  // or "json": one object per line, for log collectors
  std::string node;                 // this server's name in JSON log lines; empty: the host's name
  // The web client's folder. Relative in a config file: to that file's folder; relative in
  // --web-root: to the working directory; both are made absolute as they are read. The default
  // stays relative until locate_web_root finds it from the binary.
  std::string web_root = "web";
  Limits limits;
  // Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR networks); none by
  // default, so that a client's own X-Forwarded-For changes nothing (client_address.hpp).
  std::vector<std::string> trusted_proxies;
  // Origins (scheme://host[:port]) whose pages may open WebSockets here, besides the server's own;
  // "*" for any. A connection that sends no Origin (not a browser) is always allowed.
  std::vector<std::string> allowed_origins;
  AdminSettings admin;
  ClusterSettings cluster;
  static constexpr int kDefaultBotDelayMs = 400;  // so that people can follow a bot's move
  int bot_delay_ms = kDefaultBotDelayMs;
  // How long the lobby gathers changes before sending them to its watchers: a burst (bots filling
  // seats) is one message, and a watcher gets at most a few a second, however busy the lobby.
  static constexpr int kLobbyGatherMs = 250;
  // How long a running match waits for a player who went away before a smart bot plays their
  // seat (until they are back): long enough for a reload or a dropped network to come back, short
  // enough that the table does not sit idle. A room may choose its own (create_room's
  // absent_bot_s); 0 turns it off.
  static constexpr int kDefaultAbsentBotS = 30;
  int absent_bot_s = kDefaultAbsentBotS;
  BotPoolSettings bot_pool;
  CorrespondenceSettings correspondence;
  NotifySettings notify;
  bool synchronous_full = store::SqliteOptions{}.synchronous_full;
  int commit_delay_us = store::WriterOptions{}.commit_delay_us;  // the group commit delay
};

// The limits a client keeps within, as welcome tells them (docs/protocol.md, "Limits").
nlohmann::json limits_for_clients(const Limits& limits);

// Reads a JSON config file over the defaults.
Expected<Config> load_config(const std::string& path, Config base = {});

// Applies `serve` flags (--config is read first, then TORTUGA_ADMIN_TOKEN from `environment`,
// then --address, --port, --db, --threads, --log-level, --log-format, --bot-delay-ms,
// --web-root, --admin-token-file, --node-id, --public-url, --lease-ms). Returns an error for an
// unknown flag or a bad value. `environment` looks a variable up (nullptr: unset); by default, in
// the process's environment.
Expected<Config> config_from_args(const std::vector<std::string>& args,
                                  const char* (*environment)(const char*) = nullptr);

// Where the web client is served from. An absolute web_root is taken as it is. A relative one,
// which only the default is (see Config::web_root), is looked for beside the binary: in the
// binary's folder and each folder above it, the first where it holds an index.html (the build's
// server/tortuga finds the repository's web/); failing that, in `source_dir`, the source tree
// the binary was built from (for a build outside it, or a binary run under valgrind). When none
// holds one, the binary's folder's is returned, for the server to warn about.
std::filesystem::path locate_web_root(const std::string& web_root,
                                      const std::filesystem::path& binary,
                                      const std::filesystem::path& source_dir);

extern const char* const kServeHelp;

}  // namespace tortuga
