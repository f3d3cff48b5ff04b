// Information-set Monte Carlo tree search, single observer (Cowling, Powley & Whitehouse 2012):
// one tree over the thinking seat's information sets, each iteration walking it on a fresh
// determinization (Determinizer::sample), so that the statistics of a move gather over every
// hidden deal the seat cannot tell apart. A child is chosen by UCB1 counted over the iterations
// in which its action was legal (its availability), since a determinization may not offer it.
//
// Moves the thinking seat cannot see being made (other seats choosing at the same moment as it)
// are not nodes of its tree: they are played by the rollout policy before its own move, so that
// its choice never leans on them.
#pragma once

#include <memory>

#include "rules/core/bots/determinizer.hpp"
#include "rules/core/bots/sighted_bot.hpp"

namespace tortuga {

// How much a move may think: the first limit reached ends the search.
struct SearchBudget {
  int iterations = 1000;
  // Wall-clock limit in milliseconds; 0 for none. Tests leave it at 0 so that a seed and an
  // iteration budget decide the choice whatever the machine's load.
  int time_ms = 0;
  // Determinizations dealt once and then walked in turn; 0 deals a fresh one every iteration.
  // A game whose dealing is dear (Riff Raff replays its physics) keeps a few.
  int worlds = 0;
  // Actions a rollout plays before Determinizer::estimate judges the state; -1 plays to the end.
  int rollout_depth = -1;
  // UCB1's exploration constant, for outcomes in [0, 1].
  double exploration = 0.7;
};

class IsmctsBot : public SightedBot {
 public:
  IsmctsBot(std::shared_ptr<const Determinizer> game, SearchBudget budget)
      : game_(std::move(game)), budget_(budget) {}
  Json choose(const Sight& sight, Chance& rng) const override;
  const SearchBudget& budget() const { return budget_; }

 private:
  std::shared_ptr<const Determinizer> game_;
  SearchBudget budget_;
};

}  // namespace tortuga
