// The smart bot plays only legal actions and beats random bots clearly over seeded matches.
#include "tests/rules/um_rum_und_ehre/support.hpp"
#include "tests/why.hpp"

using namespace um_rum_und_ehre_test;

namespace {

// Seat 0 is the smart bot, the others random; returns how many matches seat 0 won outright or
// shared.
int smart_wins(int players, int matches) {
  const auto& game = um_rum_und_ehre();
  auto smart = game.make_bot("smart");
  auto random = game.make_bot("random");
  int wins = 0;
  for (int m = 0; m < matches; ++m) {
    auto options = game.normalize_options({{"players", players}});
    auto state = game.new_state(*options, Chance(1000 + m));
    Chance rng(77 + m);
    for (int step = 0; step < 20000 && !state->is_over(); ++step) {
      const int seat = actor(*state);
      const Json action = (seat == 0 ? *smart : *random).choose(*state, seat, rng);
      auto refused = state->apply(seat, action);
      REQUIRE_MESSAGE(!refused, action.dump() << ": " << tortuga::why(refused));
    }
    REQUIRE(state->is_over());
    const Json result = state->result();
    for (const Json& w : result["winners"]) wins += w.get<int>() == 0 ? 1 : 0;
  }
  return wins;
}

}  // namespace

TEST_CASE("the smart bot beats random bots clearly") {
  CHECK(smart_wins(2, 30) >= 24);
  CHECK(smart_wins(3, 30) >= 20);
  CHECK(smart_wins(5, 30) >= 15);
}
