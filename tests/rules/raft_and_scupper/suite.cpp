// Raft & Scupper in the shared property suite: every setup and the turn clock. It has no hidden
// information, so it needs no leak check.
#include "tests/rules/suite.hpp"

namespace {

const tortuga::suite::Registration registered("raft-and-scupper", [] {
  tortuga::suite::SuiteConfig config;
  config.matches = 200;
  config.step_bound = 3000;
  config.exhaustive_matches = 12;
  config.option_variants = {
      tortuga::Json::object(), {{"short_game", true}}, {{"turn_clock_s", 30}}};
  return config;
}());

}  // namespace
