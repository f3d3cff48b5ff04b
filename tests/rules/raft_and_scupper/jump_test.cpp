// Jump ship: a pirate moves to any unoccupied ship of the flotilla it stands in, of its crew's
// cargo or its crew's rigging, over other pirates but never across a ship of another kind.
#include "tests/rules/raft_and_scupper/support.hpp"

using namespace raft_and_scupper_test;

TEST_CASE("a pirate jumps within its gold flotilla, over another pirate") {
  // Pirate 0 stands on gold/square: only its gold flotilla (0,0)-(2,0) counts, and pirate 2
  // stands in the middle of it.
  auto state = at_sea({"Gs0 Gs2 Gs  Ss  Gs",  //
                       "Sr  Sr  Sr  Ss3 Sr1"});
  CHECK(offers(*state, jump(0, 2, 0)));
  CHECK(offered(*state, "jump") == std::vector<Json>{jump(0, 2, 0)});
  play(*state, jump(0, 2, 0));
  const Json view = state->view(0);
  CHECK(view["pirates"][0]["cell"] == at(2, 0));
  CHECK(view["last_action"]["action"] == jump(0, 2, 0));
}

TEST_CASE("a jump may not cross a ship of another kind") {
  auto state = at_sea({"Gs0 Gs2 Gs  Ss  Gs",  //
                       "Sr  Sr  Sr  Ss3 Sr1"});
  // (4,0) is gold too, but the spice ship at (3,0) splits the flotilla.
  check_illegal(*state, jump(0, 4, 0), "not in the pirate's gold flotilla");
  // (0,1) is round-rigged, but pirate 0's ship is square-rigged: no round flotilla for it.
  check_illegal(*state, jump(0, 0, 1), "not in the pirate's gold flotilla");
  // Pirate 1's round flotilla is its own ship alone: the round ships at (0..2,1) lie beyond the
  // square-rigged (3,1).
  check_illegal(*state, jump(1, 2, 1), "not in the pirate's round-rigged flotilla");
}

TEST_CASE("a pirate on a ship of both its cargo and its rigging may use either flotilla") {
  auto state = at_sea({"Gs  Gr0 Sr  Ss3",  //
                       "Ss2 Ss  Sr  Gr1"});
  // Pirate 0: gold flotilla (0,0); round-rigged flotilla (2,0), (2,1), and (3,1) where pirate 1
  // stands. Pirate 1 (gold/round) has a gold flotilla of its own ship only, and shares that
  // round-rigged flotilla.
  CHECK(offered(*state, "jump") == std::vector<Json>{jump(0, 0, 0), jump(0, 2, 0), jump(0, 2, 1),
                                                     jump(1, 2, 0), jump(1, 2, 1)});
  check_illegal(*state, jump(0, 1, 1), "not in the pirate's gold or round-rigged flotilla");
  check_illegal(*state, jump(0, 3, 1), "occupied");
}

TEST_CASE("a jump must go to another ship of one's own crew") {
  auto state = at_sea({"Gs  Gr0 Sr  Ss3",  //
                       "Ss2 Ss  Sr  Gr1"});
  check_illegal(*state, jump(2, 1, 1), "not one of the Yellowbeards");
  check_illegal(*state, jump(0, 1, 0), "already aboard");
  auto wide = at_sea({"Gr0 .   Gr1",  //
                      "Ss2 Ss  Ss3"});
  check_illegal(*wide, jump(0, 1, 0), "no ship at [1,0]");
}

TEST_CASE("Blackbeards jump within spice or square-rigged flotillas") {
  auto state = at_sea({"Ss2 Gs  Gr0",  //
                       "Sr  Gr  Gs3",  //
                       "Sr  Gr1 Ss"},
                      Crew::kBlackbeards);
  // Pirate 2 on spice/square: spice flotilla (0,0), (0,1), (0,2); square flotilla (0,0), (1,0).
  // Pirate 3 on gold/square: square flotilla (2,1), (2,2); (2,0) is round.
  CHECK(offered(*state, "jump") ==
        std::vector<Json>{jump(2, 1, 0), jump(2, 0, 1), jump(2, 0, 2), jump(3, 2, 2)});
  check_illegal(*state, jump(3, 1, 1), "not in the pirate's square-rigged flotilla");
}
