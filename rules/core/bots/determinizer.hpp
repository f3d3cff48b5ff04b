// What a game tells the strong bot's search: how to deal a full State from a Sight (the
// determinization), how a finished match or a rollout cut short rates for a seat, and how a
// rollout plays. The search itself (ismcts.hpp) knows no game.
#pragma once

#include <memory>

#include "rules/core/bots/sight.hpp"

namespace tortuga {

class Determinizer {
 public:
  virtual ~Determinizer() = default;

  // A full state the seat could be in, given only `sight`: everything it sees as it is, what it
  // cannot see dealt at random from what is unseen (`rng` draws it), and a chance of its own for
  // what is still to come, so that not even the match's future draws leak in. Its view for
  // sight.seat equals sight.view but for the deadline and the log of events; null when the
  // sight cannot be read (a view the sampler does not know how to deal from).
  virtual std::unique_ptr<State> sample(const Sight& sight, Chance& rng) const = 0;

  // A move the game makes without a search, from one determinization: null to search. Riff
  // Raff places its cargo so, simulating candidate placements as its smart bot does, since a
  // placement is a point in a continuous space that a tree of a few moves cannot cover.
  virtual Json settle(const State& sampled, int seat, Chance& rng) const { return nullptr; }

  // How a finished match rates for `seat`, in [0, 1]: by default its share of the win.
  virtual double outcome(const State& state, int seat) const;
  // How an unfinished state rates for `seat`, in [0, 1], where a rollout was cut short.
  virtual double estimate(const State& state, int seat) const;
  // The action a rollout plays for `seat`: by default any legal one, uniformly.
  virtual Json rollout_action(const State& state, int seat, Chance& rng) const;
};

// A seat's share of the win in `result` ({"winners": [...]}): 1/winners for each winner, else 0.
double win_share(const Json& result, int seat);

// A seat's score in `result` ({"scores": [...]}), 0 where it has none or a negative one.
double score_of(const Json& result, int seat);

// A finished match rated by its win first: nine tenths for the seat's share of the win, a tenth
// for its score against the best one (counted as at least 1), so that a lost match still plays
// for points and a won one for a margin.
double win_then_score(const Json& result, int seat);

}  // namespace tortuga
