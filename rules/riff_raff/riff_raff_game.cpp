#include "rules/riff_raff/riff_raff_game.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/option_shape.hpp"
#include "rules/riff_raff/bots.hpp"
#include "rules/riff_raff/cargo_data.hpp"
#include "rules/riff_raff/model_limits.hpp"
#include "rules/riff_raff/riff_raff_state.hpp"
#include "rules/riff_raff/sampler.hpp"
#include "rules/riff_raff/views.hpp"
#include "rules/riff_raff/world.hpp"

namespace tortuga::riff_raff {
namespace {

using namespace option_shape;

// The parts of the model a form offers: the physics constants, the ship's joint and materials,
// each kind of cargo's material (cargo.json's numbers but the shapes and areas); a merge patch
// may change any other part too, from a client that writes it.
Json material(const char* title) {
  return record(title, {{"density", number("Density")},
                        {"friction", number("Friction")},
                        {"restitution", number("Bounce (restitution)")}});
}

Json model_shape() {
  static const std::pair<const char*, const char*> kKinds[] = {
      {"boat", "Boat"},   {"barrel", "Barrel"}, {"bottle", "Bottle"}, {"crate", "Crate"},
      {"chest", "Chest"}, {"plank", "Plank"},   {"sailor", "Sailor"}, {"rat", "Rat"}};
  std::vector<std::pair<std::string, Json>> cargo;
  for (const auto& [kind, title] : kKinds) cargo.push_back({kind, material(title)});
  return record(
      "Ship and cargo",
      {{"physics",
        record("Physics", {{"gravity", number("Gravity (negative: down)")},
                           {"step_hz", number("Simulation steps per second")},
                           {"velocity_iterations", number("Velocity iterations per step")},
                           {"position_iterations", number("Position iterations per step")},
                           {"max_seconds", number("Longest simulation, in seconds")},
                           {"frame_rate", number("Motion frames per second")},
                           {"water_y", number("Height of the water")},
                           {"max_drop", number("Highest drop above the ship")},
                           {"catch_tolerance_frames", number("Frames of leeway for a catch")}})},
       {"ship", record("Ship", {{"joint_limit_deg", number("Largest tilt, in degrees")},
                                {"joint_friction", number("Friction of the ball joint")},
                                {"angular_damping", number("Damping of its swing")},
                                {"material", material("Hull")},
                                {"counterweight",
                                 record("Counterweight", {{"density", number("Density")}})}})},
       {"cargo", record("Cargo", cargo)}});
}

// The values of `whole` that `shape` names, and no others.
Json picked(const Json& shape, const Json& whole) {
  if (shape.value("type", "") != "object") return whole;
  Json out = Json::object();
  for (const auto& [name, field] : shape["fields"].items())
    if (whole.contains(name)) out[name] = picked(field, whole[name]);
  return out;
}

Json standard_model() {
  return picked(model_shape(), Json::parse(kCargoJson));
}

}  // namespace

const GameInfo& RiffRaffGame::info() const {
  static const GameInfo info{"riff-raff", "Riff Raff", 2, 4};
  return info;
}

Json RiffRaffGame::option_schema() const {
  return {
      {"catch_ms",
       {{"type", "integer"},
        {"title", "Time to catch, in milliseconds"},
        {"default", 3000},
        {"min", 0},
        {"max", 60000},
        {"description", "How long a player has to catch falling cargo once the fall has played."}}},
      {"turn_clock_s",
       {{"type", "integer"},
        {"title", "Clock for each choice, in seconds"},
        {"default", 60},
        {"min", 0},
        {"max", 86400},
        {"description",
         "Time to choose a card, appoint a captain or load; when it runs out, the lowest card "
         "is played, the first tied player becomes captain, or a piece is set down in the "
         "middle of the area. 0: no clock."}}},
      {"model",
       {{"type", "object"},
        {"title", "Ship and cargo model"},
        {"if_null", "the standard model"},
        {"fields", model_shape()["fields"]},
        {"order", model_shape()["order"]},
        {"standard", standard_model()},
        {"default", nullptr},
        {"description",
         "The ship, the cargo and the physics of the simulation, changed from the standard."}}},
  };
}

// Off until it was on by default: a match stored before that goes on without a clock.
Json RiffRaffGame::earlier_defaults() const {
  return {{"turn_clock_s", 0}};
}

Refusal RiffRaffGame::check_options(const Json& options) const {
  auto spec = load_spec(options.value("model", Json()));
  if (!spec) return spec.error();
  // Every piece must fit on every area, level or upright, between the area's inner ends.
  for (const Area& area : (*spec)->areas) {
    for (int k = 0; k < kKinds; ++k) {
      bool fits = false;
      for (float angle : {0.0f, 1.57079633f}) {
        const auto [lo, hi] = extent_x((*spec)->kinds[k], angle);
        const float from = area.open_from ? area.from : area.from - lo;
        const float to = area.open_to ? area.to : area.to - hi;
        fits = fits || std::max(from, area.from) <= std::min(to, area.to);
      }
      if (!fits)
        return Error{code::kBadOptions, std::string("option model: the ") + kKindNames[k] +
                                            " fits on area " + std::to_string(area.number) +
                                            " neither level nor upright"};
    }
  }
  return std::nullopt;
}

Refusal RiffRaffGame::check_new_options(const Json& options) const {
  const Json model = options.value("model", Json());
  if (model.is_null()) return std::nullopt;
  if (auto bad = check_model_names(model)) return bad;
  auto spec = load_spec(model);  // check_options has read it
  return spec ? check_model_cost(**spec) : Refusal(spec.error());
}

std::span<const ChanceEventInfo> RiffRaffGame::chance_events() const {
  static constexpr ChanceEventInfo kEvents[] = {
      {kCaptainEvent, "seat", false, "the seat of the first captain"}};
  return kEvents;
}

std::unique_ptr<State> RiffRaffGame::new_state(const Json& options, Chance chance) const {
  return std::make_unique<RiffRaffState>(options, std::move(chance));
}

std::unique_ptr<Bot> RiffRaffGame::make_bot(std::string_view kind) const {
  if (kind == "smart") return std::make_unique<SmartBot>();
  if (kind == "strong") return make_strong_bot();
  return std::make_unique<RandomLoader>();
}

std::shared_ptr<const Determinizer> RiffRaffGame::determinizer() const {
  return std::make_shared<Sampler>();
}

// The lighter search: three dealt worlds (each replays the match's physics), few iterations, and
// rollouts of about a round.
SearchBudget RiffRaffGame::search_budget() const {
  return {.iterations = 48, .time_ms = 900, .worlds = 3, .rollout_depth = 8};
}

Json RiffRaffGame::action_seen_by(const State& state, std::size_t step, int seat) const {
  const AppliedAction& applied = state.history()[step];
  if (applied.seat == seat || applied.action.value("type", "") != "choose" ||
      !chosen_face_down(state, step))
    return applied.action;
  return {{"type", "choose"}};
}

std::unique_ptr<Observer> RiffRaffGame::make_observer() const {
  return std::make_unique<RiffRaffObserver>();
}

const Game& riff_raff() {
  static const RiffRaffGame game;
  return game;
}

}  // namespace tortuga::riff_raff
