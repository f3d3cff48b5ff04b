// The load itself: many WebSocket clients on loopback, driven by one event loop per client thread
// (bench/event_loop.hpp), each with its share of the tables. Each table is a client per seat: they
// create a room of the game, join it, start a match and play it to the end with random actions
// from their own views' `legal` (no bots: every seat is a client), then leave and start the next
// one, so that N matches are always in flight. Idle clients only say hello and stay.
// Closed loop by default (each match acts as soon as its last action's patch is back); paced
// (open loop) with a rate: each match then acts at most once per matches / rate seconds.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tortuga::bench {

struct LoadSettings {
  std::string host = "127.0.0.1";  // a loopback address
  std::uint16_t port = 0;
  std::string path = "/ws";
  std::string game = "raft-and-scupper";
  int players = 2;         // seats of each match, each a client
  int tables = 500;        // matches in flight
  double duration_s = 20;  // of the measured load
  double warmup_s = 0;     // of load before the measured window
  int idle = 1000;         // connections that only say hello
  double rate = 0;         // paced: actions per second over all matches; 0 for as fast as answered
  int threads = 1;
  std::uint64_t seed = 1;
  bool deflate = false;  // players offer permessage-deflate
  bool progress = true;  // a line on stderr per phase
};

// Called between phases (no client runs its own code then), to read the server's memory.
struct Probes {
  std::function<std::optional<long>()> rss_kib;        // the server's resident memory
  std::function<std::optional<double>()> cpu_seconds;  // the server's CPU time so far
};

struct LoadReport {
  // Idle connections.
  int idle_welcomed = 0;
  std::optional<long> rss_before_idle_kib, rss_after_idle_kib;
  double idle_setup_s = 0;
  // Players' connections and hellos.
  int players_welcomed = 0;
  double players_setup_s = 0;
  std::optional<long> rss_load_start_kib, rss_load_peak_kib, rss_load_end_kib;
  // The measured load (events inside the window only).
  double seconds = 0;
  std::int64_t actions = 0;           // actions whose patch came back to the actor
  std::int64_t matches_finished = 0;  // matches whose over view every player received
  std::int64_t matches_started = 0;
  std::int64_t patches = 0;                 // patch messages the players received
  std::int64_t patch_bytes = 0;             // their size on the wire (compressed, with deflate)
  std::int64_t patch_text_bytes = 0;        // their text's size
  int players_deflating = 0;                // players whose server agreed to deflate
  std::vector<std::uint32_t> latencies_us;  // sorted, one per action
  std::optional<double> server_cpu_s;       // during the window
  double bench_cpu_s = 0;                   // this process, during the window
  double machine_busy = 0;  // share of all the machine's cores busy in the window (anyone's)
  std::map<std::string, std::int64_t> errors;  // by error code or transport failure
  // Actions refused because another seat's, acting at the same time, came first: the rules'
  // answer where several seats may act at once (a challenge window), not an error.
  std::int64_t overtaken = 0;
  int stalled_tables = 0;  // tables whose match did not move in the last 5 s of the window
};

// Runs the whole load: idle connections, players, the measured window; then closes every
// connection. Throws std::runtime_error if the server cannot be reached at all.
LoadReport run_load(const LoadSettings& settings, const Probes& probes);

}  // namespace tortuga::bench
