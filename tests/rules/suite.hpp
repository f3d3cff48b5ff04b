// How the shared property suite plays each game. A game that needs more than the defaults (more
// matches, option variants, a leak check for its hidden information) registers its own config
// from a file of its own, tests/rules/<game>/suite.cpp:
//
//   static const tortuga::suite::Registration registered("my-game", [] {
//     tortuga::suite::SuiteConfig config;
//     config.option_variants = {...};
//     config.leak_check = [](const State& state, int seat, const Json& view) { ... };
//     return config;
//   }());
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "rules/core/state.hpp"

namespace tortuga::suite {

// What must not appear in a seat's view. It is called with every seat's view (and the
// spectators', seat kSpectator) at every step of every match, and fails with doctest's CHECKs.
using LeakCheck = std::function<void(const State& state, int seat, const Json& view)>;

struct SuiteConfig {
  int matches = 50;            // per player count, spread over the option variants
  int step_bound = 5000;       // a match must end within this many steps
  int exhaustive_matches = 5;  // matches where every legal action is tried on a clone
  // Every acceptable action is listed by legal_actions (no templates): then a mutated legal
  // action that is not in the list must be refused.
  bool legal_is_exhaustive = true;
  std::vector<Json> option_variants = {Json::object()};
  // Which variants a player count may play (an option for some counts only); none: all of them.
  std::function<bool(const Json& variant, int players)> variant_fits;
  LeakCheck leak_check;  // none: the game has no hidden information
};

inline std::map<std::string, SuiteConfig>& entries() {
  static std::map<std::string, SuiteConfig> all;
  return all;
}

struct Registration {
  Registration(const std::string& game, SuiteConfig config) { entries()[game] = std::move(config); }
};

}  // namespace tortuga::suite
