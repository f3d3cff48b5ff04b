#include "rules/colpaccio/actions.hpp"

#include <algorithm>
#include <initializer_list>

namespace tortuga::colpaccio {
namespace {

using nlohmann::json;

struct Shape {
  const char* type;
  ActionType action;
  const char* field;  // the one field besides "type", or nullptr
};

constexpr const char* kKnownTypes =
    "raid, secret_chest, parrot_pact, reveal_ships, letter_of_marque, end_turn, lose_good";

const Shape kShapes[] = {
    {"raid", ActionType::kRaid, "cards"},
    {"secret_chest", ActionType::kSecretChest, nullptr},
    {"parrot_pact", ActionType::kParrotPact, nullptr},
    {"reveal_ships", ActionType::kRevealShips, "ships"},
    {"letter_of_marque", ActionType::kLetterOfMarque, "cards"},
    {"end_turn", ActionType::kEndTurn, nullptr},
    {"lose_good", ActionType::kLoseGood, "good"},
};

// A list of distinct card ids, `least` to `most` of them.
Refusal read_ids(const json& value, const std::string& what, std::size_t least, std::size_t most,
                 std::vector<long long>& out) {
  const std::string count =
      least == most ? std::to_string(least) : std::to_string(least) + " to " + std::to_string(most);
  if (!value.is_array() || value.size() < least || value.size() > most)
    return bad_action(what + " must be an array of " + count + " card ids");
  for (const json& id : value) {
    if (!id.is_number_integer())
      return bad_action(what + " must hold card ids, which are integers");
    // Ids beyond any deck are kept as -1: no card has them, which the rules refuse.
    long long n = -1;
    if (!id.is_number_unsigned())
      n = id.get<long long>();
    else if (id.get<unsigned long long>() < 1000000000ULL)
      n = id.get<long long>();
    if (std::find(out.begin(), out.end(), n) != out.end() && n >= 0)
      return bad_action(what + " names card " + std::to_string(n) + " twice");
    out.push_back(n);
  }
  return std::nullopt;
}

}  // namespace

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < 40; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    out += c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? static_cast<char>(c) : '?';
  }
  return out + (text.size() > 40 ? "...\"" : "\"");
}

Expected<ParsedAction> parse_action(const json& action) {
  const std::string type = action["type"].get<std::string>();
  const Shape* shape = nullptr;
  for (const auto& s : kShapes)
    if (type == s.type) shape = &s;
  if (shape == nullptr)
    return bad_action("unknown action type " + quoted(type) + "; expected one of " + kKnownTypes);
  const std::string what = "a " + type + " action";
  for (auto it = action.begin(); it != action.end(); ++it) {
    if (it.key() == "type" || (shape->field && it.key() == shape->field)) continue;
    return bad_action("unexpected field " + quoted(it.key()) + " in " + what +
                      (shape->field
                           ? ", which has \"type\" and \"" + std::string(shape->field) + "\""
                           : ", which has only \"type\""));
  }
  if (shape->field && !action.contains(shape->field))
    return bad_action(what + " needs the field \"" + shape->field + "\"");

  ParsedAction parsed;
  parsed.type = shape->action;
  std::string field;  // how messages name the field: "cards" in a raid action
  if (shape->field) field.append("\"").append(shape->field).append("\" in ").append(what);
  Refusal refused;
  switch (shape->action) {
    case ActionType::kRaid:
      refused = read_ids(action["cards"], field, 1, 3, parsed.cards);
      break;
    case ActionType::kLetterOfMarque:
      refused = read_ids(action["cards"], field, 2, 2, parsed.cards);
      break;
    case ActionType::kRevealShips:
      refused = read_ids(action["ships"], field, 0, 2, parsed.cards);
      break;
    case ActionType::kLoseGood: {
      const json& name = action["good"];
      auto good = name.is_string() ? good_from(name.get<std::string>()) : std::nullopt;
      if (!good)
        return bad_action(field +
                          " must be one of gems, silverware, fabrics, rum, pistols, sabres");
      parsed.good = *good;
      break;
    }
    case ActionType::kSecretChest:
    case ActionType::kParrotPact:
    case ActionType::kEndTurn:
      break;
  }
  if (refused) return *refused;
  return parsed;
}

json raid_json(const std::vector<int>& cards) {
  json action = json::object();
  action["type"] = "raid";
  action["cards"] = cards;
  return action;
}

json letter_json(int first, int second) {
  json action = json::object();
  action["type"] = "letter_of_marque";
  action["cards"] = {first, second};
  return action;
}

json reveal_json(const std::vector<int>& ships) {
  json action = json::object();
  action["type"] = "reveal_ships";
  action["ships"] = ships;
  return action;
}

json lose_good_json(Good good) {
  json action = json::object();
  action["type"] = "lose_good";
  action["good"] = good_name(good);
  return action;
}

json plain_json(const char* type) {
  json action = json::object();
  action["type"] = type;
  return action;
}

}  // namespace tortuga::colpaccio
