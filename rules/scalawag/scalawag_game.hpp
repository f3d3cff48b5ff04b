// Scalawag! (Steve Nix, 3 to 8 players), after shared/rulebooks/scalawag.it.txt.
//
// Options:
//   window_s      integer 1..600, default 10: seconds a challenge window stays open.
//   turn_clock_s  integer 0..86400, default 45: seconds for every other question (0: no clock);
//                 when they run out the room answers with the default of ScalawagState.
//   alliances     boolean, default false: hidden teams of two (6 or 8 players only).
//   fog_of_war    boolean, default true: the three-player Fog of War (ignored with more players).
//   damage_boxes  array or null: the five damage box numbers, highest first (data.json: 10..2).
//   fog_die       array or null: the symbol (1..3) on each of the die's six faces (data.json).
//
// Bots: "random", and "smart" (see smart_bot.hpp).
#pragma once

#include "rules/core/game.hpp"

namespace tortuga::scalawag {

class ScalawagGame : public Game {
 public:
  const GameInfo& info() const override;
  Json option_schema() const override;
  std::unique_ptr<State> new_state(const Json& options, Chance chance) const override;
  std::span<const ChanceEventInfo> chance_events() const override;
  std::unique_ptr<Bot> make_bot(std::string_view kind) const override;
  std::unique_ptr<Observer> make_observer() const override;
  std::optional<Ranking> ranking(const Json& result, int seats) const override;  // ranking.cpp
  std::shared_ptr<const Determinizer> determinizer() const override;
  SearchBudget search_budget() const override;
  // A custom Fog of War die, which the views never show.
  Json public_options(const State& state) const override;

 protected:
  Json earlier_defaults() const override;
  Refusal check_options(const Json& options) const override;
};

const Game& scalawag();

}  // namespace tortuga::scalawag
