// Set sail: a pirate's ship moves through connected empty water, in any directions, without the
// play area growing wider or longer, not even in the middle of the move, and must end with every
// ship connected by sides.
#include "tests/rules/raft_support.hpp"

using namespace raft_test;

TEST_CASE("a ship sails through empty water and carries its pirate") {
  auto state = at_sea({"Gr0 Ss  .",  //
                       ".   Ss2 .",  //
                       "Gr1 Sr  Ss3"});
  play(*state, sail(0, 0, 1));
  const Json view = state->view(1);
  bool found = false;
  for (const Json& ship : view["ships"]) {
    if (ship["id"] != 1) continue;  // the ship that started at (0,0)
    found = true;
    CHECK(ship["cell"] == at(0, 1));
    CHECK(ship["pirate"] == "yellowbeard");
    CHECK(ship["pirate_id"] == 0);
  }
  CHECK(found);
  CHECK(view["pirates"][0]["cell"] == at(0, 1));
}

TEST_CASE("a ship may not leave the play area, not even in the middle of the move") {
  // The wall of ships in column 1 spans the whole height of the area: to reach (2,0) the ship at
  // (0,0) would have to sail round it, outside the area. (2,0) itself is inside and would keep
  // every ship connected.
  auto state = at_sea({"Gr0 Ss  .   .",  //
                       ".   Ss  .   .",  //
                       ".   Sr  Ss  Ss2"});
  CHECK(offered(*state, "sail") == std::vector<Json>{sail(0, 0, 1), sail(0, 0, 2)});
  check_illegal(*state, sail(0, 2, 0), "no way through empty water inside the play area");
  check_illegal(*state, sail(0, 3, 1), "no way through empty water inside the play area");
}

TEST_CASE("a sail that would make the play area longer is refused") {
  // The board's last row is empty water outside the play area: (1,3) would touch (1,2), but
  // the area would grow from three rows to four.
  auto state = at_sea({"Gr0 Ss  .   .",    //
                       ".   Ss  .   .",    //
                       ".   Sr  Ss  Ss2",  //
                       ".   .   .   ."});
  check_illegal(*state, sail(0, 1, 3), "outside the play area");
  CHECK_FALSE(offers(*state, sail(0, 0, 3)));
}

TEST_CASE("the moving ship's own row and column belong to the play area") {
  // Pirate 0's ship alone makes the area three rows tall; it may sail along its own row, although
  // that row lies outside the box of the other ships.
  auto state = at_sea({"Gr0 .   .",  //
                       "Ss  Ss2 .",  //
                       ".   Sr  Ss3"});
  CHECK(offers(*state, sail(0, 1, 0)));
  auto tall = at_sea({"Gr0 Ss  Ss2",  //
                      ".   .   Sr",   //
                      ".   .   Ss3"});
  // Here it is alone in column 0 and passes through (0,1) on its way to (1,1).
  CHECK_FALSE(offers(*tall, sail(0, 0, 1)));  // (0,1) itself would leave it disconnected
  CHECK(offers(*tall, sail(0, 1, 1)));
}

TEST_CASE("a sail must leave every ship connected by sides") {
  // Pirate 0's ship joins (0,0)-(1,0) to the bottom row; only (1,1) joins them again.
  auto state = at_sea({"Ss2 Ss  .",  //
                       "Gr0 .   .",  //
                       "Sr  Ss  Ss3"});
  CHECK(offered(*state, "sail") == std::vector<Json>{sail(0, 1, 1)});
  check_illegal(*state, sail(0, 2, 1), "would not all be connected");
  check_illegal(*state, sail(0, 2, 0), "would not all be connected");
}

TEST_CASE("only a ship carrying one of your pirates sails, and only into open water") {
  auto state = at_sea({"Gr0 Ss  .",  //
                       ".   Ss2 .",  //
                       "Gr1 Sr  Ss3"});
  check_illegal(*state, sail(2, 2, 0), "not one of the Yellowbeards");
  check_illegal(*state, sail(0, 1, 0), "already a ship at [1,0]");
  check_illegal(*state, sail(0, 0, 0), "already at [0,0]");
  check_illegal(*state, sail(0, 7, 0), "off the board");
}
