// The JSON of Colpaccio's actions, read with the ActionReader (a malformed one is refused as
// bad_action in the words every game uses) and written ready to send. Cards are named by id (see
// cards.hpp):
//
//   {"type": "raid", "cards": [12]}                  main action: one good, with its prize
//   {"type": "raid", "cards": [12, 40, 7]}           main action: two or three adjacent goods
//   {"type": "secret_chest"}                         rogue action, 2 doubloons
//   {"type": "parrot_pact"}                          rogue action, 3 doubloons
//   {"type": "reveal_ships", "ships": [3, 51]}       after the parrot pact: up to two ships
//   {"type": "letter_of_marque", "cards": [12, 7]}   rogue action, 4 doubloons
//   {"type": "end_turn"}                             after the main action, skipping the rogue one
//   {"type": "lose_good", "good": "sabres"}          a player the ghost ship beat, on a tie
//
// Reading checks only the form: whether a card is in the convoy is the rules' business and
// refused as illegal_action.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/colpaccio/cards.hpp"
#include "rules/core/error.hpp"

namespace tortuga::colpaccio {

enum class ActionType {
  kRaid,
  kSecretChest,
  kParrotPact,
  kRevealShips,
  kLetterOfMarque,
  kEndTurn,
  kLoseGood
};

struct ParsedAction {
  ActionType type = ActionType::kEndTurn;
  std::vector<long long> cards;  // raid, letter_of_marque: "cards"; reveal_ships: "ships"
  Good good = Good::kGems;       // lose_good
};

Expected<ParsedAction> parse_action(const nlohmann::json& action);

nlohmann::json raid_json(const std::vector<int>& cards);
nlohmann::json letter_json(int first, int second);
nlohmann::json reveal_json(const std::vector<int>& ships);
nlohmann::json lose_good_json(Good good);
nlohmann::json plain_json(const char* type);  // secret_chest, parrot_pact, end_turn

}  // namespace tortuga::colpaccio
