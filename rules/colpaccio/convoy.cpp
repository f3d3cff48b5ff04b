#include "rules/colpaccio/convoy.hpp"

#include <array>

namespace tortuga::colpaccio {
namespace {

bool same_good(const Deck& deck, const std::vector<int>& convoy, const std::vector<int>& at) {
  for (int p : at)
    if (deck[convoy[p]].good != deck[convoy[at[0]]].good) return false;
  return true;
}

bool same_location(const Deck& deck, const std::vector<int>& convoy, const std::vector<int>& at) {
  for (int p : at)
    if (deck[convoy[p]].location != deck[convoy[at[0]]].location) return false;
  return true;
}

}  // namespace

std::string why_not_raid(const Deck& deck, const std::vector<int>& convoy,
                         const std::vector<int>& positions) {
  if (positions.empty() || positions.size() > 3) return "a raid takes one, two or three goods";
  if (positions.size() == 1) return "";
  for (std::size_t i = 1; i < positions.size(); ++i)
    if (positions[i] != positions[i - 1] + 1)
      return "goods raided together must be adjacent in the convoy";
  if (!same_good(deck, convoy, positions) && !same_location(deck, convoy, positions))
    return "goods raided together must be identical or come from the same location";
  return "";
}

std::vector<std::vector<int>> raidable_groups(const Deck& deck, const std::vector<int>& convoy) {
  std::vector<std::vector<int>> groups;
  const int n = static_cast<int>(convoy.size());
  for (int size = 1; size <= 3; ++size) {
    for (int first = 0; first + size <= n; ++first) {
      std::vector<int> group;
      for (int p = first; p < first + size; ++p) group.push_back(p);
      if (why_not_raid(deck, convoy, group).empty()) groups.push_back(std::move(group));
    }
  }
  return groups;
}

CorsairsRaid corsairs_raid(const Deck& deck, const std::vector<int>& convoy) {
  CorsairsRaid raid;
  if (convoy.empty()) return raid;
  std::array<int, kLocations> count{};
  std::array<int, kLocations> nearest{};  // the position nearest the outer end, per location
  nearest.fill(static_cast<int>(convoy.size()));
  for (int p = 0; p < static_cast<int>(convoy.size()); ++p) {
    const int l = static_cast<int>(deck[convoy[p]].location);
    if (count[l]++ == 0) nearest[l] = p;
  }
  int best = 0;
  for (int l = 1; l < kLocations; ++l)
    if (count[l] > count[best] || (count[l] == count[best] && nearest[l] < nearest[best])) best = l;
  raid.location = static_cast<Location>(best);
  for (int p = 0; p < static_cast<int>(convoy.size()); ++p)
    if (deck[convoy[p]].location == raid.location) raid.positions.push_back(p);
  raid.adjacent =
      raid.positions.back() - raid.positions.front() + 1 == static_cast<int>(raid.positions.size());
  return raid;
}

}  // namespace tortuga::colpaccio
