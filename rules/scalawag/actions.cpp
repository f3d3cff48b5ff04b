#include "rules/scalawag/actions.hpp"

#include <string>

#include "rules/core/action_reader.hpp"

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

// In the order of ActionType.
constexpr std::string_view kTypes[] = {"order",     "second_fire", "lookout", "targets",
                                       "challenge", "decline",     "penalty", "lose_crew",
                                       "return",    "to_locker"};

Action parse_order(ActionReader& read) {
  Action action;
  action.order = read.one_of("order", kOrders, order_name);
  const std::string_view field = count_field(action.order);
  if (field.empty()) {
    read.fields({"order"});
  } else {
    read.fields({"order", field});
    action.crew = static_cast<int>(read.integer(field, 0, kMaxAssigned));
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
  ActionReader read(json);
  const auto type = static_cast<ActionType>(read.type_among(kTypes));
  Action action = type == ActionType::kOrder ? parse_order(read) : Action{};
  action.type = type;
  switch (type) {
    case ActionType::kOrder:
      break;
    case ActionType::kTargets:
      read.fields({"targets"}, {"steal"});
      for (long long seat : read.integers("targets", 1, 2, 0, 64))
        action.targets.push_back(static_cast<int>(seat));
      if (read.has("steal")) action.steal = static_cast<int>(read.integer("steal", 1, 2));
      break;
    case ActionType::kPenalty:
      read.fields({"take"}, {"card"});
      action.damage = read.one_of("take", {"damage", "crew"}) == "damage";
      if (action.damage)
        read.fields({"take"});  // a damage penalty names no crew card
      else if (read.has("card"))
        action.card = read.one_of("card", kAllCrew, crew_name);
      break;
    case ActionType::kLoseCrew:
    case ActionType::kToLocker:
      read.fields({"card"});
      action.card = read.one_of("card", kAllCrew, crew_name);
      break;
    case ActionType::kReturn:
      read.fields({"cards"});
      action.cards = read.list_of("cards", 0, 6, kAllCrew, crew_name);
      break;
    default:  // second_fire, lookout, challenge, decline
      read.fields({});
  }
  if (auto bad = read.refusal()) return *bad;
  return action;
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
