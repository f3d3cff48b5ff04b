#include "rules/scalawag/scalawag_game.hpp"

#include "rules/core/option_shape.hpp"
#include "rules/scalawag/chance_events.hpp"
#include "rules/scalawag/data.hpp"
#include "rules/scalawag/sampler.hpp"
#include "rules/scalawag/scalawag_state.hpp"
#include "rules/scalawag/setup.hpp"
#include "rules/scalawag/smart_bot.hpp"
#include "rules/scalawag/views.hpp"

namespace tortuga::scalawag {
namespace {

// data.json, for what a `null` damage box list or die stands for.
const Json& standard_data() {
  static const Json parsed = Json::parse(kDataJson);
  return parsed;
}

}  // namespace

const GameInfo& ScalawagGame::info() const {
  static const GameInfo info{"scalawag", "Scalawag!", 3, 8};
  return info;
}

Json ScalawagGame::option_schema() const {
  return {
      {"window_s",
       {{"type", "integer"},
        {"title", "Challenge window, in seconds"},
        {"default", 10},
        {"min", 1},
        {"max", 600},
        {"description",
         "How long everyone may cry \"Scalawag!\" after a claim; whoever has not by then lets "
         "it stand."}}},
      {"turn_clock_s",
       {{"type", "integer"},
        {"title", "Clock for other choices, in seconds"},
        {"default", 45},
        {"min", 0},
        {"max", 86400},
        {"description",
         "Time for every other choice (an order, the targets, a penalty, a card to give up); "
         "when it runs out, the simplest one is made for the player. 0: no clock."}}},
      {"alliances",
       {{"type", "boolean"},
        {"title", "Alliances (hidden teams of two)"},
        {"default", false},
        {"players", {6, 8}},
        {"description", "Alliance mode: secret teams of two, for 6 or 8 players only."}}},
      {"fog_of_war",
       {{"type", "boolean"},
        {"title", "Fog of War (three players)"},
        {"default", true},
        {"players", {3}},
        {"description",
         "The Fog of War of the game for three; with more players it changes nothing."}}},
      {"damage_boxes",
       {{"type", "array"},
        {"title", "Damage boxes"},
        {"if_null", "10, 8, 6, 4, 2"},
        {"items", option_shape::integer("Damage box", 0, 99)},
        {"min_length", 5},
        {"max_length", 5},
        {"standard", standard_data()["damage_boxes"]},
        {"default", nullptr},
        {"description",
         "The numbers of a ship's five damage boxes, highest first: boarding costs the highest "
         "one still uncovered."}}},
      {"fog_die",
       {{"type", "array"},
        {"title", "Fog of War die"},
        {"if_null", "faces 1, 1, 2, 2, 3, 3"},
        {"items", option_shape::one_of("Face", {1, 2, 3})},
        {"min_length", 6},
        {"max_length", 6},
        {"standard", standard_data()["fog_die"]},
        {"default", nullptr},
        {"description", "The symbol, 1, 2 or 3, on each of the die's six faces."}}},
  };
}

// Off until it was on by default: a match stored before that goes on without a clock.
Json ScalawagGame::earlier_defaults() const {
  return {{"turn_clock_s", 0}};
}

Refusal ScalawagGame::check_options(const Json& options) const {
  auto rules = rules_from(options);
  if (!rules) return rules.error();
  return std::nullopt;
}

std::unique_ptr<State> ScalawagGame::new_state(const Json& options, Chance chance) const {
  return std::make_unique<ScalawagState>(options, std::move(chance));
}

std::span<const ChanceEventInfo> ScalawagGame::chance_events() const {
  return scalawag::chance_events();
}

std::unique_ptr<Bot> ScalawagGame::make_bot(std::string_view kind) const {
  if (kind == "smart") return std::make_unique<SmartBot>();
  if (kind == "strong") return make_strong_bot();
  return std::make_unique<RandomBot>();
}

std::shared_ptr<const Determinizer> ScalawagGame::determinizer() const {
  return std::make_shared<Sampler>();
}

// A random match to the end costs about two milliseconds: rollouts play out whole.
SearchBudget ScalawagGame::search_budget() const {
  return {.iterations = 1500, .time_ms = 900};
}

Json ScalawagGame::public_options(const State& state) const {
  return {{"fog_die", static_cast<const ScalawagState&>(state).rules().die}};
}

std::unique_ptr<Observer> ScalawagGame::make_observer() const {
  return std::make_unique<ScalawagObserver>();
}

const Game& scalawag() {
  static const ScalawagGame game;
  return game;
}

}  // namespace tortuga::scalawag
