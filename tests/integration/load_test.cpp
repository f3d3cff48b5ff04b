// The load generator against a real server: its own clients connect, upgrade, play whole matches
// and keep every seat's view from the patches without a single error. What tortuga-bench
// reports rests on this.
#include <doctest/doctest.h>

#include "bench/load.hpp"
#include "tests/integration/server_process.hpp"

namespace tortuga::integration {
namespace {

TEST_CASE("the load generator plays matches to their end and reads every patch") {
  TempDir dir;
  ServerProcess server(dir / "tortuga.db", dir.path(), fast_play_config(dir.path()));
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    bench::LoadSettings settings;
    settings.port = server.port();
    settings.tables = 3;
    settings.idle = 4;
    settings.duration_s = 3;
    settings.threads = threads;
    settings.seed = 7;
    settings.progress = false;
    const bench::LoadReport report = bench::run_load(settings, {});

    CHECK(report.idle_welcomed == 4);
    CHECK(report.players_welcomed == 6);
    CHECK(report.errors.empty());  // a patch that did not apply would be counted here
    CHECK(report.actions > 0);
    CHECK(report.latencies_us.size() == static_cast<std::size_t>(report.actions));
    // Both seats receive a patch for every action (at each edge of the measured window, a
    // table's two patches of one action may fall on either side); matches end and new ones begin.
    CHECK(report.patches + 2 * settings.tables >= 2 * report.actions);
    CHECK(report.matches_finished > 0);
    CHECK(report.stalled_tables == 0);
  }
}

TEST_CASE("the load generator reports a server it cannot reach") {
  TempDir dir;
  std::uint16_t port = 0;
  {
    ServerProcess server(dir / "tortuga.db", dir.path());
    port = server.port();
  }  // stopped: nothing listens on its port now
  bench::LoadSettings settings;
  settings.port = port;
  settings.tables = 1;
  settings.idle = 2;
  settings.duration_s = 0.1;
  settings.progress = false;
  CHECK_THROWS_AS(bench::run_load(settings, {}), std::runtime_error);
}

}  // namespace
}  // namespace tortuga::integration
