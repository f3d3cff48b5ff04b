// What each seat may do now, as ready-to-send actions, and the precise reason an action is not
// allowed. Claims are never checked against the hand: bluffing is the game.
#include <algorithm>
#include <string>

#include "rules/scalawag/scalawag_state.hpp"

namespace tortuga::scalawag {
namespace {

std::string seat_text(int seat) {
  return "seat " + std::to_string(seat);
}

}  // namespace

bool ScalawagState::fire_affordable(int gunners, bool two) const {
  // Priced as if a Lookout brought every ship within reach: the captain may still claim one.
  std::vector<int> costs;
  for (int seat : table_.alive_seats())
    if (seat != current_) costs.push_back(table_.fire_cost(current_, seat, gunners, true));
  std::sort(costs.begin(), costs.end());
  const int compass = table_.ships[current_].compass;
  if (two) return costs.size() >= 2 && costs[0] + costs[1] <= compass;
  return !costs.empty() && costs[0] <= compass;
}

bool ScalawagState::board_affordable(int marines) const {
  for (int seat : table_.alive_seats())
    if (seat != current_ &&
        table_.board_cost(current_, seat, marines, true) <= table_.ships[current_].compass)
      return true;
  return false;
}

std::vector<std::vector<int>> ScalawagState::target_choices() const {
  std::vector<std::vector<int>> choices;
  const int compass = table_.ships[current_].compass;
  std::vector<int> others;
  for (int seat : table_.alive_seats())
    if (seat != current_) others.push_back(seat);
  const Command& c = command_;
  for (int target : others) {
    switch (c.order) {
      case Order::kFire:
        if (table_.fire_cost(current_, target, c.crew, c.reach) <= compass)
          choices.push_back({target});
        break;
      case Order::kBoard: {
        const int cost = table_.board_cost(current_, target, c.crew, c.reach);
        if (cost >= 0 && cost <= compass) choices.push_back({target});
        break;
      }
      case Order::kWindward:
        if (c.reach || table_.adjacent(current_, target)) choices.push_back({target});
        break;
      case Order::kMutiny:
        choices.push_back({target});
        break;
      default:
        break;
    }
  }
  if (c.order == Order::kFire && c.second_fire) {
    for (std::size_t i = 0; i < others.size(); ++i)
      for (std::size_t j = i + 1; j < others.size(); ++j)
        if (table_.fire_cost(current_, others[i], c.crew, c.reach) +
                table_.fire_cost(current_, others[j], c.crew, c.reach) <=
            compass)
          choices.push_back({others[i], others[j]});
  }
  return choices;
}

std::vector<ScalawagState::PenaltyOption> ScalawagState::penalty_options() const {
  const Ship& ship = table_.ships[penalty_.payer];
  const bool damage_sinks = ship.damage + 1 >= kDamageBoxes;
  const bool crew_empties = ship.hand.size() <= 1;
  std::vector<PenaltyOption> options;
  if (damage_sinks && crew_empties) {
    // Either way the payer is out: the other party chooses, and so chooses the war prize.
    options.push_back({true, std::nullopt});
    options.push_back({false, std::nullopt});
    return options;
  }
  if (!damage_sinks) options.push_back({true, std::nullopt});
  if (!crew_empties)
    for (Crew kind : kinds_in(ship.hand)) options.push_back({false, kind});
  return options;
}

Json ScalawagState::legal(int seat) const {
  Json actions = Json::array();
  const Ship& captain = table_.ships[current_];
  switch (phase_) {
    case Phase::kOrder:
      for (int n = 0; n <= kMaxAssigned; ++n) actions.push_back(order_json(Order::kMakeSail, n));
      for (int n = 0; n <= kMaxAssigned; ++n)
        if (fire_affordable(n, false)) actions.push_back(order_json(Order::kFire, n));
      for (int n = 0; n <= kMaxAssigned; ++n)
        if (board_affordable(n)) actions.push_back(order_json(Order::kBoard, n));
      for (Order order : {Order::kRecruit, Order::kWindward, Order::kMutiny, Order::kOnGuard})
        actions.push_back(order_json(order, 0));
      break;
    case Phase::kWindow:
      actions.push_back(simple_json("challenge"));
      actions.push_back(simple_json("decline"));
      break;
    case Phase::kTargets: {
      auto choices = target_choices();
      const bool can_reach =
          needs_reach(command_.order) && !command_.reach &&
          static_cast<int>(table_.neighbours(current_).size()) + 1 < table_.alive_count();
      // A claim is worth offering only if the order can still be carried out.
      if (command_.order == Order::kFire && !command_.second_fire &&
          fire_affordable(command_.crew, true))
        actions.push_back(simple_json("second_fire"));
      if (can_reach) actions.push_back(simple_json("lookout"));
      for (const auto& targets : choices) {
        if (command_.order != Order::kMutiny) {
          actions.push_back(targets_json(targets));
          continue;
        }
        const int most = std::min<int>(2, table_.ships[targets[0]].hand.size());
        for (int steal = 1; steal <= most; ++steal) actions.push_back(targets_json(targets, steal));
      }
      break;
    }
    case Phase::kPenalty:
      for (const auto& option : penalty_options())
        actions.push_back(penalty_json(option.damage, option.card));
      break;
    case Phase::kLoseCrew:
      for (Crew kind : kinds_in(table_.ships[asked_].hand))
        actions.push_back(card_json("lose_crew", kind));
      break;
    case Phase::kReturn:
      for (const Hand& cards : sub_hands(captain.hand, return_count_))
        actions.push_back(return_json(cards));
      break;
    case Phase::kPrizeDiscard:
      for (Crew kind : kinds_in(table_.ships[asked_].hand))
        actions.push_back(card_json("to_locker", kind));
      break;
    case Phase::kOver:
      break;
  }
  return actions;
}

bool ScalawagState::target_refusal(const Action& action, std::string& why) const {
  const Command& c = command_;
  const auto& targets = action.targets;
  if (c.order == Order::kMutiny ? action.steal == 0 : action.steal != 0) {
    why = c.order == Order::kMutiny ? "a mutiny says how many cards to steal: \"steal\": 1 or 2"
                                    : "only a mutiny steals cards: no \"steal\" here";
    return true;
  }
  if (targets.size() == 2 && !(c.order == Order::kFire && c.second_fire)) {
    why = "one target only: a second target needs a Pilot's second fire";
    return true;
  }
  if (targets.size() == 2 && targets[0] == targets[1]) {
    why = "the two fires must have different targets";
    return true;
  }
  int cost = 0;
  for (int target : targets) {
    if (target >= table_.seats() || !table_.ships[target].alive) {
      why = seat_text(target) + " is not a ship in play";
      return true;
    }
    if (target == current_) {
      why = "a captain does not attack their own ship";
      return true;
    }
    if (needs_reach(c.order) && c.order != Order::kFire && !c.reach &&
        !table_.adjacent(current_, target)) {
      why = seat_text(target) + " is not adjacent: a Lookout would bring it within reach";
      return true;
    }
    if (c.order == Order::kFire) cost += table_.fire_cost(current_, target, c.crew, c.reach);
    if (c.order == Order::kBoard) cost += table_.board_cost(current_, target, c.crew, c.reach);
  }
  const int compass = table_.ships[current_].compass;
  if (cost > compass) {
    why = "this attack costs " + std::to_string(cost) + " compass points and you have " +
          std::to_string(compass);
    return true;
  }
  if (c.order == Order::kMutiny &&
      action.steal > static_cast<int>(table_.ships[targets[0]].hand.size())) {
    why = seat_text(targets[0]) + " has fewer crew cards than that";
    return true;
  }
  return false;
}

Refusal ScalawagState::check(int seat, const Action& action) const {
  static const char* const kExpected[] = {"a Captain's Order (order)",
                                          "challenge or decline",
                                          "a claim (second_fire, lookout) or the targets",
                                          "the Scalawag penalty (penalty)",
                                          "which crew card the boarded ship loses (lose_crew)",
                                          "which cards go back to the harbour (return)",
                                          "which card goes to Davy Jones' locker (to_locker)",
                                          "nothing"};
  const ActionType wanted[] = {ActionType::kOrder,   ActionType::kChallenge, ActionType::kTargets,
                               ActionType::kPenalty, ActionType::kLoseCrew,  ActionType::kReturn,
                               ActionType::kToLocker};
  const auto p = static_cast<int>(phase_);
  const ActionType type = action.type;
  const bool fits =
      p < 7 && (type == wanted[p] || (phase_ == Phase::kWindow && type == ActionType::kDecline) ||
                (phase_ == Phase::kTargets &&
                 (type == ActionType::kSecondFire || type == ActionType::kLookout)));
  if (!fits) return illegal(std::string("now the game waits for ") + kExpected[p]);
  const Ship& ship = table_.ships[seat];
  std::string why;
  switch (type) {
    case ActionType::kOrder:
      if (action.order == Order::kFire && !fire_affordable(action.crew, false))
        return illegal("no ship is within your compass points' range for fire with " +
                       crew_text(Crew::kGunner, action.crew));
      if (action.order == Order::kBoard && !board_affordable(action.crew))
        return illegal("you cannot pay any ship's boarding cost with " +
                       crew_text(Crew::kMarine, action.crew));
      break;
    case ActionType::kSecondFire:
      if (command_.order != Order::kFire) return illegal("a second fire needs a fire order");
      if (command_.second_fire) return illegal("the Pilot's second fire is already claimed");
      if (!fire_affordable(command_.crew, true))
        return illegal("your compass points cannot pay for two fires");
      break;
    case ActionType::kLookout:
      if (!needs_reach(command_.order))
        return illegal("a Lookout's reach helps only fire, board and windward");
      if (command_.reach) return illegal("the Lookout is already claimed");
      if (static_cast<int>(table_.neighbours(current_).size()) + 1 >= table_.alive_count())
        return illegal("every ship is already adjacent to yours");
      break;
    case ActionType::kTargets:
      if (target_refusal(action, why)) return illegal(why);
      break;
    case ActionType::kPenalty: {
      const bool other_chooses = penalty_.chooser != penalty_.payer;
      if (other_chooses && action.card)
        return illegal("you choose only damage or crew loss for " + seat_text(penalty_.payer));
      const auto options = penalty_options();
      const bool allowed = std::any_of(options.begin(), options.end(), [&](const auto& o) {
        return o.damage == action.damage &&
               (action.damage || other_chooses || o.card == action.card);
      });
      if (allowed) break;
      if (action.damage) return illegal("a damage would sink you while a crew loss would not");
      if (!action.card) return illegal("name the crew card you lose (\"card\")");
      if (ship.hand.size() <= 1) return illegal("losing your last crew card would eliminate you");
      return illegal("you hold no " + std::string(crew_name(*action.card)));
    }
    case ActionType::kLoseCrew:
    case ActionType::kToLocker:
      if (count_of(ship.hand, *action.card) == 0)
        return illegal("you hold no " + std::string(crew_name(*action.card)));
      break;
    case ActionType::kReturn:
      if (static_cast<int>(action.cards.size()) != return_count_)
        return illegal("put back exactly " + std::to_string(return_count_) + " cards");
      if (!holds_all(ship.hand, action.cards)) return illegal("you do not hold all those cards");
      break;
    default:
      break;
  }
  return std::nullopt;
}

}  // namespace tortuga::scalawag
