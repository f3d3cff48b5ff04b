// The bots: both only send actions the rules accept, the random one spreads its placements over
// the bounds, and the smart one, which tries placements on copies of the state, clearly beats it.
#include "tests/rules/riff_raff/support.hpp"
#include "tests/why.hpp"

#include <set>

using namespace riff_raff_test;

namespace {

// Plays a match with `bots[seat]` in each seat; returns the result.
Json play_out(int players, const std::vector<const tortuga::Bot*>& bots, std::uint64_t seed) {
  auto options = riff_raff().normalize_options({{"players", players}});
  REQUIRE(options.ok());
  auto state = riff_raff().new_state(*options, Chance(seed));
  Chance rng(seed + 99);
  while (!state->is_over()) {
    const auto actors = state->actors();
    const int seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
    const Json action = bots[seat]->choose(*state, seat, rng);
    auto refused = state->apply(seat, action);
    REQUIRE_MESSAGE(!refused, action.dump() << ": " << tortuga::why(refused));
  }
  return state->result();
}

}  // namespace

TEST_CASE("the random bot loads anywhere within the bounds") {
  auto bot = riff_raff().make_bot("random");
  auto state = new_match(2);
  choose_all(*state, {6, 1});
  Chance rng(5);
  std::set<double> xs, angles;
  for (int i = 0; i < 20; ++i) {
    const Json action = bot->choose(*state, 0, rng);
    REQUIRE(action["type"] == "load");
    xs.insert(action["x"].get<double>());
    angles.insert(action["angle"].get<double>());
    auto copy = state->clone();
    REQUIRE(!copy->apply(0, action));
  }
  CHECK(xs.size() > 10);
  CHECK(angles.size() > 10);
}

TEST_CASE("the smart bot catches falling cargo at a frame where it is still in the air") {
  auto bot = riff_raff().make_bot("smart");
  auto state = new_match(2);
  World world = state->world();
  world.cargo = {overboard(50, "barrel")};
  state->set_scene(world, {supply_of({{"crate", 4}}), supply_of({{"crate", 4}})}, 1);
  choose_all(*state, {1, 2});
  play(*state, 1, load("crate", -0.8));
  REQUIRE(state->phase() == Phase::kCatching);
  Chance rng(1);
  play(*state, 1, bot->choose(*state, 1, rng));
  CHECK(state->player(1).caught == 1);
}

TEST_CASE("the smart bot clearly beats the random bot") {
  auto smart = riff_raff().make_bot("smart");
  auto random = riff_raff().make_bot("random");
  int smart_wins = 0, random_wins = 0, smart_pieces = 0, random_pieces = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    // Each plays each seat in turn.
    const int smart_seat = static_cast<int>(seed % 2);
    std::vector<const tortuga::Bot*> bots(2, random.get());
    bots[smart_seat] = smart.get();
    const Json result = play_out(2, bots, seed);
    const Json& winners = result["winners"];
    const bool smart_won = std::find(winners.begin(), winners.end(), smart_seat) != winners.end();
    const bool random_won =
        std::find(winners.begin(), winners.end(), 1 - smart_seat) != winners.end();
    smart_wins += smart_won && !random_won;
    random_wins += random_won && !smart_won;
    smart_pieces += result["scores"][smart_seat].get<int>();
    random_pieces += result["scores"][1 - smart_seat].get<int>();
  }
  MESSAGE("smart won " << smart_wins << ", random won " << random_wins << "; pieces left "
                       << smart_pieces << " against " << random_pieces);
  CHECK(smart_wins >= 4);
  CHECK(smart_wins > 2 * random_wins);
  CHECK(smart_pieces * 3 < random_pieces);
}
