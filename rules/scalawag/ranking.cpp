// Scalawag!'s ranking for ratings: the last ship (or alliance) afloat first, then the others in
// the reverse order of their elimination, a ship that lasted longer ahead of one sunk before it.
// In alliance mode each alliance is a team, placed by its last ship afloat; the winning
// alliance's sunk partner wins with it, as the rulebook says. A result stored before it listed
// the eliminations ties every loser.
#include <algorithm>

#include "rules/scalawag/scalawag_game.hpp"

namespace tortuga::scalawag {
namespace {

// How long each seat lasted: its place in the order of eliminations, the survivors past the
// last; 0 for all when the result does not say.
std::vector<int> lasted(const Json& result, int seats) {
  std::vector<int> out(seats, 0);
  const auto it = result.find("eliminated");
  if (it == result.end() || !it->is_array()) return out;
  const int gone = static_cast<int>(it->size());
  for (int s = 0; s < seats; ++s) out[s] = gone;
  for (int i = 0; i < gone; ++i) {
    const Json& seat = (*it)[i];
    if (!seat.is_number_integer() || seat.get<int>() < 0 || seat.get<int>() >= seats) return {};
    out[seat.get<int>()] = i;
  }
  return out;
}

// The alliances as the result lists them; none when it lists none, or not every seat once.
std::optional<std::vector<std::vector<int>>> alliances(const Json& result, int seats) {
  const auto it = result.find("teams");
  if (it == result.end() || !it->is_object()) return std::nullopt;
  std::vector<std::vector<int>> out;
  std::vector<bool> seen(seats, false);
  for (const Json& team : *it) {
    if (!team.is_array() || team.empty()) return std::nullopt;
    auto& members = out.emplace_back();
    for (const Json& seat : team) {
      if (!seat.is_number_integer()) return std::nullopt;
      const int s = seat.get<int>();
      if (s < 0 || s >= seats || seen[s]) return std::nullopt;
      seen[s] = true;
      members.push_back(s);
    }
  }
  for (bool s : seen)
    if (!s) return std::nullopt;
  return out;
}

}  // namespace

std::optional<Ranking> ScalawagGame::ranking(const Json& result, int seats) const {
  const auto winners = ranking::winners(result, seats);
  const std::vector<int> lasting = lasted(result, seats);
  if (!winners || winners->empty() || static_cast<int>(lasting.size()) != seats)
    return std::nullopt;
  const auto teams = alliances(result, seats);
  if (!teams) return ranking::winners_then(*winners, seats, lasting);
  // An alliance lasts as long as its last ship.
  std::vector<int> team_lasted;
  std::vector<int> team_won;
  for (const auto& team : *teams) {
    int last = 0;
    for (int s : team) last = std::max(last, lasting[s]);
    team_lasted.push_back(last);
    team_won.push_back(std::find(winners->begin(), winners->end(), team.front()) != winners->end());
  }
  Ranking out;
  for (std::size_t t = 0; t < teams->size(); ++t) {
    int better = 0;
    for (std::size_t o = 0; o < teams->size(); ++o)
      if (!team_won[o] && team_lasted[o] > team_lasted[t]) ++better;
    out.push_back({(*teams)[t], team_won[t] ? 0 : 1 + better});
  }
  return out;
}

}  // namespace tortuga::scalawag
