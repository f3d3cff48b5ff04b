// Rates the matches read from standard input with the engine and writes every skill after them,
// for openskill.test.mjs to hold against openskill's. In: [{"teams": [[[mu, sigma], ...], ...],
// "ranks": [...]}, ...]; out: for each match, its teams' [[mu, sigma], ...] after it, with every
// digit a double holds.
#include <iostream>

#include <nlohmann/json.hpp>

#include "ratings/weng_lin.hpp"

int main() {
  using nlohmann::json;
  const json cases = json::parse(std::cin);
  json out = json::array();
  for (const json& c : cases) {
    tortuga::ratings::Match match;
    for (const json& team : c.at("teams")) {
      auto& skills = match.teams.emplace_back();
      for (const json& s : team) skills.push_back({s.at(0).get<double>(), s.at(1).get<double>()});
    }
    match.ranks = c.at("ranks").get<std::vector<int>>();
    json teams = json::array();
    for (const auto& team : tortuga::ratings::rate(match)) {
      json skills = json::array();
      for (const auto& s : team) skills.push_back({s.mu, s.sigma});
      teams.push_back(std::move(skills));
    }
    out.push_back(std::move(teams));
  }
  std::cout << out.dump() << '\n';
}
