// The JSON of Scalawag!'s actions, read with the ActionReader (a malformed one is refused as
// bad_action in the words every game uses) and written ready to send. Every field is checked;
// unknown fields are refused.
//
//   {"type": "order", "order": "make_sail", "sailors": 0..3}     Captain's Orders; a count of
//   {"type": "order", "order": "fire", "gunners": 0..3}          crew above zero is a claim
//   {"type": "order", "order": "board", "marines": 0..3}
//   {"type": "order", "order": "recruit"}
//   {"type": "order", "order": "windward"}                       claims a Pilot
//   {"type": "order", "order": "mutiny"}                         claims a Mutineer
//   {"type": "order", "order": "on_guard"}                       claims a Lookout
//   {"type": "second_fire"}                                      claims a Pilot (fire only)
//   {"type": "lookout"}                                          claims a Lookout: reach everyone
//   {"type": "targets", "targets": [seat, ...]}                  fire (1 or 2), board, windward
//   {"type": "targets", "targets": [seat], "steal": 1|2}         mutiny
//   {"type": "challenge"}   {"type": "decline"}                  in a challenge window
//   {"type": "penalty", "take": "damage"}                        the Scalawag penalty
//   {"type": "penalty", "take": "crew", "card": "gunner"}        (no card when another chooses)
//   {"type": "lose_crew", "card": "gunner"}                      boarded: which card to lose
//   {"type": "return", "cards": ["sailor", ...]}                 recruit, mutiny: back to harbour
//   {"type": "to_locker", "card": "gunner"}                      a fourth card after a war prize
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"
#include "rules/scalawag/crew.hpp"

namespace tortuga::scalawag {

enum class Order : std::uint8_t {
  kMakeSail,
  kFire,
  kBoard,
  kRecruit,
  kWindward,
  kMutiny,
  kOnGuard
};

enum class ActionType : std::uint8_t {
  kOrder,
  kSecondFire,
  kLookout,
  kTargets,
  kChallenge,
  kDecline,
  kPenalty,
  kLoseCrew,
  kReturn,
  kToLocker
};

struct Action {
  ActionType type = ActionType::kDecline;
  Order order = Order::kMakeSail;
  int crew = 0;              // order: Sailors, Gunners or Marines assigned
  std::vector<int> targets;  // targets
  int steal = 0;             // targets of a mutiny
  bool damage = false;       // penalty: take one damage (else one crew loss)
  std::optional<Crew> card;  // penalty (crew), lose_crew, to_locker
  Hand cards;                // return
};

std::string_view order_name(Order order);
// The crew an order needs or may be given: Sailors, Gunners, Marines, or the required card.
Crew order_crew(Order order);
// Whether the count of its crew is chosen (make sail, fire, board) rather than one required card.
bool counts_crew(Order order);
// The attacks that need adjacency, which a Lookout's reach extends.
bool needs_reach(Order order);
bool takes_targets(Order order);

Expected<Action> parse_action(const nlohmann::json& action);

nlohmann::json order_json(Order order, int crew);
nlohmann::json targets_json(const std::vector<int>& targets, int steal = 0);
nlohmann::json simple_json(std::string_view type);
nlohmann::json penalty_json(bool damage, std::optional<Crew> card);
nlohmann::json card_json(std::string_view type, Crew card);
nlohmann::json return_json(const Hand& cards);

}  // namespace tortuga::scalawag
