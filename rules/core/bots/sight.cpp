#include "rules/core/bots/sight.hpp"

#include "rules/core/game.hpp"

namespace tortuga {

Sight see_from(const Game& game, const State& state, int seat) {
  Sight sight;
  sight.seat = seat;
  sight.view = state.view(seat);
  sight.legal = sight.view["legal"];
  sight.options = game.public_options(state);
  const auto& history = state.history();
  sight.history.reserve(history.size());
  for (std::size_t step = 0; step < history.size(); ++step)
    sight.history.push_back({history[step].seat, game.action_seen_by(state, step, seat)});
  return sight;
}

}  // namespace tortuga
