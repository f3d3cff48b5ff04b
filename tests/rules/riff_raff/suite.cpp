// Riff Raff in the shared property suite. Placements and grabs are continuous choices, so the
// legal lists are templates (any x, angle and drop within the view's bounds is legal too). The
// leak check: nobody sees another player's hand or face-down card; the loader's own view does.
#include <doctest/doctest.h>

#include "rules/riff_raff/riff_raff_state.hpp"
#include "tests/rules/suite.hpp"

namespace {

using tortuga::Json;
using tortuga::State;

void check_no_leak(const State& state, int seat, const Json& view) {
  const auto& riff = dynamic_cast<const tortuga::riff_raff::RiffRaffState&>(state);
  const Json& players = view["players"];
  REQUIRE(players.size() == static_cast<std::size_t>(state.seats()));
  for (int other = 0; other < state.seats(); ++other) {
    const Json& p = players[other];
    if (other == seat) {
      CHECK(p["hand"] == Json(riff.player(other).hand));
      const int chosen = riff.player(other).chosen;
      CHECK(p["card"] == (chosen ? Json(chosen) : Json(nullptr)));
      continue;
    }
    CHECK_FALSE(p.contains("hand"));
    CHECK_FALSE(p.contains("card"));
    // What is public of a hand: its size and the revealed cards, never the face-down choice.
    CHECK(p["cards_left"] == riff.player(other).hand.size());
    CHECK(p["played"] == Json(riff.player(other).played));
  }
}

const tortuga::suite::Registration registered("riff-raff", [] {
  tortuga::suite::SuiteConfig config;
  config.matches = 4;
  config.step_bound = 2000;
  config.exhaustive_matches = 1;
  config.legal_is_exhaustive = false;
  config.option_variants = {Json::object(),
                            {{"catch_ms", 0}, {"turn_clock_s", 30}},
                            {{"model", {{"physics", {{"max_seconds", 3}, {"frame_rate", 10}}}}}}};
  config.leak_check = check_no_leak;
  return config;
}());

}  // namespace
