// The smart bot: its odds of a claim being true, its challenges of claims that cannot be true,
// its respect for its partner, and its record against random bots over seeded matches.
#include "tests/rules/scalawag/support.hpp"

#include "rules/scalawag/smart_bot.hpp"

using namespace scalawag_test;

namespace {

// Plays one match: `smart` seats play the smart bot, the others random. Returns the winners.
Json play(int players, const std::vector<int>& smart, std::uint64_t seed, Json options = {}) {
  if (options.is_null()) options = Json::object();
  options["players"] = players;
  auto normalized = scalawag().normalize_options(options);
  REQUIRE(normalized.ok());
  auto state = scalawag().new_state(*normalized, Chance(seed));
  auto clever = scalawag().make_bot("smart");
  auto random = scalawag().make_bot("random");
  Chance rng(seed + 99);
  for (int step = 0; step < 5000 && !state->is_over(); ++step) {
    const auto actors = state->actors();
    const int seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
    const bool is_smart = std::find(smart.begin(), smart.end(), seat) != smart.end();
    const Json action = (is_smart ? clever : random)->choose(*state, seat, rng);
    auto refused = state->apply(seat, action);
    if (refused) FAIL(refused->message);
  }
  REQUIRE(state->is_over());
  return state->result()["winners"];
}

}  // namespace

TEST_CASE("scalawag: the smart bot's odds that a hand holds the claimed crew") {
  CHECK(SmartBot::chance_holds(10, 0, 3, 1) == 0.0);
  CHECK(SmartBot::chance_holds(10, 10, 3, 3) == 1.0);
  CHECK(SmartBot::chance_holds(4, 2, 2, 2) == doctest::Approx(1.0 / 6));
  CHECK(SmartBot::chance_holds(4, 2, 2, 1) == doctest::Approx(5.0 / 6));
}

TEST_CASE("scalawag: the smart bot calls a claim that cannot be true") {
  // Four players: 4 Gunners in all; seat 1 holds two and the locker one, so three are impossible.
  auto table = table_of({{S, S, M}, {G, G, S}, {M, S}, {M, S}});
  table.locker = {G};
  table.ships[0].compass = 10;
  auto m = match_on(table);
  ok(*m, 0, order("fire", 2));
  Chance rng(5);
  auto bot = scalawag().make_bot("smart");
  CHECK(bot->choose(*m, 1, rng) == simple("challenge"));
  // Seat 2 sees three Gunners unseen: one of them in a hand of three is likely.
  auto modest = match_on(table);
  ok(*modest, 0, order("fire", 1));
  CHECK(bot->choose(*modest, 2, rng) == simple("decline"));
}

TEST_CASE("scalawag: the smart bot never challenges its partner") {
  auto table = table_of({{S, S, M}, {G}, {G}, {G, G, S}, {G}, {G}});
  const int sides[] = {0, 1, 2, 0, 1, 2};
  for (int seat = 0; seat < 6; ++seat) table.ships[seat].allegiance = sides[seat];
  auto m = match_on(table, {}, {{"alliances", true}});
  ok(*m, 0, order("make_sail", 3));  // impossible for seat 3 to believe: it sees three Gunners
  Chance rng(5);
  auto bot = scalawag().make_bot("smart");
  CHECK(bot->choose(*m, 3, rng) == simple("decline"));
}

TEST_CASE("scalawag: the smart bot beats random bots clearly") {
  for (int players : {3, 4, 6}) {
    CAPTURE(players);
    const int matches = 60;
    int wins = 0;
    for (int i = 0; i < matches; ++i) {
      const int seat = i % players;
      const Json winners = play(players, {seat}, 1000 + i);
      wins += std::find(winners.begin(), winners.end(), Json(seat)) != winners.end();
    }
    MESSAGE("smart bot wins " << wins << " of " << matches << " against " << players - 1
                              << " random bots");
    // Chance alone would give one match in `players`; the smart bot wins three in four at least.
    CHECK(wins * 4 >= 3 * matches);
  }
}
