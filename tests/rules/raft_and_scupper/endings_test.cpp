// The three endings: rafting up (checked after every turn, whoever moved), scuppering four while
// the opponent sank none, and vengeance (both rafted up at once, both passed in turn, or four
// passes in a row by one player), which the last crew to scupper wins, the Yellowbeards if none.
#include "tests/rules/raft_and_scupper/support.hpp"
#include "tests/why.hpp"

using namespace raft_and_scupper_test;

namespace {

std::unique_ptr<RaftAndScupperState> with(std::vector<std::string> rows, Crew to_move,
                                          void (*adjust)(Position&) = nullptr) {
  auto position = position_from_diagram(rows);
  REQUIRE_MESSAGE(position.ok(), tortuga::why(position));
  position->to_move = to_move;
  if (adjust) adjust(*position);
  REQUIRE(position->rafted_traits_any() == 0);  // nobody is rafted up before the move
  return RaftAndScupperState::in_play(std::move(*position));
}

// No cargo or rigging is rafted up here; the Yellowbeards' round ships are in two flotilias,
// (1,0)-(2,0)-(3,0) and (2,2).
const std::vector<std::string> kQuiet = {"Ss  Sr3 Gr0 Sr",  //
                                         ".   .   Ss2 Ss",  //
                                         ".   .   Gr1 Gs"};

}  // namespace

TEST_CASE("sailing the last ship of your rigging into your flotilla rafts you up and wins") {
  auto state = with(kQuiet, Crew::kYellowbeards);
  play(*state, sail(1, 1, 1));  // (2,2) -> (1,1), beside the round ship at (1,0)
  REQUIRE(state->is_over());
  const Json result = state->result();
  CHECK(result["winners"] == Json::array({0}));
  CHECK(result["reason"] == "rafted_up");
  CHECK(result["detail"]["crew"] == "yellowbeards");
  CHECK(result["detail"]["rafted"] == Json::array({"round"}));
  CHECK(state->view(1)["over"] == true);
  CHECK(state->legal_actions(1).empty());
  CHECK(refuse(*state, pass(), 1).code == "match_over");
}

TEST_CASE("scuppering the last stray ship of your rigging rafts you up") {
  // (2,0) is the only round-rigged ship apart from (0,1)-(1,1).
  auto state = with({"Ss3 Gs0 Sr  .",  //
                     "Gr  Sr  .   .",  //
                     "Gs1 Gs2 Gs  ."},
                    Crew::kYellowbeards);
  play(*state, scupper(2, 0));
  REQUIRE(state->is_over());
  CHECK(state->result()["reason"] == "rafted_up");
  CHECK(state->result()["detail"]["rafted"] == Json::array({"round"}));
  CHECK(state->result()["winners"] == Json::array({0}));
}

TEST_CASE("a move that rafts up only the opponent makes the opponent win") {
  // Sinking (1,2) leaves every square-rigged ship in one flotilla: the Blackbeards'.
  auto state = with({".   Sr  Gs2 Sr1",  //
                     ".   .   Ss3 Ss",   //
                     ".   Gs  Sr0 Gs"},
                    Crew::kYellowbeards);
  play(*state, scupper(1, 2));
  REQUIRE(state->is_over());
  CHECK(state->result()["reason"] == "rafted_up");
  CHECK(state->result()["winners"] == Json::array({1}));
  CHECK(state->result()["detail"] ==
        Json{{"crew", "blackbeards"}, {"rafted", Json::array({"square"})}});
}

TEST_CASE("the fourth ship sunk wins even when it rafts the opponent up") {
  auto state = with({".   Sr  Gs2 Sr1",  //
                     ".   .   Ss3 Ss",   //
                     ".   Gs  Sr0 Gs"},
                    Crew::kYellowbeards, [](Position& p) {
                      p.scuppered_since = {3, 0};
                    });
  play(*state, scupper(1, 2));
  REQUIRE(state->is_over());
  CHECK(state->result()["reason"] == "scuppered_four");
  CHECK(state->result()["winners"] == Json::array({0}));
}

TEST_CASE("four ships sunk while the opponent sank none wins") {
  auto state = with({".   Gs  .",   //
                     "Sr  Gr0 Ss",  //
                     ".   Ss2 Gr1"},
                    Crew::kYellowbeards, [](Position& p) {
                      p.scuppered_since = {3, 0};
                    });
  play(*state, scupper(1, 0));
  REQUIRE(state->is_over());
  CHECK(state->result()["reason"] == "scuppered_four");
  CHECK(state->result()["winners"] == Json::array({0}));
  CHECK(state->result()["winning_crew"] == "yellowbeards");
}

TEST_CASE("both crews rafted up at once is vengeance, won by the last to scupper") {
  // Sailing (3,0) to (2,2) joins the gold ships and, through (1,1), the square-rigged ones.
  const std::vector<std::string> rows = {".   Ss2 Sr  Gs0",  //
                                         "Ss  Gs  Sr3 .",    //
                                         "Sr1 Gs  .   ."};
  auto state = with(rows, Crew::kYellowbeards, [](Position& p) {
    p.last_scupperer = static_cast<std::int8_t>(Crew::kBlackbeards);
  });
  play(*state, sail(0, 2, 2));
  REQUIRE(state->is_over());
  CHECK(state->result()["reason"] == "vengeance");
  CHECK(state->result()["detail"]["trigger"] == "both_rafted_up");
  CHECK(state->result()["winners"] == Json::array({1}));
  // In words: the crew that won, by the key of its name, as the game names its players.
  CHECK(state->result()["key"] == "games.raft-and-scupper.result.vengeance.both_rafted_up");
  CHECK(state->result()["params"] ==
        Json{{"crew", {{"key", "games.raft-and-scupper.crew.blackbeards"}}}});
  CHECK(state->result()["message"] ==
        "Vengeance: both crews rafted up at once; the Blackbeards sank the last ship and win.");

  auto unsunk = with(rows, Crew::kYellowbeards);
  play(*unsunk, sail(0, 2, 2));
  CHECK(unsunk->result()["reason"] == "vengeance");
  CHECK(unsunk->result()["winners"] == Json::array({0}));  // no ship sunk: the Yellowbeards
  CHECK(unsunk->result()["detail"]["last_scupper"] == nullptr);
  CHECK(unsunk->result()["key"] == "games.raft-and-scupper.result.vengeance.both_rafted_up_none");
  CHECK(unsunk->result()["params"] == Json::object());
}

TEST_CASE("both players passing in turn is vengeance") {
  auto state = with(kQuiet, Crew::kYellowbeards, [](Position& p) {
    p.last_scupperer = static_cast<std::int8_t>(Crew::kBlackbeards);
  });
  play(*state, pass());
  CHECK_FALSE(state->is_over());
  play(*state, pass());
  REQUIRE(state->is_over());
  CHECK(state->result()["reason"] == "vengeance");
  CHECK(state->result()["detail"]["trigger"] == "both_passed");
  CHECK(state->result()["winners"] == Json::array({1}));
}

TEST_CASE("one player passing four turns in a row is vengeance") {
  auto state = with(kQuiet, Crew::kYellowbeards, [](Position& p) {
    p.last_scupperer = static_cast<std::int8_t>(Crew::kBlackbeards);
  });
  // The Blackbeards' pirate 3 jumps back and forth in its spice flotilla (0,0)-(1,0).
  for (int turn = 0; turn < 3; ++turn) {
    play(*state, pass());
    play(*state, turn % 2 == 0 ? jump(3, 0, 0) : jump(3, 1, 0));
    REQUIRE_FALSE(state->is_over());
  }
  CHECK(state->view(0)["crews"]["yellowbeards"]["passes_in_row"] == 3);
  play(*state, pass());
  REQUIRE(state->is_over());
  CHECK(state->result()["reason"] == "vengeance");
  CHECK(state->result()["detail"]["trigger"] == "four_passes");
  CHECK(state->result()["winners"] == Json::array({1}));
}

TEST_CASE("any other action breaks a run of passes") {
  auto state = with(kQuiet, Crew::kYellowbeards);
  for (int turn = 0; turn < 3; ++turn) {
    play(*state, pass());
    play(*state, turn % 2 == 0 ? jump(3, 0, 0) : jump(3, 1, 0));
  }
  play(*state, jump(0, 3, 0));  // the Yellowbeards act instead of a fourth pass
  play(*state, jump(3, 1, 0));
  play(*state, pass());
  CHECK_FALSE(state->is_over());
  CHECK(state->view(0)["crews"]["yellowbeards"]["passes_in_row"] == 1);
}

TEST_CASE("passing is always allowed, and the only action when nothing else is") {
  auto state = with({"Gr0 Ss2 Gr1 Ss3"}, Crew::kYellowbeards);
  CHECK(state->legal_actions(0) == Json::array({pass()}));
  auto busy = with(kQuiet, Crew::kYellowbeards);
  CHECK(busy->legal_actions(0).back() == pass());
  CHECK(busy->legal_actions(0).size() > 1);
}
