// The JSON of Raft & Scupper's actions, read with the ActionReader (a malformed one is refused as
// bad_action in the words every game uses) and written ready to send:
//
//   {"type": "switch_pair", "pair": 6}                             setup: swap positions 11, 12
//   {"type": "place_pirate", "figure": "yellowbeard", "at": [x, y]}   setup
//   {"type": "choose_crew", "crew": "yellowbeards"}                 setup
//   {"type": "jump", "pirate": 0, "to": [x, y]}
//   {"type": "sail", "pirate": 0, "to": [x, y]}
//   {"type": "scupper", "at": [x, y]}
//   {"type": "pass"}
//
// Reading checks only the form: whether a ship is at a cell or a pair exists is the rules'
// business and refused as illegal_action.
#pragma once

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"
#include "rules/core/views/view_writer.hpp"
#include "rules/raft_and_scupper/kinds.hpp"
#include "rules/raft_and_scupper/position.hpp"

namespace tortuga::raft_and_scupper {

enum class ActionType { kSwitchPair, kPlacePirate, kChooseCrew, kJump, kSail, kScupper, kPass };

struct ParsedAction {
  ActionType type = ActionType::kPass;
  long long pair = 0;               // switch_pair
  Crew crew = Crew::kYellowbeards;  // place_pirate: the figure's crew; choose_crew
  int pirate = -1;                  // jump, sail
  long long x = 0, y = 0;           // place_pirate, scupper: "at"; jump, sail: "to"
};

Expected<ParsedAction> parse_action(const nlohmann::json& action);
// An action read by parse_action, written back as it came: reading refuses any other field, so
// nothing is lost.
void write_action(ViewWriter& out, const ParsedAction& action);

// A cell as [x, y], and a move as the action a client sends: written (see view_writer.hpp) for
// the lists of legal actions rooms write after every action, or built as trees.
void write_cell(ViewWriter& out, const Board& board, Cell cell);
void write_move(ViewWriter& out, const Move& move, const Board& board);
nlohmann::json cell_json(const Board& board, Cell cell);
nlohmann::json move_json(const Move& move, const Board& board);

}  // namespace tortuga::raft_and_scupper
