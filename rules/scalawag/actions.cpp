#include "rules/scalawag/actions.hpp"

#include <algorithm>
#include <initializer_list>
#include <string>

namespace tortuga::scalawag {
namespace {

using Json = nlohmann::json;

constexpr Order kOrders[] = {Order::kMakeSail, Order::kFire,   Order::kBoard,  Order::kRecruit,
                             Order::kWindward, Order::kMutiny, Order::kOnGuard};

std::string_view count_field(Order order) {
  switch (order) {
    case Order::kMakeSail:
      return "sailors";
    case Order::kFire:
      return "gunners";
    case Order::kBoard:
      return "marines";
    default:
      return "";
  }
}

// Refuses any field outside `allowed` (besides "type").
Refusal only_fields(const Json& action, std::initializer_list<std::string_view> allowed) {
  for (auto it = action.begin(); it != action.end(); ++it) {
    if (it.key() == "type") continue;
    if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end())
      return bad_action("unexpected field \"" + it.key() + "\" in a " +
                        action["type"].get<std::string>() + " action");
  }
  return std::nullopt;
}

Expected<Crew> read_card(const Json& action, const char* field) {
  auto it = action.find(field);
  if (it == action.end() || !it->is_string())
    return bad_action(std::string("a ") + action["type"].get<std::string>() +
                      " action needs a string field \"" + field + "\"");
  auto crew = crew_from_name(it->get<std::string>());
  if (!crew) return bad_action("no crew card is called \"" + it->get<std::string>() + "\"");
  return *crew;
}

Expected<int> read_small(const Json& action, std::string_view field, int lo, int hi) {
  auto it = action.find(field);
  if (it == action.end() || !it->is_number_integer())
    return bad_action("this action needs an integer field \"" + std::string(field) + "\"");
  const long long n = it->get<long long>();
  if (n < lo || n > hi)
    return bad_action("the field \"" + std::string(field) + "\" must be from " +
                      std::to_string(lo) + " to " + std::to_string(hi));
  return static_cast<int>(n);
}

Expected<Action> parse_order(const Json& json) {
  Action action;
  action.type = ActionType::kOrder;
  auto it = json.find("order");
  if (it == json.end() || !it->is_string())
    return bad_action("an order action needs a string field \"order\"");
  const std::string name = it->get<std::string>();
  auto found = std::find_if(std::begin(kOrders), std::end(kOrders),
                            [&](Order order) { return order_name(order) == name; });
  if (found == std::end(kOrders)) return bad_action("there is no Captain's Order \"" + name + "\"");
  action.order = *found;
  const std::string_view field = count_field(action.order);
  if (field.empty()) {
    if (auto refused = only_fields(json, {"order"})) return *refused;
    return action;
  }
  if (auto refused = only_fields(json, {"order", field})) return *refused;
  auto count = read_small(json, field, 0, kMaxAssigned);
  if (!count) return count.error();
  action.crew = *count;
  return action;
}

Expected<Action> parse_targets(const Json& json) {
  Action action;
  action.type = ActionType::kTargets;
  if (auto refused = only_fields(json, {"targets", "steal"})) return *refused;
  auto it = json.find("targets");
  if (it == json.end() || !it->is_array() || it->empty() || it->size() > 2)
    return bad_action("a targets action needs \"targets\": an array of one or two seats");
  for (const Json& seat : *it) {
    if (!seat.is_number_integer() || seat.get<long long>() < 0 || seat.get<long long>() > 64)
      return bad_action("each target must be a seat number");
    action.targets.push_back(seat.get<int>());
  }
  if (json.contains("steal")) {
    auto steal = read_small(json, "steal", 1, 2);
    if (!steal) return steal.error();
    action.steal = *steal;
  }
  return action;
}

}  // namespace

std::string_view order_name(Order order) {
  switch (order) {
    case Order::kMakeSail:
      return "make_sail";
    case Order::kFire:
      return "fire";
    case Order::kBoard:
      return "board";
    case Order::kRecruit:
      return "recruit";
    case Order::kWindward:
      return "windward";
    case Order::kMutiny:
      return "mutiny";
    case Order::kOnGuard:
      return "on_guard";
  }
  return "";
}

Crew order_crew(Order order) {
  switch (order) {
    case Order::kMakeSail:
      return Crew::kSailor;
    case Order::kFire:
      return Crew::kGunner;
    case Order::kBoard:
      return Crew::kMarine;
    case Order::kWindward:
      return Crew::kPilot;
    case Order::kMutiny:
      return Crew::kMutineer;
    case Order::kOnGuard:
    case Order::kRecruit:
      return Crew::kLookout;
  }
  return Crew::kLookout;
}

bool counts_crew(Order order) {
  return order == Order::kMakeSail || order == Order::kFire || order == Order::kBoard;
}

bool needs_reach(Order order) {
  return order == Order::kFire || order == Order::kBoard || order == Order::kWindward;
}

bool takes_targets(Order order) {
  return needs_reach(order) || order == Order::kMutiny;
}

Expected<Action> parse_action(const Json& json) {
  const std::string type = json["type"].get<std::string>();
  Action action;
  if (type == "order") return parse_order(json);
  if (type == "targets") return parse_targets(json);
  if (type == "second_fire" || type == "lookout" || type == "challenge" || type == "decline") {
    if (auto refused = only_fields(json, {})) return *refused;
    action.type = type == "second_fire" ? ActionType::kSecondFire
                  : type == "lookout"   ? ActionType::kLookout
                  : type == "challenge" ? ActionType::kChallenge
                                        : ActionType::kDecline;
    return action;
  }
  if (type == "penalty") {
    action.type = ActionType::kPenalty;
    if (auto refused = only_fields(json, {"take", "card"})) return *refused;
    auto take = json.find("take");
    if (take == json.end() || !take->is_string() || (*take != "damage" && *take != "crew"))
      return bad_action("a penalty action needs \"take\": \"damage\" or \"crew\"");
    action.damage = *take == "damage";
    if (json.contains("card")) {
      if (action.damage) return bad_action("a damage penalty names no card");
      auto card = read_card(json, "card");
      if (!card) return card.error();
      action.card = *card;
    }
    return action;
  }
  if (type == "lose_crew" || type == "to_locker") {
    action.type = type == "lose_crew" ? ActionType::kLoseCrew : ActionType::kToLocker;
    if (auto refused = only_fields(json, {"card"})) return *refused;
    auto card = read_card(json, "card");
    if (!card) return card.error();
    action.card = *card;
    return action;
  }
  if (type == "return") {
    action.type = ActionType::kReturn;
    if (auto refused = only_fields(json, {"cards"})) return *refused;
    auto cards = json.find("cards");
    if (cards == json.end() || !cards->is_array() || cards->size() > 6)
      return bad_action("a return action needs \"cards\": an array of crew card names");
    for (const Json& name : *cards) {
      auto crew = name.is_string() ? crew_from_name(name.get<std::string>()) : std::nullopt;
      if (!crew) return bad_action("\"cards\" must hold crew card names only");
      action.cards.push_back(*crew);
    }
    return action;
  }
  return bad_action("unknown action type \"" + type + "\"");
}

Json order_json(Order order, int crew) {
  Json json = {{"type", "order"}, {"order", order_name(order)}};
  const std::string_view field = count_field(order);
  if (!field.empty()) json[std::string(field)] = crew;
  return json;
}

Json targets_json(const std::vector<int>& targets, int steal) {
  Json json = {{"type", "targets"}, {"targets", targets}};
  if (steal > 0) json["steal"] = steal;
  return json;
}

Json simple_json(std::string_view type) {
  return {{"type", type}};
}

Json penalty_json(bool damage, std::optional<Crew> card) {
  Json json = {{"type", "penalty"}, {"take", damage ? "damage" : "crew"}};
  if (!damage && card) json["card"] = crew_name(*card);
  return json;
}

Json card_json(std::string_view type, Crew card) {
  return {{"type", type}, {"card", crew_name(card)}};
}

Json return_json(const Hand& cards) {
  return {{"type", "return"}, {"cards", hand_json(cards)}};
}

}  // namespace tortuga::scalawag
