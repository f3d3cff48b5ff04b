// One hostile address beside ten players (docs/security.md): the server runs behind a "proxy" (it
// trusts 127.0.0.1 and reads each client's address from X-Forwarded-For), so that the attacker's
// connections all come from one address and each player's from its own. The attacker opens
// connections past its limit and leaves some silent, makes players and rooms past theirs, guesses
// join codes, mutes made-up players, and asks for large answers on connections that never read.
// Meanwhile five tables of two players play Raft & Scupper, each action timed from its sending to
// the patch that answers it.
//
// The integration test (hostile_clients_test.cpp) asserts that the players are served throughout
// and that the server's memory stays under a bound; the benchmark of the same run with and without
// the attacker gives the players' latencies (docs/performance.md).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tests/integration/server_process.hpp"
#include "tests/integration/test_client.hpp"

namespace tortuga::integration {

struct HostileSettings {
  bool attacker = true;
  int tables = 5;               // of two players each
  int actions_per_table = 300;  // the run lasts until every table has played this many
  Millis pause{20};             // a player's thought between seeing its turn and acting
};

struct HostileReport {
  std::vector<double> action_ms;             // every player's action, sent to answered, sorted
  std::map<std::string, int> player_errors;  // by code: what the players were refused
  int players_dropped = 0;                   // player connections the server closed
  double peak_resident_bytes = 0;            // sampled through the run
  double resident_before_bytes = 0;
  std::map<std::string, int> attacker;  // what the attacker met: refusals by code, closes, ...
  double seconds = 0;
};

// Runs the players (and the attacker, if asked) against the server on `port` until every table has
// played its actions.
HostileReport run_hostile(std::uint16_t port, const HostileSettings& settings);

// The latency at `quantile` (0.99: p99) of sorted values.
double quantile(const std::vector<double>& sorted, double q);

}  // namespace tortuga::integration
