// Um Rum & Ehre (Stefan Feld, alea; in English "Rum & Pirates"), 2 to 5 players, after
// shared/rulebooks/um-rum-und-ehre.it.txt.
//
// Options:
//   arrangement  array or null, default null: the nine town tiles as [{"tile": 1..9,
//                "rotation": 0..3}, ...] for the positions in reading order; null deals a random
//                arrangement.
//   tiles        array or null, default null: the nine tiles' contents in the format of
//                town_tiles.json (for owners of the printed game); null uses ours.
//   stacks       object or null, default null: the values of the dispenser's tiles, any part of
//                them, in the shape of tile_stacks.json; null uses ours. The file's "about" is
//                read past, so a match stored with one in its stacks plays again; a new match's
//                stacks name only parts.
//   decision_s   integer 0..86400, default 60: seconds each question waits for its player before
//                the room applies the default answer (docs/games/um-rum-und-ehre.md); 0 waits
//                for ever.
//
// Bots: "random", "smart" (values tiles and coins, see smart_bot.hpp) and "strong" (searches
// over states dealt from what its seat sees, see sampler.hpp).
#pragma once

#include "rules/core/game.hpp"

namespace tortuga::um_rum_und_ehre {

class UmRumUndEhreGame : public Game {
 public:
  const GameInfo& info() const override;
  Json option_schema() const override;
  std::unique_ptr<State> new_state(const Json& options, Chance chance) const override;
  std::span<const ChanceEventInfo> chance_events() const override;
  std::unique_ptr<Bot> make_bot(std::string_view kind) const override;
  std::shared_ptr<const Determinizer> determinizer() const override;
  SearchBudget search_budget() const override;
  Json public_options(const State& state) const override;
  std::unique_ptr<Observer> make_observer() const override;
  std::optional<Ranking> ranking(const Json& result, int seats) const override;  // ranking.cpp

 protected:
  Json earlier_defaults() const override;
  Refusal check_options(const Json& options) const override;
  Refusal check_new_options(const Json& options) const override;
};

const Game& um_rum_und_ehre();

}  // namespace tortuga::um_rum_und_ehre
