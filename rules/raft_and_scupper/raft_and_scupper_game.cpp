#include "rules/raft_and_scupper/raft_and_scupper_game.hpp"

#include "rules/core/option_shape.hpp"
#include "rules/raft_and_scupper/deal.hpp"
#include "rules/raft_and_scupper/layout.hpp"
#include "rules/raft_and_scupper/layouts_data.hpp"
#include "rules/raft_and_scupper/raft_and_scupper_state.hpp"
#include "rules/raft_and_scupper/sampler.hpp"
#include "rules/raft_and_scupper/smart_bot.hpp"
#include "rules/raft_and_scupper/views.hpp"

namespace tortuga::raft_and_scupper {
namespace {

// layouts.json's positions, for what a `null` layout stands for (the long game's).
const Json& standard_positions() {
  static const Json parsed = Json::parse(kLayoutsJson)["full"]["positions"];
  return parsed;
}

}  // namespace

const GameInfo& RaftAndScupperGame::info() const {
  static const GameInfo info{"raft-and-scupper", "Raft & Scupper", 2, 2};
  return info;
}

Json RaftAndScupperGame::option_schema() const {
  return {
      {"short_game",
       {{"type", "boolean"},
        {"title", "Short game (16 ships)"},
        {"default", false},
        {"description", "16 ships, four of each kind, instead of 36: a quicker match."}}},
      {"layout",
       {{"type", "array"},
        {"title", "Layout of the ships"},
        {"if_null", "the standard layout"},
        {"items", option_shape::list("Position", option_shape::integer("x or y", -99, 99), 2, 2)},
        {"min_length", 16},
        {"max_length", 36},
        {"standard", standard_positions()},
        {"default", nullptr},
        {"description",
         "Where each ship starts, positions 1 to 36 (1 to 16 in the short game): all joined by "
         "their sides, each pair (1 and 2, 3 and 4, ...) side by side."}}},
      {"turn_clock_s",
       {{"type", "integer"},
        {"title", "Turn clock at sea, in seconds"},
        {"default", 60},
        {"min", 0},
        {"max", 86400},
        {"description",
         "Time for each move once the pirates are at sea; a player whose time runs out passes. "
         "0: no clock."}}},
  };
}

// Off until it was on by default: a match stored before that goes on without a clock.
Json RaftAndScupperGame::earlier_defaults() const {
  return {{"turn_clock_s", 0}};
}

Refusal RaftAndScupperGame::check_options(const Json& options) const {
  auto layout = options.find("layout");
  if (layout == options.end() || layout->is_null()) return std::nullopt;
  auto short_game = options.find("short_game");
  const bool short_ships =
      short_game != options.end() && short_game->is_boolean() && short_game->get<bool>();
  auto parsed = parse_layout(*layout, short_ships ? kShortShips : kFullShips);
  if (!parsed) return parsed.error();
  return std::nullopt;
}

std::unique_ptr<State> RaftAndScupperGame::new_state(const Json& options, Chance chance) const {
  return std::make_unique<RaftAndScupperState>(options, std::move(chance));
}

std::span<const ChanceEventInfo> RaftAndScupperGame::chance_events() const {
  static constexpr ChanceEventInfo kEvents[] = {
      {kShipsEvent, "kinds", false,
       "the kind of ship at each setup position from 1, as \"gold-round\", \"spice-square\", ..."}};
  return kEvents;
}

std::unique_ptr<Bot> RaftAndScupperGame::make_bot(std::string_view kind) const {
  if (kind == "smart") return std::make_unique<SmartBot>();
  if (kind == "strong") return make_strong_bot();
  return std::make_unique<RandomBot>();
}

std::shared_ptr<const Determinizer> RaftAndScupperGame::determinizer() const {
  return std::make_shared<Sampler>();
}

// Nothing is hidden: one deal serves every iteration (worlds 1), and rollouts stop after a few
// moves for the smart bot's evaluation.
SearchBudget RaftAndScupperGame::search_budget() const {
  return {.iterations = 3000, .time_ms = 900, .worlds = 1, .rollout_depth = 8};
}

std::unique_ptr<Observer> RaftAndScupperGame::make_observer() const {
  return std::make_unique<RaftAndScupperObserver>();
}

const Game& raft_and_scupper() {
  static const RaftAndScupperGame game;
  return game;
}

}  // namespace tortuga::raft_and_scupper
