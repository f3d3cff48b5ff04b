// A correspondence room's timeout (rules/core/state.cpp): with the game's clock off, as the
// options of a match stored before the clocks were on by default have it, the rules refuse the
// live clock's timeout and take the correspondence clock's at every wait, each game answering it
// with its own simplest move, until the match ends; the log replays as it was played.
#include <doctest/doctest.h>

#include "rules/core/bot.hpp"
#include "rules/core/registry.hpp"
#include "tests/why.hpp"

namespace {

using tortuga::Chance;
using tortuga::Json;

const Json kCorrespondenceTimeout = {{"type", "timeout"}, {"clock", "correspondence"}};

}  // namespace

TEST_CASE("every wait of the rules takes a correspondence clock's timeout, clock option or none") {
  for (const tortuga::Game* game : tortuga::all_games()) {
    const std::string id = game->info().id;
    // The game's clock off: its earlier defaults.
    const auto options = game->normalize_stored_options(Json::object());
    REQUIRE_MESSAGE(options, id);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = game->new_state(*options, Chance(seed));
      Chance rng(seed * 7919);
      tortuga::RandomBot bot;
      int timeouts = 0;
      for (int step = 0; !state->is_over(); ++step) {
        REQUIRE_MESSAGE(step < 20000, id << " seed " << seed << " did not end");
        const auto actors = state->actors();
        REQUIRE_FALSE(actors.empty());
        if (!state->deadline())
          CHECK_MESSAGE(state->apply(tortuga::kSystem, {{"type", "timeout"}}),
                        id << ": the live clock's timeout with no deadline");
        // Every other wait times out, the rest are played: a match of timeouts alone may not end.
        tortuga::Refusal refused;
        if (rng.below(2) == 0) {
          refused = state->apply(tortuga::kSystem, kCorrespondenceTimeout);
          ++timeouts;
        } else {
          const int seat = actors[rng.below(actors.size())];
          refused = state->apply(seat, bot.choose(*state, seat, rng));
        }
        REQUIRE_MESSAGE(
            !refused, id << " seed " << seed << " step " << step << ": " << tortuga::why(refused));
      }
      CHECK(timeouts > 0);
      CHECK(state->apply(tortuga::kSystem, kCorrespondenceTimeout));  // over: nothing waits
      auto replay = game->new_state(*options, Chance(seed));
      for (const auto& done : state->history())
        REQUIRE_FALSE_MESSAGE(replay->apply(done.seat, done.action), id);
      CHECK(replay->full_view() == state->full_view());
    }
  }
}
