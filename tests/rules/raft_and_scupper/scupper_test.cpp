// Scupper: sink an unoccupied ship beside a ship you occupy, with at least one open edge, as long
// as the other ships stay connected; the count of ships sunk since the opponent last sank one.
#include "tests/rules/raft_and_scupper/support.hpp"

using namespace raft_and_scupper_test;

TEST_CASE("a ship beside your pirate, unoccupied and with an open edge, may be scuppered") {
  auto state = at_sea({".   Gs  .",   //
                       "Sr  Gr0 Ss",  //
                       ".   Ss2 Gr1"});
  // Around pirate 0: (1,0), (0,1), (2,1); (1,2) carries pirate 2. Around pirate 1: (2,1), and
  // (1,2) again.
  CHECK(offered(*state, "scupper") ==
        std::vector<Json>{scupper(1, 0), scupper(0, 1), scupper(2, 1)});
  play(*state, scupper(1, 0));
  const Json view = state->view(0);
  CHECK(view["ships"].size() == 5);
  CHECK(
      view["sunk"] ==
      Json::array({{{"id", 1}, {"cargo", "gold"}, {"rigging", "square"}, {"by", "yellowbeards"}}}));
  CHECK(view["crews"]["yellowbeards"]["scuppered_since"] == 1);
  CHECK(view["crews"]["yellowbeards"]["scuppered_total"] == 1);
  CHECK(view["last_scupper"] == "yellowbeards");
}

TEST_CASE("a scuppered ship must be unoccupied and beside one of your own pirates") {
  auto state = at_sea({".   Gs  .   Sr",   //
                       "Sr  Gr0 Ss  Ss3",  //
                       ".   Ss2 Gr1 Gs"});
  check_illegal(*state, scupper(1, 2), "occupied by pirate 2");
  check_illegal(*state, scupper(1, 1), "occupied by pirate 0");
  // (3,0) touches only pirate 3, a Blackbeard.
  check_illegal(*state, scupper(3, 0), "not beside a ship the Yellowbeards occupy");
  check_illegal(*state, scupper(0, 0), "no ship at [0,0]");
  CHECK(offers(*state, scupper(0, 1)));
}

TEST_CASE("touching a pirate's ship at a corner is not being beside it") {
  auto state = at_sea({"Gr0 Ss",  //
                       "Ss2 Gs"});
  check_illegal(*state, scupper(1, 1), "not beside");
  CHECK(offered(*state, "scupper") == std::vector<Json>{scupper(1, 0)});
}

TEST_CASE("a ship with no open edge cannot be scuppered") {
  auto state = at_sea({".   Gs  .",   //
                       "Sr  Ss  Gs",  //
                       ".   Gr0 Gr1"});
  check_illegal(*state, scupper(1, 1), "no open edge");
}

TEST_CASE("scuppering may not leave the other ships disconnected") {
  auto state = at_sea({"Gr0 Ss  Sr  Gs",  //
                       ".   .   .   Ss2"});
  check_illegal(*state, scupper(1, 0), "not all connected");
  CHECK(offered(*state, "scupper").empty());
}

TEST_CASE("scuppering resets the opponent's count") {
  auto position = position_from_diagram({".   Gs  .",   //
                                         "Sr  Gr0 Ss",  //
                                         "Sr  Ss2 Gr1"});
  REQUIRE(position.ok());
  position->to_move = Crew::kBlackbeards;
  position->scuppered_since = {3, 0};  // the Yellowbeards are one ship from winning
  auto state = RaftAndScupperState::in_play(*position);
  play(*state, scupper(0, 2));  // the Blackbeards sink one
  Json view = state->view(1);
  CHECK(view["crews"]["yellowbeards"]["scuppered_since"] == 0);
  CHECK(view["crews"]["blackbeards"]["scuppered_since"] == 1);
  // The Yellowbeards' next ship is their first since, not their fourth.
  play(*state, scupper(1, 0));
  CHECK_FALSE(state->is_over());
  view = state->view(0);
  CHECK(view["crews"]["yellowbeards"]["scuppered_since"] == 1);
  CHECK(view["crews"]["yellowbeards"]["scuppered_total"] == 1);
  CHECK(view["crews"]["blackbeards"]["scuppered_since"] == 0);
}
