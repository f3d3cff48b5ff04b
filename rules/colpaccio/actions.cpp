#include "rules/colpaccio/actions.hpp"

#include <string_view>

#include "rules/core/action_reader.hpp"

namespace tortuga::colpaccio {
namespace {

using nlohmann::json;

// In the order of ActionType.
constexpr std::string_view kTypes[] = {"raid",         "secret_chest",     "parrot_pact",
                                       "reveal_ships", "letter_of_marque", "end_turn",
                                       "lose_good"};
constexpr Good kAllGoods[] = {Good::kGems, Good::kSilverware, Good::kFabrics,
                              Good::kRum,  Good::kPistols,    Good::kSabres};

// A list of `least` to `most` distinct card ids.
std::vector<long long> read_ids(ActionReader& read, std::string_view field, std::size_t least,
                                std::size_t most) {
  std::vector<long long> ids = read.integers(field, least, most);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    // Ids beyond any deck are kept as -1: no card has them, which the rules refuse.
    if (ids[i] >= 1000000000LL) ids[i] = -1;
    for (std::size_t j = 0; j < i; ++j)
      if (ids[i] >= 0 && ids[j] == ids[i]) read.refuse(named_twice(field, ids[i]));
  }
  return ids;
}

}  // namespace

Expected<ParsedAction> parse_action(const json& action) {
  ActionReader read(action);
  ParsedAction parsed;
  parsed.type = static_cast<ActionType>(read.type_among(kTypes));
  switch (parsed.type) {
    case ActionType::kRaid:
      read.fields({"cards"});
      parsed.cards = read_ids(read, "cards", 1, 3);
      break;
    case ActionType::kLetterOfMarque:
      read.fields({"cards"});
      parsed.cards = read_ids(read, "cards", 2, 2);
      break;
    case ActionType::kRevealShips:
      read.fields({"ships"});
      parsed.cards = read_ids(read, "ships", 0, 2);
      break;
    case ActionType::kLoseGood:
      read.fields({"good"});
      parsed.good = read.one_of("good", kAllGoods, good_name);
      break;
    case ActionType::kSecretChest:
    case ActionType::kParrotPact:
    case ActionType::kEndTurn:
      read.fields({});
      break;
  }
  if (auto bad = read.refusal()) return *bad;
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
