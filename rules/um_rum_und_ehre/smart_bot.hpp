// A bot that values what it can see: each legal action gets a worth in honour points (tiles at
// stake, less a price for the pirates and coins it costs) and the best is played. It reads only
// what its seat's view shows (its own tiles and coins, the face-up tiles, the board); it never
// looks ahead through dice or draws, which would be looking at the match's future.
#pragma once

#include "rules/core/bot.hpp"

namespace tortuga::um_rum_und_ehre {

class SmartBot : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;
};

}  // namespace tortuga::um_rum_und_ehre
