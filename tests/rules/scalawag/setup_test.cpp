// The set-up: crew by the distribution table, three cards each, the rest in the harbour, two
// compass points each, flags dealt for the seating, the Fog of War at three players, allegiances
// in pairs; and the options that are refused.
#include <map>

#include "tests/rules/scalawag/support.hpp"

using namespace scalawag_test;

namespace {

std::unique_ptr<tortuga::State> new_match(int players, Json options = Json::object(),
                                          std::uint64_t seed = 3) {
  options["players"] = players;
  auto normalized = scalawag().normalize_options(options);
  REQUIRE(normalized.ok());
  return scalawag().new_state(*normalized, Chance(seed));
}

}  // namespace

TEST_CASE("scalawag: the deal follows the crew distribution table") {
  const std::map<int, std::array<int, 6>> table = {
      {3, {3, 3, 3, 2, 2, 2}}, {4, {4, 4, 4, 2, 2, 2}}, {5, {4, 4, 4, 3, 3, 3}},
      {6, {5, 5, 5, 3, 3, 3}}, {7, {5, 5, 5, 4, 4, 4}}, {8, {6, 6, 6, 4, 4, 4}}};
  for (const auto& [players, counts] : table) {
    CAPTURE(players);
    auto state = new_match(players);
    const auto& m = dynamic_cast<const ScalawagState&>(*state);
    std::array<int, 6> seen{};
    int total = 0;
    for (int n : counts) total += n;
    std::vector<int> flags;
    for (const Ship& s : m.table().ships) {
      CHECK(s.hand.size() == 3);
      CHECK(s.compass == 2);
      CHECK(s.damage == 0);
      CHECK(s.allegiance == -1);
      for (Crew c : s.hand) ++seen[static_cast<int>(c)];
      flags.push_back(s.flag);
    }
    CHECK(m.table().harbour.size() == static_cast<std::size_t>(total - 3 * players));
    for (Crew c : m.table().harbour) ++seen[static_cast<int>(c)];
    CHECK(seen == counts);
    // Mat k is the k-th in turn order: the seat holding flag k sits there.
    for (int seat = 0; seat < players; ++seat)
      CHECK(m.table().ring[m.table().ships[seat].flag] == seat);
    CHECK(m.actors() == std::vector<int>{m.table().ring[0]});
    CHECK((m.table().fog == -1) == (players != 3));
  }
}

TEST_CASE("scalawag: the three-player game rolls the Fog of War before the first turn") {
  auto state = new_match(3);
  const auto& m = dynamic_cast<const ScalawagState&>(*state);
  CHECK(m.table().fog >= 0);  // out of play, any face places it
  CHECK(m.spectator_view()["fog"].size() == 2);
  auto clear = new_match(3, {{"fog_of_war", false}});
  CHECK(dynamic_cast<const ScalawagState&>(*clear).table().fog == -1);
}

TEST_CASE("scalawag: alliances are dealt in pairs, for six or eight players only") {
  for (int players : {6, 8}) {
    auto state = new_match(players, {{"alliances", true}});
    const auto& m = dynamic_cast<const ScalawagState&>(*state);
    std::map<int, int> sides;
    for (const Ship& s : m.table().ships) ++sides[s.allegiance];
    CHECK(sides.size() == static_cast<std::size_t>(players / 2));
    for (const auto& [side, count] : sides) CHECK(count == 2);
  }
  for (int players : {3, 4, 5, 7}) {
    auto refused = scalawag().normalize_options({{"players", players}, {"alliances", true}});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == tortuga::code::kBadOptions);
  }
}

TEST_CASE("scalawag: custom damage boxes and die faces are checked") {
  auto bad = [](Json options) {
    options["players"] = 4;
    auto normalized = scalawag().normalize_options(options);
    return !normalized.ok() && normalized.error().code == tortuga::code::kBadOptions;
  };
  CHECK(bad({{"damage_boxes", {10, 8, 6, 4}}}));
  CHECK(bad({{"damage_boxes", {10, 8, 8, 4, 2}}}));
  CHECK(bad({{"fog_die", {1, 2, 3, 4, 1, 2}}}));
  CHECK(bad({{"window_s", 0}}));
  CHECK_FALSE(bad({{"damage_boxes", {12, 9, 6, 3, 1}}, {"fog_die", {3, 3, 3, 3, 3, 3}}}));
}
