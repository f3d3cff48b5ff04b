// Raft & Scupper (David Vander Laan, 2 players), after shared/rulebooks/raft-and-scupper.en-it.txt.
//
// Options:
//   short_game   boolean, default false: 16 ships (four of each kind) instead of 36.
//   layout       array or null, default null: the setup positions 1..36 (1..16) as [[x, y], ...],
//                side-connected, each pair (1,2), (3,4), ... side by side; null uses layouts.json.
//   turn_clock_s integer 0..86400, default 60: seconds a player has for each turn in play; when
//                they run out the player passes. 0 means no clock.
//
// Bots: "random", "smart" (a greedy two-ply search, see smart_bot.hpp) and "strong" (the
// information-set search of rules/core/bots on sampler.hpp).
#pragma once

#include "rules/core/game.hpp"

namespace tortuga::raft_and_scupper {

class RaftAndScupperGame : public Game {
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

 protected:
  Json earlier_defaults() const override;
  Refusal check_options(const Json& options) const override;
};

const Game& raft_and_scupper();

}  // namespace tortuga::raft_and_scupper
