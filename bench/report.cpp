#include "bench/report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

namespace tortuga::bench {
namespace {

using Json = nlohmann::json;

constexpr double kTargetActionsPerSecond = 10000;
constexpr double kTargetP99Ms = 50;
constexpr double kTargetIdleKib = 64;

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

// The figures both reports show, from the run's raw counts.
struct Figures {
  double secs = 0;
  double actions_per_s = 0;
  double matches_per_s = 0;
  double p50 = 0, p99 = 0, max = 0;  // latency, ms
  std::optional<double> idle_kib;    // server memory per idle connection
  std::int64_t error_count = 0;
};

Figures figures_of(const LoadReport& r) {
  Figures f;
  f.secs = std::max(r.seconds, 1e-9);
  f.actions_per_s = static_cast<double>(r.actions) / f.secs;
  f.matches_per_s = static_cast<double>(r.matches_finished) / f.secs;
  f.p50 = percentile_ms(r.latencies_us, 0.50);
  f.p99 = percentile_ms(r.latencies_us, 0.99);
  f.max = r.latencies_us.empty() ? 0 : r.latencies_us.back() / 1000.0;
  if (r.rss_before_idle_kib && r.rss_after_idle_kib && r.idle_welcomed > 0)
    f.idle_kib =
        static_cast<double>(*r.rss_after_idle_kib - *r.rss_before_idle_kib) / r.idle_welcomed;
  for (const auto& [what, n] : r.errors) f.error_count += n;
  return f;
}

}  // namespace

std::string report_json(const Options& o, const LoadReport& r, std::optional<int> server_exit) {
  const Figures f = figures_of(r);
  const Json j = {
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
        {"spawned", o.spawn},
        {"server", o.spawn ? Json(o.server.string()) : Json(nullptr)}}},
      {"seconds", r.seconds},
      {"actions", r.actions},
      {"actions_per_s", f.actions_per_s},
      {"matches_finished", r.matches_finished},
      {"matches_started", r.matches_started},
      {"matches_per_s", f.matches_per_s},
      {"patches",
       {{"received", r.patches},
        {"bytes", r.patch_bytes},
        {"text_bytes", r.patch_text_bytes},
        {"players_deflating", r.players_deflating}}},
      {"patch_bytes_per_action",
       r.actions ? Json(static_cast<double>(r.patch_bytes) / static_cast<double>(r.actions))
                 : Json(nullptr)},
      {"latency_ms",
       {{"p50", f.p50}, {"p99", f.p99}, {"max", f.max}, {"count", r.latencies_us.size()}}},
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
        {"kib_per_connection", f.idle_kib ? Json(*f.idle_kib) : Json(nullptr)}}},
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
       {{"actions_per_s", f.actions_per_s >= kTargetActionsPerSecond},
        {"p99", !r.latencies_us.empty() && f.p99 < kTargetP99Ms},
        {"idle_memory", f.idle_kib ? Json(*f.idle_kib <= kTargetIdleKib) : Json(nullptr)}}}};
  return j.dump(2) + "\n";
}

std::string report_text(const Options& o, const LoadReport& r, std::optional<int> server_exit) {
  const Figures f = figures_of(r);
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
  out << "tortuga-bench: " << o.load.tables << " matches of " << o.load.game << " for "
      << o.load.players << " in flight for " << fixed(r.seconds) << " s" << warmup << ", "
      << o.load.idle << " idle connections, " << o.load.threads << " client thread(s), seed "
      << o.load.seed << "\n";
  out << "  actions      " << r.actions << " (" << fixed(f.actions_per_s) << "/s" << pacing
      << ")\n";
  out << "  matches      " << r.matches_finished << " finished (" << fixed(f.matches_per_s, 2)
      << "/s), " << r.matches_started << " started\n";
  out << "  latency      p50 " << fixed(f.p50, 2) << " ms, p99 " << fixed(f.p99, 2) << " ms, max "
      << fixed(f.max, 2) << " ms (action sent to its patch received, " << r.latencies_us.size()
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
  out << "  errors       " << (f.error_count == 0 ? "none" : "");
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
    if (f.idle_kib)
      out << "  idle conn.   " << fixed(*f.idle_kib) << " KiB each (RSS growth over "
          << r.idle_welcomed << " connections)\n";
    if (r.server_cpu_s)
      out << "  CPU          server " << fixed(*r.server_cpu_s) << " s ("
          << fixed(100 * *r.server_cpu_s / f.secs, 0) << "% of a core, "
          << (r.actions ? fixed(1e6 * *r.server_cpu_s / static_cast<double>(r.actions), 0) : "?")
          << " us per action), bench " << fixed(r.bench_cpu_s) << " s ("
          << fixed(100 * r.bench_cpu_s / f.secs, 0) << "%, " << bench_us << " us per action)\n";
  }
  if (!o.pid)
    out << "  CPU          bench " << fixed(r.bench_cpu_s) << " s (" << bench_us
        << " us per action)\n";
  out << "  machine      " << fixed(100 * r.machine_busy, 0) << "% of "
      << std::thread::hardware_concurrency()
      << " cores busy during the load (every process, this one and the server included)\n";
  out << "  targets      " << fixed(kTargetActionsPerSecond, 0)
      << " actions/s: " << yes(f.actions_per_s >= kTargetActionsPerSecond) << "; p99 < "
      << fixed(kTargetP99Ms, 0) << " ms: " << yes(!r.latencies_us.empty() && f.p99 < kTargetP99Ms)
      << "; idle <= " << fixed(kTargetIdleKib, 0) << " KiB: "
      << (f.idle_kib         ? yes(*f.idle_kib <= kTargetIdleKib)
          : o.load.idle == 0 ? "not measured (--idle 0)"
                             : "not measured (no --pid)")
      << "\n";
  if (server_exit && *server_exit != 0)
    out << "  note         the spawned server exited with code " << *server_exit << "\n";
  return out.str();
}

}  // namespace tortuga::bench
