#include "rules/raft_and_scupper/actions.hpp"

#include <climits>
#include <initializer_list>
#include <string>

namespace tortuga::raft {
namespace {

using nlohmann::json;

struct Shape {
  const char* type;
  ActionType action;
  std::initializer_list<const char*> fields;  // besides "type"
};

constexpr const char* kKnownTypes =
    "switch_pair, place_pirate, choose_crew, jump, sail, scupper, pass";

const Shape kShapes[] = {
    {"switch_pair", ActionType::kSwitchPair, {"pair"}},
    {"place_pirate", ActionType::kPlacePirate, {"figure", "at"}},
    {"choose_crew", ActionType::kChooseCrew, {"crew"}},
    {"jump", ActionType::kJump, {"pirate", "to"}},
    {"sail", ActionType::kSail, {"pirate", "to"}},
    {"scupper", ActionType::kScupper, {"at"}},
    {"pass", ActionType::kPass, {}},
};

std::string fields_text(const Shape& shape) {
  std::string text = "\"type\"";
  for (const char* field : shape.fields) text += std::string(", \"") + field + "\"";
  return text;
}

// Any JSON integer, with numbers beyond long long pinned to its limit (they are off any board).
std::optional<long long> integer(const json& value) {
  if (value.is_number_unsigned()) {
    const auto n = value.get<unsigned long long>();
    return n > static_cast<unsigned long long>(LLONG_MAX) ? LLONG_MAX : static_cast<long long>(n);
  }
  if (value.is_number_integer()) return value.get<long long>();
  return std::nullopt;
}

}  // namespace

Expected<ParsedAction> parse_action(const json& action) {
  const std::string type = action["type"].get<std::string>();
  const Shape* shape = nullptr;
  for (const auto& s : kShapes)
    if (type == s.type) shape = &s;
  if (shape == nullptr)
    return bad_action("unknown action type " + printable_quote(type) + "; expected one of " +
                      kKnownTypes);
  const std::string what = "a " + type + " action";
  for (auto it = action.begin(); it != action.end(); ++it) {
    bool known = it.key() == "type";
    for (const char* field : shape->fields) known = known || it.key() == field;
    if (!known)
      return bad_action("unexpected field " + printable_quote(it.key()) + " in " + what +
                        ", which has " + fields_text(*shape));
  }
  for (const char* field : shape->fields)
    if (!action.contains(field)) return bad_action(what + " needs the field \"" + field + "\"");

  ParsedAction parsed;
  parsed.type = shape->action;
  auto read_cell = [&](const char* field) -> Refusal {
    const json& cell = action[field];
    std::optional<long long> x, y;
    if (cell.is_array() && cell.size() == 2) x = integer(cell[0]), y = integer(cell[1]);
    if (!x || !y) {
      std::string message = "\"";
      message.append(field).append("\" in ").append(what);
      return bad_action(message + " must be a cell [x, y] of two integers");
    }
    parsed.x = *x, parsed.y = *y;
    return std::nullopt;
  };

  switch (shape->action) {
    case ActionType::kSwitchPair: {
      auto pair = integer(action["pair"]);
      if (!pair) return bad_action("\"pair\" must be an integer: pair k is positions 2k-1, 2k");
      parsed.pair = *pair;
      break;
    }
    case ActionType::kPlacePirate: {
      const json& figure = action["figure"];
      auto crew = figure.is_string() ? crew_from_figure(figure.get<std::string>()) : std::nullopt;
      if (!crew) return bad_action("\"figure\" must be \"yellowbeard\" or \"blackbeard\"");
      parsed.crew = *crew;
      if (auto refused = read_cell("at")) return *refused;
      break;
    }
    case ActionType::kChooseCrew: {
      const json& name = action["crew"];
      auto crew = name.is_string() ? crew_from_name(name.get<std::string>()) : std::nullopt;
      if (!crew) return bad_action("\"crew\" must be \"yellowbeards\" or \"blackbeards\"");
      parsed.crew = *crew;
      break;
    }
    case ActionType::kJump:
    case ActionType::kSail: {
      auto pirate = integer(action["pirate"]);
      if (!pirate || *pirate < 0 || *pirate >= kPirates)
        return bad_action(
            "\"pirate\" must be a pirate id from 0 to 3 (0, 1: Yellowbeards; "
            "2, 3: Blackbeards)");
      parsed.pirate = static_cast<int>(*pirate);
      if (auto refused = read_cell("to")) return *refused;
      break;
    }
    case ActionType::kScupper:
      if (auto refused = read_cell("at")) return *refused;
      break;
    case ActionType::kPass:
      break;
  }
  return parsed;
}

void write_action(ViewWriter& out, const ParsedAction& action) {
  const char* type = "";
  for (const auto& s : kShapes)
    if (s.action == action.type) type = s.type;
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

}  // namespace tortuga::raft
