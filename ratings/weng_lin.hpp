// Weng and Lin's Bayesian approximation of a player's skill ("A Bayesian Approximation Method
// for Online Ranking", JMLR 12, 2011) with the Plackett-Luce model of a match's order, as the
// openskill library computes it: each player's skill is a normal belief (mu, sigma); a match of
// teams in an order (ties allowed) moves every belief towards what the order says. A team's skill
// is the sum of its players', and each player takes a share of the team's change in proportion
// to their own variance.
//
// Pure: no games, no store. Which games give which order is the rules' (rules/*/ranking.cpp);
// docs/ratings.md tells the model and its scale.
#pragma once

#include <vector>

namespace tortuga::ratings {

// A player's skill as a belief: mean and standard deviation.
struct Skill {
  double mu = 0;
  double sigma = 0;
  bool operator==(const Skill&) const = default;
};

// The model's constants, openskill's defaults.
struct Model {
  double mu = 25.0;           // a new player's mean
  double sigma = 25.0 / 3.0;  // a new player's deviation
  double beta = 25.0 / 6.0;   // the spread of one match's performance around the skill
  double kappa = 0.0001;      // the least share of variance a match may leave
  double tau = 25.0 / 300.0;  // added to every deviation before a match: skills drift
  Skill fresh() const { return {mu, sigma}; }
};

// A match: teams of players (1 to 8 players each, at least two teams) and each team's rank, the
// lower the better, equal ranks tied.
struct Match {
  std::vector<std::vector<Skill>> teams;
  std::vector<int> ranks;
};

// Every player's skill after the match, by team and player as given. Throws std::invalid_argument
// for fewer than two teams, an empty team, or ranks not one per team.
std::vector<std::vector<Skill>> rate(const Match& match, const Model& model = {});

}  // namespace tortuga::ratings
