// Checks every game's strong bot must pass: its sampler deals states that show the seat exactly
// its sight, and the bot's choice is legal and decided by its seed and iteration budget alone.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/bots/ismcts.hpp"
#include "rules/core/bots/sight.hpp"
#include "rules/core/game.hpp"
#include "tests/why.hpp"

namespace tortuga::testing {

// A view as a sampled state may differ from the real one without the seat learning anything:
// the deadline (counted from when each state was reached), the step (a state dealt from a view
// has no history behind it) and the members named.
inline Json comparable(Json view, const std::vector<std::string>& ignored = {}) {
  view.erase("deadline");
  view.erase("step");
  for (const std::string& member : ignored) view.erase(member);
  return view;
}

// Deals `samples` states from `seat`'s sight on `state` and requires each to show the seat the
// same view (but for `ignored`) and offer it the same actions.
inline void check_samples_match_sight(const Game& game, const State& state, int seat, int samples,
                                      const std::vector<std::string>& ignored = {}) {
  const Sight sight = see_from(game, state, seat);
  const Json expected = comparable(sight.view, ignored);
  Chance rng(state.history().size() * 31 + static_cast<std::uint64_t>(seat));
  for (int i = 0; i < samples; ++i) {
    auto sampled = game.determinizer()->sample(sight, rng);
    REQUIRE_MESSAGE(sampled != nullptr, "step " << state.history().size() << " seat " << seat);
    const Json seen = comparable(sampled->view(seat), ignored);
    REQUIRE_MESSAGE(seen == expected, "step " << state.history().size() << " seat " << seat
                                              << "\nsampled: " << seen.dump()
                                              << "\nreal:    " << expected.dump());
  }
}

// The strong bot's choice for `seat` on `state` with an iteration budget and no clock.
inline Json strong_choice(const Game& game, const State& state, int seat, std::uint64_t seed,
                          int iterations) {
  SearchBudget budget = game.search_budget();
  budget.iterations = iterations;
  budget.time_ms = 0;
  IsmctsBot bot(game.determinizer(), budget);
  Chance rng(seed);
  return bot.choose(see_from(game, state, seat), rng);
}

// A new match of `game` with `options`, dealt by `seed`.
inline std::unique_ptr<State> fresh_match(const Game& game, const Json& options,
                                          std::uint64_t seed) {
  auto normalized = game.normalize_options(options);
  REQUIRE_MESSAGE(normalized.ok(), why(normalized));
  return game.new_state(*normalized, Chance(seed));
}

// A match of `game` with `options` played by random moves for `steps` actions (or to its end).
inline std::unique_ptr<State> played(const Game& game, const Json& options, std::uint64_t seed,
                                     int steps) {
  auto state = fresh_match(game, options, seed);
  auto bot = game.make_bot("random");
  Chance rng(seed + 1000);
  for (int i = 0; i < steps && !state->is_over(); ++i) {
    const auto actors = state->actors();
    const int seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
    REQUIRE(!state->apply(seat, bot->choose(*state, seat, rng)));
  }
  return state;
}

// Plays a match with the strong bot (a small budget) in seat 0 and random bots elsewhere,
// requiring every choice to be among the legal actions and accepted.
inline void check_strong_plays_legally(const Game& game, const Json& options, std::uint64_t seed,
                                       int iterations, int max_steps = 400) {
  auto state = fresh_match(game, options, seed);
  auto random = game.make_bot("random");
  Chance rng(seed + 7);
  for (int step = 0; step < max_steps && !state->is_over(); ++step) {
    const auto actors = state->actors();
    const int seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
    Json action;
    if (seat == 0) {
      action = strong_choice(game, *state, 0, seed + step, iterations);
      // One of the legal actions; or, where the game's actions are points of a continuous space
      // (a Riff Raff placement), one of the kind offered, which the rules accept below.
      const Json legal = state->legal_actions(0);
      const bool listed = std::find(legal.begin(), legal.end(), action) != legal.end();
      const bool offered_kind = std::any_of(legal.begin(), legal.end(), [&](const Json& a) {
        return a["type"] == action["type"] && a["type"] == "load";
      });
      REQUIRE_MESSAGE((listed || offered_kind), action.dump());
    } else {
      action = random->choose(*state, seat, rng);
    }
    auto refused = state->apply(seat, action);
    REQUIRE_MESSAGE(!refused, action.dump() << ": " << why(refused));
  }
}

}  // namespace tortuga::testing
