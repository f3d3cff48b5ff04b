#include "rules/riff_raff/sampler.hpp"

#include <algorithm>
#include <cmath>

#include "rules/core/named_chance.hpp"
#include "rules/riff_raff/bots.hpp"
#include "rules/riff_raff/riff_raff_game.hpp"
#include "rules/riff_raff/riff_raff_state.hpp"

namespace tortuga::riff_raff {
namespace {

constexpr int kRolloutSteps = 90;  // 1.5 s of simulation for a placement in a rollout

// The first captain, where it still matters: the seat that appointed in the first round, or the
// captain shown while the first round's cards are still being chosen. Once the first cards are
// revealed the highest of them makes the captain, whoever drew the first.
int first_captain(const Sight& sight) {
  for (const AppliedAction& applied : sight.history)
    if (applied.action.value("type", "") == "appoint") return applied.seat;
  const Json& captain = sight.view.at("captain");
  return sight.view.at("round") == 1 && captain.is_number() ? captain.get<int>() : 0;
}

}  // namespace

bool chosen_face_down(const State& state, std::size_t step) {
  const auto& riff = static_cast<const RiffRaffState&>(state);
  if (riff.phase() != Phase::kChoosing) return false;
  const auto& history = state.history();
  for (std::size_t later = step; later < history.size(); ++later)
    if (history[later].action.value("type", "") != "choose") return false;
  return true;
}

std::unique_ptr<State> Sampler::sample(const Sight& sight, Chance& rng) const {
  const Json& view = sight.view;
  Json options = {{"players", view.at("players").size()},
                  {"model", view.at("model")},
                  // Any clock: the history's timeouts need a deadline to be applied again.
                  {"turn_clock_s", 60},
                  {"catch_ms", 3000}};
  auto events =
      NamedEvents::parse(Json::array({{{"event", kCaptainEvent}, {"seat", first_captain(sight)}}}),
                         riff_raff().chance_events());
  if (!events.ok()) return nullptr;
  auto state = std::make_unique<RiffRaffState>(
      options,
      Chance(rng.below(1u << 31), {}, std::make_shared<const NamedEvents>(std::move(*events))));
  for (const AppliedAction& applied : sight.history) {
    Json action = applied.action;
    if (action.value("type", "") == "choose" && !action.contains("card")) {
      // A card chosen face down: any the chooser still holds.
      const auto& hand = state->player(applied.seat).hand;
      if (hand.empty()) return nullptr;
      action["card"] = hand[rng.below(static_cast<std::uint32_t>(hand.size()))];
    }
    if (state->apply(applied.seat, std::move(action))) return nullptr;
  }
  state->limit_steps(kRolloutSteps);
  return state;
}

Json Sampler::settle(const State& sampled, int seat, Chance& rng) const {
  const auto& riff = static_cast<const RiffRaffState&>(sampled);
  if (riff.phase() != Phase::kLoading && riff.phase() != Phase::kCatching) return nullptr;
  return SmartBot().choose(sampled, seat, rng);
}

// Fewer pieces is better: each seat's share of e^(-pieces), so that a piece behind the leader
// counts more than one among the last.
double Sampler::estimate(const State& state, int seat) const {
  const auto& riff = static_cast<const RiffRaffState&>(state);
  double total = 0, mine = 0;
  for (int s = 0; s < state.seats(); ++s) {
    const double weight = std::exp(-0.6 * riff.player(s).pieces());
    total += weight;
    if (s == seat) mine = weight;
  }
  return total > 0 ? mine / total : 0.0;
}

Json Sampler::rollout_action(const State& state, int seat, Chance& rng) const {
  const auto& riff = static_cast<const RiffRaffState&>(state);
  if (riff.phase() != Phase::kLoading) return Determinizer::rollout_action(state, seat, rng);
  // Loading: the area's middle, set down level; two pieces never announced.
  const Json legal = state.legal_actions(seat);
  std::vector<Json> singles;
  for (const Json& action : legal)
    if (action.value("pieces", 1) == 1) singles.push_back(action);
  if (singles.empty()) return Determinizer::rollout_action(state, seat, rng);
  return singles[rng.below(static_cast<std::uint32_t>(singles.size()))];
}

}  // namespace tortuga::riff_raff
