// Colpaccio (F. Testini, M. Giacometti; 1 to 5 players, 1 being the solo duel against the
// Corsairs), after shared/rulebooks/colpaccio.it.txt.
//
// Options:
//   deck             array or null, default null: the 60 ship cards as [{"good", "location",
//                    "prize", "cannonball"}, ...], keeping the rulebook's counts (8 gems,
//                    8 silverware, 10 fabrics, 10 rum, 12 pistols, 12 sabres; 15 of each
//                    location); null uses deck.json.
//   solo_difficulty  "standard" | "easy" | "medium" | "hard", default "standard": the solo
//                    variants (the holed coin, they are seasoned, the captain's nightmare); only
//                    "standard" with more than one player.
//   turn_clock_s     integer 0..86400, default 90: seconds for each question (a turn, a parrot
//                    pact's reveal, a good for the ghost ship); then the room answers for the
//                    player (ColpaccioState::on_timeout); 0 for no clock.
//
// Bots: "random", and "smart" (majorities and cannonballs, see smart_bot.hpp).
#pragma once

#include "rules/core/game.hpp"

namespace tortuga::colpaccio {

class ColpaccioGame : public Game {
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
  // A custom deck's cards, which the views never list whole.
  Json public_options(const State& state) const override;

 protected:
  Json earlier_defaults() const override;
  Refusal check_options(const Json& options) const override;
};

const Game& colpaccio();

}  // namespace tortuga::colpaccio
