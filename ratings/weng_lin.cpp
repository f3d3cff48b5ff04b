#include "ratings/weng_lin.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>

namespace tortuga::ratings {
namespace {

// A team as the model sees it: the sum of its players' means and of their variances.
struct Team {
  double mu = 0;
  double variance = 0;
  int rank = 0;
};

void check(const Match& match) {
  if (match.teams.size() < 2) throw std::invalid_argument("a rated match needs two teams or more");
  if (match.ranks.size() != match.teams.size())
    throw std::invalid_argument("a rated match needs one rank per team");
  for (const auto& team : match.teams)
    if (team.empty()) throw std::invalid_argument("a rated team needs a player");
}

}  // namespace

std::vector<std::vector<Skill>> rate(const Match& match, const Model& model) {
  check(match);
  const std::size_t n = match.teams.size();
  // Skills drift between matches: every deviation grows by tau first, so that a player's skill
  // never becomes certain.
  std::vector<std::vector<Skill>> before = match.teams;
  for (auto& team : before)
    for (Skill& s : team) s.sigma = std::sqrt(s.sigma * s.sigma + model.tau * model.tau);

  std::vector<Team> teams(n);
  double c_squared = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (const Skill& s : before[i]) {
      teams[i].mu += s.mu;
      teams[i].variance += s.sigma * s.sigma;
    }
    teams[i].rank = match.ranks[i];
    c_squared += teams[i].variance + model.beta * model.beta;
  }
  const double c = std::sqrt(c_squared);

  // For each team q: the strength of every team that finished level with q or behind it (the
  // field q was chosen first from, in the Plackett-Luce order), and how many share q's place.
  std::vector<double> field(n, 0.0), tied(n, 0.0);
  for (std::size_t q = 0; q < n; ++q)
    for (std::size_t i = 0; i < n; ++i) {
      if (teams[i].rank >= teams[q].rank) field[q] += std::exp(teams[i].mu / c);
      if (teams[i].rank == teams[q].rank) tied[q] += 1;
    }

  std::vector<std::vector<Skill>> after(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Team& t = teams[i];
    const double strength = std::exp(t.mu / c);
    double omega = 0, delta = 0;
    for (std::size_t q = 0; q < n; ++q) {
      if (teams[q].rank > t.rank) continue;
      const double chosen = strength / field[q];
      omega += (i == q ? 1 - chosen : -chosen) / tied[q];
      delta += chosen * (1 - chosen) / tied[q];
    }
    const double gamma = std::sqrt(t.variance) / c;
    const double team_omega = omega * (t.variance / c);
    const double team_delta = delta * (t.variance / (c * c)) * gamma;
    for (const Skill& s : before[i]) {
      const double share = s.sigma * s.sigma / t.variance;
      after[i].push_back({s.mu + share * team_omega,
                          s.sigma * std::sqrt(std::max(1 - share * team_delta, model.kappa))});
    }
  }
  return after;
}

}  // namespace tortuga::ratings
