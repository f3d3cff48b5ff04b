// The smart bot: it takes a win when one is there, refuses moves that hand the opponent a win,
// and beats the random bot in a clear majority of matches.
#include "tests/rules/raft_and_scupper/support.hpp"

#include "rules/raft_and_scupper/smart_bot.hpp"
#include "tests/why.hpp"

using namespace raft_and_scupper_test;

namespace {

// Plays one match; returns the winning seat.
int play_match(const tortuga::Game& game, const Json& options, std::uint64_t seed,
               const tortuga::Bot& seat0, const tortuga::Bot& seat1) {
  auto state = game.new_state(options, Chance(seed));
  Chance rng(seed * 7 + 1);
  for (int step = 0; step < 5000 && !state->is_over(); ++step) {
    const int seat = mover(*state);
    const Json action = (seat == 0 ? seat0 : seat1).choose(*state, seat, rng);
    auto refused = state->apply(seat, action);
    REQUIRE_MESSAGE(!refused, action.dump() << ": " << tortuga::why(refused));
  }
  REQUIRE(state->is_over());
  return state->result()["winners"][0].get<int>();
}

}  // namespace

TEST_CASE("the smart bot takes a winning move") {
  // Sailing pirate 1 to (1,1) rafts up the round-rigged ships.
  auto state = at_sea({"Ss  Sr3 Gr0 Sr",  //
                       ".   .   Ss2 Ss",  //
                       ".   .   Gr1 Gs"});
  auto bot = raft_and_scupper().make_bot("smart");
  Chance rng(1);
  const Json action = bot->choose(*state, 0, rng);
  play(*state, action);
  CHECK(state->is_over());
  CHECK(state->result()["winners"] == Json::array({0}));
}

TEST_CASE("the smart bot does not hand the opponent an immediate win") {
  // Sinking (1,2) rafts up every square-rigged ship, a win for the Blackbeards; whatever the bot
  // plays, it must neither lose at once nor leave the Blackbeards a winning reply.
  auto state = at_sea({".   Sr  Gs2 Sr1",  //
                       ".   .   Ss3 Ss",   //
                       ".   Gs  Sr0 Gs"});
  auto bot = raft_and_scupper().make_bot("smart");
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Chance rng(seed);
    const Json action = bot->choose(*state, 0, rng);
    auto copy = state->clone();
    REQUIRE_FALSE(copy->apply(0, action));
    if (copy->is_over()) CHECK(copy->result()["winners"] == Json::array({0}));
    const auto& next = raft(*copy).position();
    if (!next.over()) CHECK_FALSE(SmartBot::can_win_now(next));
  }
}

TEST_CASE("the smart bot beats the random bot in a clear majority of matches") {
  const tortuga::Game& game = raft_and_scupper();
  auto smart = game.make_bot("smart");
  auto random = game.make_bot("random");
  int smart_wins = 0, matches = 0;
  for (bool short_game : {false, true}) {
    auto options = game.normalize_options({{"short_game", short_game}});
    REQUIRE(options.ok());
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const bool smart_first = seed % 2 == 0;
      const int winner = smart_first ? play_match(game, *options, seed, *smart, *random)
                                     : play_match(game, *options, seed, *random, *smart);
      smart_wins += (winner == 0) == smart_first;
      ++matches;
    }
  }
  INFO("smart bot won " << smart_wins << " of " << matches);
  CHECK(smart_wins * 4 >= matches * 3);
}
