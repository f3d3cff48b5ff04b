#include "rules/raft_and_scupper/actions.hpp"

#include <string_view>

#include "rules/core/action_reader.hpp"

namespace tortuga::raft_and_scupper {
namespace {

using nlohmann::json;

// In the order of ActionType.
constexpr std::string_view kTypes[] = {"switch_pair", "place_pirate", "choose_crew", "jump",
                                       "sail",        "scupper",      "pass"};
constexpr Crew kCrews[] = {Crew::kYellowbeards, Crew::kBlackbeards};

}  // namespace

Expected<ParsedAction> parse_action(const json& action) {
  ActionReader read(action);
  ParsedAction parsed;
  parsed.type = static_cast<ActionType>(read.type_among(kTypes));
  // Any integers are a cell: there is only open water beyond the ships (see board.hpp).
  auto read_cell = [&](std::string_view field) {
    const auto xy = read.integers(field, 2, 2);
    if (xy.size() == 2) parsed.x = xy[0], parsed.y = xy[1];
  };
  switch (parsed.type) {
    case ActionType::kSwitchPair:
      read.fields({"pair"});
      parsed.pair = read.integer("pair");
      break;
    case ActionType::kPlacePirate:
      read.fields({"figure", "at"});
      parsed.crew = read.one_of("figure", kCrews, figure_name);
      read_cell("at");
      break;
    case ActionType::kChooseCrew:
      read.fields({"crew"});
      parsed.crew = read.one_of("crew", kCrews, crew_name);
      break;
    case ActionType::kJump:
    case ActionType::kSail:
      read.fields({"pirate", "to"});
      parsed.pirate = static_cast<int>(read.integer("pirate", 0, kPirates - 1));
      read_cell("to");
      break;
    case ActionType::kScupper:
      read.fields({"at"});
      read_cell("at");
      break;
    case ActionType::kPass:
      read.fields({});
      break;
  }
  if (auto bad = read.refusal()) return *bad;
  return parsed;
}

void write_action(ViewWriter& out, const ParsedAction& action) {
  const std::string_view type = kTypes[static_cast<int>(action.type)];
  auto write_xy = [&] {
    out.begin_array();
    out.value(action.x);
    out.value(action.y);
    out.end_array();
  };
  out.begin_object();  // members in ascending order of their keys
  switch (action.type) {
    case ActionType::kSwitchPair:
      out.member("pair", action.pair);
      break;
    case ActionType::kPlacePirate:
      out.key("at");
      write_xy();
      out.member("figure", figure_name(action.crew));
      break;
    case ActionType::kChooseCrew:
      out.member("crew", crew_name(action.crew));
      break;
    case ActionType::kJump:
    case ActionType::kSail:
      out.member("pirate", action.pirate);
      out.key("to");
      write_xy();
      break;
    case ActionType::kScupper:
      out.key("at");
      write_xy();
      break;
    case ActionType::kPass:
      break;
  }
  out.member("type", type);
  out.end_object();
}

void write_cell(ViewWriter& out, const Board& board, Cell cell) {
  out.begin_array();
  out.value(board.x_of(cell));
  out.value(board.y_of(cell));
  out.end_array();
}

void write_move(ViewWriter& out, const Move& move, const Board& board) {
  out.begin_object();  // members in ascending order of their keys
  switch (move.type) {
    case MoveType::kJump:
    case MoveType::kSail:
      out.member("pirate", move.pirate);
      out.key("to");
      write_cell(out, board, move.to);
      out.member("type", move.type == MoveType::kJump ? "jump" : "sail");
      break;
    case MoveType::kScupper:
      out.key("at");
      write_cell(out, board, move.to);
      out.member("type", "scupper");
      break;
    case MoveType::kPass:
      out.member("type", "pass");
      break;
  }
  out.end_object();
}

json cell_json(const Board& board, Cell cell) {
  json xy = json::array();
  auto& items = xy.get_ref<json::array_t&>();
  items.reserve(2);
  items.emplace_back(board.x_of(cell));
  items.emplace_back(board.y_of(cell));
  return xy;
}

json move_json(const Move& move, const Board& board) {
  JsonWriter out;
  write_move(out, move, board);
  return out.take();
}

}  // namespace tortuga::raft_and_scupper
