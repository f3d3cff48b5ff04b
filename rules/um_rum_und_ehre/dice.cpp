// A roll and the rum that may follow it: after rolling, a player may discard a barrel to roll
// again once or twice, then another barrel, and so on; the last roll counts. The imaginary crew
// of the two-player game has no rum.
#include <string>

#include "rules/core/action_reader.hpp"
#include "rules/um_rum_und_ehre/chance_events.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {

void UmRumUndEhreState::script_dice(const std::vector<int>& faces) {
  std::vector<std::uint32_t> script;
  for (int face : faces) script.push_back(static_cast<std::uint32_t>(face - 1));
  State::chance() = Chance(State::chance().seed(), std::move(script));
}

void UmRumUndEhreState::ask_roll(int seat, int crew, Dice dice) {
  roll_ = Roll{seat, crew, 0, 0};
  dice_ = dice;
  step_ = Step::kRoll;
}

Json UmRumUndEhreState::dice_actions() const {
  Json actions = Json::array();
  if (step_ == Step::kRoll) {
    actions.push_back({{"type", "roll"}});
    return actions;
  }
  actions.push_back({{"type", "keep"}});
  if (roll_.rerolls_left > 0) actions.push_back({{"type", "reroll"}});
  if (roll_.rerolls_left == 0 && players_[roll_.seat].rum > 0) actions.push_back({{"type", "rum"}});
  return actions;
}

Refusal UmRumUndEhreState::dice_answer(const Json& action) {
  const std::string type = action["type"].get<std::string>();
  if (step_ == Step::kRoll) {
    if (type != "roll") return illegal("it is your roll: roll");
  } else if (type != "keep" && type != "reroll" && type != "rum") {
    return illegal("you rolled " + std::to_string(roll_.value) + ": keep it, reroll or rum");
  }
  if (auto bad = expect_fields(action, {})) return bad;
  Player& p = players_[roll_.seat];
  if (type == "reroll" && roll_.rerolls_left == 0)
    return illegal("no barrel drunk for this roll has a reroll left: drink rum first");
  if (type == "rum") {
    if (roll_.rerolls_left > 0)
      return illegal("this barrel still gives a reroll: reroll before drinking another");
    if (p.rum == 0) return illegal("you have no rum barrel");
  }
  if (type == "keep") {
    roll_done();
    return std::nullopt;
  }
  if (type == "rum") {
    --p.rum;
    ++rum_supply_;
    roll_.rerolls_left = 2;
  }
  if (type == "reroll" || type == "rum") --roll_.rerolls_left;
  roll_.value = number(State::chance(), kDiceEvent, 1, 6);
  Json shown = {{"event", type == "roll" ? "rolled" : "rerolled"},
                {"seat", roll_.seat},
                {"value", roll_.value}};
  if (roll_.crew == kImaginaryCrew) shown["for"] = "imaginary_crew";
  if (type == "rum") shown["rum"] = true;
  add_event(std::move(shown));
  const bool may_drink = roll_.crew != kImaginaryCrew && (roll_.rerolls_left > 0 || p.rum > 0);
  if (may_drink) {
    step_ = Step::kRum;
    return std::nullopt;
  }
  roll_done();
  return std::nullopt;
}

void UmRumUndEhreState::roll_done() {
  switch (dice_) {
    case Dice::kTavern:
      tavern_rolled(roll_.value);
      break;
    case Dice::kChest:
      chest_rolled(roll_.value);
      break;
    case Dice::kBrawl:
      brawl_rolled(roll_.value);
      break;
  }
}

}  // namespace tortuga::um_rum_und_ehre
