// Riff Raff (Christoph Cantzler, Zoch), 2 to 4 players: cargo loaded onto a rocking ship, on a
// deterministic physics simulation. See riff_raff_state.hpp and docs/games/riff-raff.md.
//
// Options:
//   catch_ms integer 0..60000, default 3000: milliseconds the loader has to send a catch once the
//            fall has played back (the deadline adds the playback's own length).
//   turn_clock_s integer 0..86400, default 60: seconds to choose, appoint or load before the room
//            does it for the player (see RiffRaffState::on_timeout); 0 for no clock.
//   model    object or null, default null: a JSON merge patch over cargo.json (ship, areas,
//            cargo shapes and materials, physics constants). A new match's may name only what
//            cargo.json has, and its physics has a ceiling on the work of a placement
//            (model_limits.hpp).
//
// Bots: "random" (loads at random within the bounds), "smart" (tries placements on copies).
#pragma once

#include "rules/core/game.hpp"

namespace tortuga::riff_raff {

class RiffRaffGame : public Game {
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
  // Another seat's card chosen this round shows no card until all are revealed.
  Json action_seen_by(const State& state, std::size_t step, int seat) const override;

 protected:
  Json earlier_defaults() const override;
  Refusal check_options(const Json& options) const override;
  Refusal check_new_options(const Json& options) const override;
};

const Game& riff_raff();

}  // namespace tortuga::riff_raff
