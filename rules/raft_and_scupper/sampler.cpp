#include "rules/raft_and_scupper/sampler.hpp"

#include <cmath>

#include "rules/core/named_chance.hpp"
#include "rules/raft_and_scupper/deal.hpp"
#include "rules/raft_and_scupper/raft_and_scupper_game.hpp"
#include "rules/raft_and_scupper/raft_and_scupper_state.hpp"
#include "rules/raft_and_scupper/smart_bot.hpp"

namespace tortuga::raft_and_scupper {

std::unique_ptr<State> Sampler::sample(const Sight& sight, Chance& rng) const {
  const Json& view = sight.view;
  // The deal by setup position, read off the ships afloat and sunk (a ship's id is its position).
  Json kinds = Json::array();
  auto name = [&](const Json& ship) {
    const auto id = ship.at("id").get<std::size_t>();
    if (id > kinds.size()) kinds.get_ref<Json::array_t&>().resize(id);
    kinds[id - 1] =
        ship.at("cargo").get<std::string>() + "-" + ship.at("rigging").get<std::string>();
  };
  for (const Json& ship : view.at("ships")) name(ship);
  for (const Json& ship : view.at("sunk")) name(ship);
  auto events = NamedEvents::parse(Json::array({{{"event", kShipsEvent}, {"kinds", kinds}}}),
                                   raft_and_scupper().chance_events());
  if (!events.ok()) return nullptr;
  const Json options = {{"players", 2},
                        {"short_game", view.at("short_game")},
                        {"layout", view.at("layout")},
                        {"turn_clock_s", view.at("turn_clock_s")}};
  Chance chance(rng.below(1u << 31), {}, std::make_shared<const NamedEvents>(std::move(*events)));
  auto state = std::make_unique<RaftAndScupperState>(options, std::move(chance));
  for (const AppliedAction& applied : sight.history)
    if (state->apply(applied.seat, applied.action)) return nullptr;
  return state;
}

// The smart bot's evaluation (ten points a flotilla nearer rafting up) as a chance of winning.
double Sampler::estimate(const State& state, int seat) const {
  const auto& raft = static_cast<const RaftAndScupperState&>(state);
  const auto crew = raft.crew_of(seat);
  if (!crew || raft.phase() != Phase::kPlaying) return 0.5;
  return 1.0 / (1.0 + std::exp(-SmartBot::evaluate(raft.position(), *crew) / 20.0));
}

}  // namespace tortuga::raft_and_scupper
