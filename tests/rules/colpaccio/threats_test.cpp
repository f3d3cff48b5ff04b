// The threats: one drawn in a player's own turn waits face down until the turn's end, one drawn
// while refilling strikes at once; the players with the fewest visible cannonballs are beaten
// (nobody when all are equal); the Corsairs, the ghost ship and the kraken; the match ends once the
// second threat is resolved and everyone has had as many turns.
#include "tests/rules/colpaccio/support.hpp"

using namespace colpaccio_test;

namespace {

bool mentions(const Json& view, const std::string& word) {
  return view.dump().find("\"" + word + "\"") != std::string::npos;
}

}  // namespace

TEST_CASE("a threat drawn in a player's own turn waits face down until the turn ends") {
  Setup s;
  const int prize = s.deck.add(Good::kSabres, Location::kBeach, Prize::kShip);
  const int ship = s.deck.add(Good::kGems, Location::kInn);
  s.give(1, Good::kPistols, 1, 1);  // seat 1 shows a cannonball, seat 0 none
  s.convoy = {prize};
  s.top = {threat_entry(Threat::kKraken), ship};
  const auto fillers = s.deck.filler(4);
  s.top.insert(s.top.end(), fillers.begin(), fillers.end());
  s.table.players[0].doubloons = 2;  // the turn goes on after the raid
  auto state = s.build();
  play(*state, 0, raid({prize}));
  CHECK(state->table().players[0].ships ==
        std::vector<int>{ship});  // the next card, not the threat
  CHECK(state->frozen() == 1);
  CHECK(state->revealed().empty());
  for (int seat : {0, 1, tortuga::kSpectator}) {
    const Json view = state->view(seat);
    CHECK(view["threats"]["waiting"] == 1);
    CHECK_FALSE(mentions(view, "kraken"));
  }
  CHECK(state->view(1)["log"][1] == Json{{"event", "threat_drawn"}, {"by", 0}});

  play(*state, 0, plain("end_turn"));
  CHECK(state->revealed() == std::vector<Threat>{Threat::kKraken});
  CHECK(state->table().players[0].ships.empty());
  CHECK(state->table().sunk_ships == std::vector<int>{ship});
  CHECK(state->view(1)["players"][0]["ships"] == 0);
  CHECK(state->view(1)["sunk_ships"] == 1);
  const Json log = state->view(1)["log"];
  CHECK(log[0] == Json{{"event", "end_turn"}, {"seat", 0}});
  CHECK(log[1] == Json{{"event", "threat"}, {"threat", "kraken"}, {"defeated", {0}}});
  CHECK(log[2] == Json{{"event", "lost_ships"}, {"seat", 0}, {"ships", 1}});
  CHECK(state->table().convoy.size() == 5);
  CHECK(state->actors() == std::vector<int>{1});
}

TEST_CASE("a threat drawn while refilling strikes at once, and the refill goes on") {
  Setup s;
  s.give(0, Good::kPistols, 1, 1);
  s.table.players[1].doubloons = 2;
  const int after = s.deck.add(Good::kFabrics, Location::kDock);
  s.top = {threat_entry(Threat::kCorsairs), after};
  auto state = s.build();
  CHECK(state->view(0)["deck"]["threat_on_top"] == true);  // its back shows a spyglass
  play(*state, 0, raid({s.convoy[0]}));
  CHECK(state->revealed() == std::vector<Threat>{Threat::kCorsairs});
  CHECK(state->resolved() == 1);
  CHECK(state->table().convoy.back() == after);
  CHECK(state->table().convoy.size() == 5);
  CHECK(state->table().players[1].doubloons == 0);  // the Corsairs take every doubloon
  CHECK(state->table().players[1].penalty == 0);
  CHECK(state->table().players[0].penalty == 0);  // seat 0 was not beaten
  const Json log = state->view(0)["log"];
  CHECK(log[1] == Json{{"event", "threat"}, {"threat", "corsairs"}, {"defeated", {1}}});
  CHECK(log[2] == Json{{"event", "lost_doubloons"}, {"seat", 1}, {"doubloons", 2}});
}

TEST_CASE("the Corsairs cost three prestige to a beaten player without doubloons") {
  Setup s(3);
  s.give(0, Good::kPistols, 2, 2);
  s.give(1, Good::kPistols, 1, 1);
  s.table.players[0].doubloons = 0;  // seat 0 raids and has none left over: the turn ends
  s.table.players[2].doubloons = 0;
  s.top = {threat_entry(Threat::kCorsairs)};
  auto state = s.build();
  play(*state, 0, raid({s.convoy[0]}));
  CHECK(state->table().players[2].penalty == 3);
  CHECK(state->table().players[1].penalty == 0);  // one cannonball is not the fewest
  CHECK(state->view(0)["players"][2]["penalty"] == 3);
}

TEST_CASE("nobody is beaten when everyone shows as many cannonballs") {
  Setup s;
  s.give(0, Good::kPistols, 1, 1);
  s.give(1, Good::kSabres, 1, 1);
  s.table.players[0].doubloons = 0;
  s.table.players[1].doubloons = 3;
  s.top = {threat_entry(Threat::kCorsairs)};
  auto state = s.build();
  CHECK(state->defeated().empty());
  play(*state, 0, raid({s.convoy[1]}));  // a plain gem: still one cannonball each
  CHECK(state->revealed() == std::vector<Threat>{Threat::kCorsairs});
  CHECK(state->table().players[1].doubloons == 3);
  CHECK(state->table().players[0].penalty == 0);
  CHECK(state->view(0)["log"][1]["defeated"] == Json::array());
}

TEST_CASE("the ghost ship takes a good of the kind held most; a tie is the loser's choice") {
  Setup s(3);
  s.give(0, Good::kPistols, 2, 2);
  s.give(1, Good::kSabres, 2);
  s.give(1, Good::kGems, 2);
  s.give(2, Good::kRum, 3);
  s.give(2, Good::kSilverware, 1);
  s.table.players[0].doubloons = 0;
  s.top = {threat_entry(Threat::kGhostShip)};
  s.revealed = {Threat::kKraken};  // the ghost ship is the second threat
  const auto fillers = s.deck.filler(3, Good::kFabrics, Location::kBeach);
  s.top.insert(s.top.end(), fillers.begin(), fillers.end());
  auto state = s.build();
  const int rum_last = state->table().players[2].columns[index(Good::kRum)].back();
  const int sabre_last = state->table().players[1].columns[index(Good::kSabres)].back();
  play(*state, 0, raid({s.convoy[0]}));

  // Seat 2 held most rum: its last rum card is gone already. Seat 1 chooses.
  CHECK(state->table().players[2].columns[index(Good::kRum)].size() == 2);
  CHECK(state->table().lost_goods == std::vector<int>{rum_last});
  CHECK(state->phase() == Phase::kGhostShip);
  CHECK(state->actors() == std::vector<int>{1});
  CHECK(state->legal_actions(1) == Json::array({lose("gems"), lose("sabres")}));
  const Json view = state->view(0);
  CHECK(view["phase"] == "ghost_ship");
  CHECK(view["ghost_ship"]["choices"][0] == Json{{"seat", 1}, {"goods", {"gems", "sabres"}}});
  check_illegal(*state, 1, lose("rum"),
                "the ghost ship takes a good you hold most of: gems or sabres");
  check_illegal(*state, 1, raid({s.convoy[1]}), "the ghost ship has struck");
  CHECK(refuse(*state, 0, lose("pistols")).code == "not_your_turn");
  CHECK(state->resolved() == 1);

  play(*state, 1, lose("sabres"));
  CHECK(state->table().players[1].columns[index(Good::kSabres)].size() == 1);
  CHECK(state->table().lost_goods == std::vector<int>{rum_last, sabre_last});
  CHECK(state->resolved() == 2);
  // The refill finished and the round goes on until everyone has had as many turns.
  CHECK(state->table().convoy.size() == 5);
  CHECK(state->actors() == std::vector<int>{1});
  CHECK(state->phase() == Phase::kTurn);
}

TEST_CASE("the ghost ship asks every tied loser at once") {
  Setup s(3);
  s.give(0, Good::kPistols, 1, 1);
  s.give(1, Good::kSabres, 1);
  s.give(1, Good::kGems, 1);
  s.give(2, Good::kRum, 1);
  s.give(2, Good::kFabrics, 1);
  s.table.players[0].doubloons = 0;
  s.top = {threat_entry(Threat::kGhostShip)};
  auto state = s.build();
  play(*state, 0, raid({s.convoy[0]}));
  CHECK(state->actors() == std::vector<int>{1, 2});
  play(*state, 2, lose("fabrics"));
  CHECK(state->actors() == std::vector<int>{1});
  play(*state, 1, lose("gems"));
  CHECK(state->actors() == std::vector<int>{1});  // seat 1's turn now
  CHECK(state->table().players[2].columns[index(Good::kRum)].size() == 1);
  CHECK(state->table().players[1].columns[index(Good::kSabres)].size() == 1);
}

TEST_CASE("the kraken sinks up to two ships drawn at random from the personal area") {
  Setup s;
  s.give(0, Good::kPistols, 1, 1);
  const std::vector<int> ships = s.deck.filler(3, Good::kSabres, Location::kDock);
  s.table.players[1].ships = ships;
  s.table.players[0].doubloons = 0;
  s.top = {threat_entry(Threat::kKraken)};
  s.chance = Chance(5, {1, 0});  // the second ship, then the first of those left
  auto state = s.build();
  play(*state, 0, raid({s.convoy[0]}));
  CHECK(state->table().players[1].ships == std::vector<int>{ships[2]});
  CHECK(state->table().sunk_ships == std::vector<int>{ships[1], ships[0]});
  CHECK(state->view(0)["log"][2] == Json{{"event", "lost_ships"}, {"seat", 1}, {"ships", 2}});
}

TEST_CASE("the match ends when the second threat is resolved and all have had as many turns") {
  Setup s(3);
  s.revealed = {Threat::kCorsairs};
  s.table.set_aside = Threat::kGhostShip;
  s.give(0, Good::kPistols, 1, 1);
  s.top = {s.deck.add(Good::kGems, Location::kDock), threat_entry(Threat::kKraken)};
  const auto fillers = s.deck.filler(5);
  s.top.insert(s.top.end(), fillers.begin(), fillers.end());
  auto state = s.build(1);  // seat 1 begins, so seat 0 closes each round
  play(*state, 1, raid({s.convoy[0]}));
  play(*state, 2, raid({state->table().convoy[0]}));  // the kraken comes up in this refill
  CHECK(state->resolved() == 2);
  CHECK(state->view(0)["threats"]["set_aside"] == "ghost_ship");  // the only one left unseen
  CHECK_FALSE(state->is_over());
  CHECK(state->actors() == std::vector<int>{0});
  play(*state, 0, raid({state->table().convoy[0]}));
  CHECK(state->is_over());
  CHECK(state->actors().empty());
  CHECK(state->view(0)["phase"] == "over");
  for (const Area& area : state->table().players) CHECK(area.turns == 1);
  CHECK(state->result()["reason"] == "prestige");
}

TEST_CASE("the match ends at once when the second threat strikes at the end of a round") {
  Setup s;
  s.revealed = {Threat::kCorsairs};
  s.top = {s.deck.add(Good::kGems, Location::kDock), threat_entry(Threat::kKraken)};
  auto state = s.build(0);
  play(*state, 0, raid({s.convoy[0]}));
  CHECK_FALSE(state->is_over());
  play(*state, 1, raid({state->table().convoy[0]}));
  CHECK(state->is_over());
  CHECK(state->result()["winners"].size() >= 1);
}
