// One hostile address beside ten players (tests/integration/hostile.hpp): the players are served
// throughout, every action answered by its patch and no connection of theirs dropped, while the
// attacker meets each limit; and the server's resident memory stays under a stated bound. The
// players' latencies with and without the attacker are a benchmark, not asserted here: the suite
// "benchmarks" below, run by hand (docs/performance.md).
#include <string>

#include <doctest/doctest.h>

#include "tests/integration/hostile.hpp"
#include "tests/integration/server_process.hpp"

namespace tortuga::integration {
namespace {

// What the server may hold at most with the attacker beside the players: its own few tens of
// megabytes, and the attacker's 20 connections that never read each at its 4 MiB write queue bound
// (80 MiB), with room to spare for the allocator. Bounded by messages only (1,024 of them), the
// same connections could make it hold about 470 MB.
constexpr double kResidentBound = 256.0 * 1024 * 1024;

void describe(const HostileReport& r) {
  std::string attacker;
  for (const auto& [what, n] : r.attacker) attacker += "\n  " + what + ": " + std::to_string(n);
  MESSAGE(r.action_ms.size() << " player actions in " << r.seconds << " s: p50 "
                             << quantile(r.action_ms, 0.5) << " ms, p99 "
                             << quantile(r.action_ms, 0.99) << " ms, max "
                             << (r.action_ms.empty() ? 0 : r.action_ms.back())
                             << " ms; resident memory " << r.resident_before_bytes / 1e6
                             << " MB before, at most " << r.peak_resident_bytes / 1e6
                             << " MB; the attacker met:" << attacker);
}

// Some twenty seconds of play beside the attacker, then up to hello's deadline: a test of its own
// (integration_hostile_clients), which ctest -j runs beside the others.
TEST_SUITE("hostile" * doctest::skip()) {
  TEST_CASE(
      "one hostile address beside ten players: they are served, the server's memory bounded") {
    TempDir dir;
    ServerProcess server(dir / "tortuga.db", dir.path(), behind_proxy_config(dir.path()));
    const HostileSettings settings;
    const HostileReport r = run_hostile(server.port(), settings);
    describe(r);

    // The players were served: every action answered by its patch, nobody dropped.
    CHECK(r.action_ms.size() ==
          static_cast<std::size_t>(settings.tables * settings.actions_per_table));
    for (const auto& [code, n] : r.player_errors) CHECK_MESSAGE(n == 0, code);
    CHECK(r.player_errors.empty());
    CHECK(r.players_dropped == 0);
    CHECK(r.peak_resident_bytes < kResidentBound);

    // The attacker met every limit on its way.
    auto met = [&](const std::string& what) {
      auto it = r.attacker.find(what);
      return it == r.attacker.end() ? 0 : it->second;
    };
    CHECK(met("connection refused") > 0);
    CHECK(met("too_many_rooms") > 0);
    CHECK(met("too_many_players") > 0);
    CHECK(met("too_many_guesses") > 0);
    CHECK(met("not_in_room") > 0);  // its mutes of made-up players
    CHECK(met("closed 4001") > 0);  // its silent connections, past hello's deadline
    CHECK(met("silent connection not closed") == 0);
    CHECK(met("never-reading connections not dropped") == 0);
    CHECK(metric(server.port(), "tortuga_slow_clients_dropped_total") > 0);
    CHECK(metric(server.port(), "tortuga_limits_refused_total{limit=\"connections_per_address\"}") >
          0);
    // The server is still there for everyone.
    TestClient after(server.port(), "after", TestClient::from_address("192.0.2.1"));
    CHECK(after.hello("Anne").at("type") == "welcome");
  }
}

TEST_SUITE("benchmarks" * doctest::skip()) {
  TEST_CASE("benchmark: the players' latencies beside a hostile address, and without one") {
    HostileSettings settings;
    settings.actions_per_table = 400;
    for (bool attacker : {false, true, false, true}) {
      TempDir dir;
      ServerProcess server(dir / "tortuga.db", dir.path(), behind_proxy_config(dir.path()));
      settings.attacker = attacker;
      const HostileReport r = run_hostile(server.port(), settings);
      const std::string runs = attacker ? "with the attacker:" : "without the attacker:";
      MESSAGE(runs);
      describe(r);
    }
  }
}

}  // namespace
}  // namespace tortuga::integration
