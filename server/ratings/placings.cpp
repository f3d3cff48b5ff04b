#include "server/ratings/placings.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "ratings/scale.hpp"
#include "rules/core/registry.hpp"

namespace tortuga::rated {

std::optional<std::vector<store::RatingChange>> placings(const store::MatchToRate& match) {
  const Game* game = find_game(match.game);
  if (!game) return std::nullopt;
  const nlohmann::json result = nlohmann::json::parse(match.result_json, nullptr, false);
  if (result.is_discarded()) return std::nullopt;
  const int seats = static_cast<int>(match.seats.size());
  const std::optional<Ranking> ranking = game->ranking(result, seats);
  if (!ranking) return std::nullopt;
  std::vector<store::RatingChange> out;
  int last = 0;
  for (const Place& place : *ranking) last = std::max(last, place.rank + 1);
  int team = 0;
  for (const Place& place : *ranking) {
    for (int seat : place.seats) {
      if (seat < 0 || seat >= seats || !match.seats[seat].player) continue;
      store::RatingChange c;
      c.player = *match.seats[seat].player;
      c.team = team;
      c.place = place.rank;
      // Who did not finish ranks last, alone: their team keeps its place without them.
      if (!match.seats[seat].finished) {
        c.team = static_cast<int>(ranking->size()) + seat;
        c.place = last;
      }
      out.push_back(c);
    }
    ++team;
  }
  std::map<int, int> teams;
  for (const auto& c : out) ++teams[c.team];
  if (teams.size() < 2) return std::nullopt;
  // Places counted again from 0 without gaps: a winner who left leaves first place to the next.
  std::map<int, int> dense;
  for (const auto& c : out) dense[c.place] = 0;
  int next = 0;
  for (auto& [place, to] : dense) to = next++;
  for (auto& c : out) c.place = dense[c.place];
  return out;
}

void rate(std::vector<store::RatingChange>& changes, const ratings::Model& model) {
  // The teams in the order met, each with its players' indices into `changes`.
  std::vector<int> team_ids;
  std::vector<std::vector<std::size_t>> members;
  ratings::Match match;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const auto& c = changes[i];
    auto at = std::find(team_ids.begin(), team_ids.end(), c.team);
    if (at == team_ids.end()) {
      team_ids.push_back(c.team);
      members.emplace_back();
      match.teams.emplace_back();
      match.ranks.push_back(c.place);
      at = team_ids.end() - 1;
    }
    const auto t = static_cast<std::size_t>(at - team_ids.begin());
    members[t].push_back(i);
    match.teams[t].push_back(c.mu_before ? ratings::Skill{*c.mu_before, *c.sigma_before}
                                         : model.fresh());
  }
  const auto after = ratings::rate(match, model);
  for (std::size_t t = 0; t < members.size(); ++t)
    for (std::size_t k = 0; k < members[t].size(); ++k) {
      auto& c = changes[members[t][k]];
      c.mu = after[t][k].mu;
      c.sigma = after[t][k].sigma;
      c.rating = ratings::conservative(after[t][k]);
      c.provisional = ratings::provisional(after[t][k]);
    }
}

void replay(std::vector<store::RatedMatch>& matches, const ratings::Model& model) {
  std::map<std::pair<std::string, std::int64_t>, ratings::Skill> now;
  for (store::RatedMatch& m : matches) {
    if (m.changes.empty()) continue;
    for (auto& c : m.changes) {
      const auto it = now.find({m.game, c.player});
      c.mu_before.reset();
      c.sigma_before.reset();
      if (it != now.end()) {
        c.mu_before = it->second.mu;
        c.sigma_before = it->second.sigma;
      }
    }
    rate(m.changes, model);
    for (const auto& c : m.changes) now[{m.game, c.player}] = {c.mu, c.sigma};
  }
}

}  // namespace tortuga::rated
