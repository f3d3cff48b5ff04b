// Riff Raff's bots. Both choose cards and settle ties at random.
//   RandomLoader ("random"): loads a random piece at a random place, angle and drop within the
//     view's bounds, announces two pieces at random, and grabs at random frames.
//   SmartBot ("smart"): tries candidate placements on copies of the state (the same simulation
//     the server runs) and loads the one that leaves nothing fallen and the ship most level;
//     announces two pieces only when its best placement is calm; grabs each falling piece of
//     earlier cargo at the last frame it is seen above the water.
#pragma once

#include "rules/core/bot.hpp"

namespace tortuga::riff_raff {

class RandomLoader : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;
};

class SmartBot : public Bot {
 public:
  Json choose(const State& state, int seat, Chance& rng) const override;
};

}  // namespace tortuga::riff_raff
