// What a run measured, set against the targets: as lines for a person, or as one JSON object for
// scripts (scripts/bench_games.mjs, scripts/bench_rules_apart.sh).
#pragma once

#include <optional>
#include <string>

#include "bench/load.hpp"
#include "bench/options.hpp"

namespace tortuga::bench {

// `server_exit` is the exit code of the server --spawn started, once stopped.
std::string report_text(const Options& o, const LoadReport& r, std::optional<int> server_exit);
std::string report_json(const Options& o, const LoadReport& r, std::optional<int> server_exit);

}  // namespace tortuga::bench
