#include "rules/core/ranking.hpp"

#include <algorithm>

namespace tortuga::ranking {

using nlohmann::json;

std::optional<std::vector<int>> winners(const json& result, int seats) {
  const auto it = result.find("winners");
  if (it == result.end() || !it->is_array()) return std::nullopt;
  std::vector<int> out;
  for (const json& w : *it) {
    if (!w.is_number_integer() || w.get<int>() < 0 || w.get<int>() >= seats) return std::nullopt;
    out.push_back(w.get<int>());
  }
  return out;
}

std::optional<std::vector<int>> numbers(const json& result, const char* name, int seats) {
  const auto it = result.find(name);
  if (it == result.end() || !it->is_array() || static_cast<int>(it->size()) != seats)
    return std::nullopt;
  std::vector<int> out;
  for (const json& n : *it) {
    if (!n.is_number_integer()) return std::nullopt;
    out.push_back(n.get<int>());
  }
  return out;
}

Ranking winners_then(const std::vector<int>& winners, int seats, const std::vector<int>& key) {
  const auto won = [&](int s) {
    return std::find(winners.begin(), winners.end(), s) != winners.end();
  };
  Ranking out;
  for (int s = 0; s < seats; ++s) {
    if (won(s)) {
      out.push_back({{s}, 0});
      continue;
    }
    int better = 0;
    for (int o = 0; o < seats; ++o)
      if (!won(o) && key[o] > key[s]) ++better;
    out.push_back({{s}, 1 + better});
  }
  return out;
}

}  // namespace tortuga::ranking
