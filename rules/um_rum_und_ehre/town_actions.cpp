// The spaces' actions that need no dice: coin, HQ, pirate, pirate goods, encounter, treasure map,
// rum barrel and city guard. A space that asks its player a question (which alleys to clear at the
// HQ, keep or sell an article, which map, which guard) waits in its own step.
#include <algorithm>
#include <string>

#include "rules/core/action_reader.hpp"
#include "rules/um_rum_und_ehre/tile_json.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {

void UmRumUndEhreState::space_action(int space) {
  const Space kind = town_->space(space).kind;
  Player& p = players_[current_];
  const int seat = current_;
  switch (kind) {
    case Space::kCoin:
      ++p.coins;
      add_event({{"event", "coin"}, {"seat", seat}});
      break;
    case Space::kHq:
      if (hq_choices().size() > 1) {
        step_ = Step::kHq;
        return;
      }
      break;
    case Space::kPirate:
      if (p.office > 0) {
        --p.office;
        ++p.supply;
        add_event({{"event", "recruit"}, {"seat", seat}});
      }
      break;
    case Space::kGoods:
      drawn_ = draw(stacks_.goods);
      if (drawn_) {
        add_event({{"event", "drew_goods"}, {"seat", seat}}, seat,
                  {{"event", "drew_goods"}, {"seat", seat}, {"tile", tile_json(*drawn_)}});
        step_ = Step::kGoods;
        return;
      }
      break;
    case Space::kEncounter:
      if (auto met = draw(stacks_.encounters)) {
        p.meetings.push_back(*met);
        add_event({{"event", "drew_encounter"}, {"seat", seat}}, seat,
                  {{"event", "drew_encounter"}, {"seat", seat}, {"tile", tile_json(*met)}});
      }
      break;
    case Space::kMapYellow:
    case Space::kMapPink:
    case Space::kMapGreen: {
      // A question only when the maps of the colour differ: otherwise any one is as good.
      const std::vector<int> slots = map_slots();
      if (slots.empty()) break;
      bool same = true;
      for (int slot : slots) same = same && display_.maps[slot] == display_.maps[slots[0]];
      if (same) {
        take_map(slots[0]);
        break;
      }
      step_ = Step::kMap;
      return;
    }
    case Space::kTavernEsCruce:
    case Space::kTavernFrereJacques:
    case Space::kTavernJollyRoger:
      open_tavern(tavern_of(kind));
      return;
    case Space::kChest:
      open_chest();
      return;
    case Space::kRum: {
      const int barrels = std::min(2, rum_supply_);
      rum_supply_ -= barrels;
      p.rum += barrels;
      add_event({{"event", "rum"}, {"seat", seat}, {"barrels", barrels}});
      break;
    }
    case Space::kGuard:
      if (!stacks_.small_guards.empty() || !stacks_.big_guards.empty()) {
        step_ = Step::kGuard;
        return;
      }
      break;
  }
  space_done();
}

Json UmRumUndEhreState::hq_choices() const {
  Json choices = Json::array();
  std::vector<int> dark;
  for (const Alley& a : town_->alleys()) {
    if (alley_owner_[a.id] != current_) continue;
    choices.push_back({{"type", "take_back"}, {"alleys", {a.id}}});
    if (a.dark) dark.push_back(a.id);
  }
  for (std::size_t i = 0; i < dark.size(); ++i)
    for (std::size_t j = i + 1; j < dark.size(); ++j)
      choices.push_back({{"type", "take_back"}, {"alleys", {dark[i], dark[j]}}});
  choices.push_back({{"type", "take_back"}, {"alleys", Json::array()}});
  return choices;
}

Json UmRumUndEhreState::town_question_actions() const {
  return town_question_actions_for(step_);
}

Json UmRumUndEhreState::town_question_actions_for(Step step) const {
  Json actions = Json::array();
  switch (step) {
    case Step::kHq:
      return hq_choices();
    case Step::kGoods:
      actions.push_back({{"type", "keep"}});
      actions.push_back({{"type", "sell"}});
      break;
    case Step::kMap:
      for (int slot : map_slots()) actions.push_back({{"type", "take_map"}, {"slot", slot}});
      break;
    case Step::kGuard:
      if (!stacks_.small_guards.empty()) actions.push_back({{"type", "guard"}, {"size", "small"}});
      if (!stacks_.big_guards.empty()) actions.push_back({{"type", "guard"}, {"size", "big"}});
      break;
    default:
      break;
  }
  return actions;
}

Refusal UmRumUndEhreState::town_answer(const Json& action) {
  const std::string type = action["type"].get<std::string>();
  Player& p = players_[current_];
  switch (step_) {
    case Step::kHq: {
      if (type != "take_back")
        return illegal("at the HQ you take_back your pirates from one alley or two dark alleys");
      ActionReader read(action, {"alleys"});
      const Json& list = read.array("alleys", 0, 2, "alley ids");
      if (auto bad = read.refusal()) return bad;
      std::vector<int> ids;
      for (const Json& id : list) {
        if (!id.is_number_integer() || id.get<long long>() < 0 ||
            id.get<long long>() >= static_cast<long long>(alley_owner_.size()))
          return illegal("\"alleys\" must hold ids of alleys of the town");
        ids.push_back(id.get<int>());
      }
      for (int id : ids)
        if (alley_owner_[id] != current_)
          return illegal("alley " + std::to_string(id) + " holds none of your pirates");
      if (ids.size() == 2 &&
          (ids[0] == ids[1] || !town_->alley(ids[0]).dark || !town_->alley(ids[1]).dark))
        return illegal("two alleys may be cleared only when both are dark alleys");
      int back = 0;
      for (int id : ids) {
        back += town_->alley(id).segments;
        alley_owner_[id] = -1;
      }
      p.supply += back;
      add_event({{"event", "take_back"}, {"seat", current_}, {"alleys", ids}, {"pirates", back}});
      break;
    }
    case Step::kGoods: {
      if (type != "keep" && type != "sell")
        return illegal("you drew an article of pirate goods: keep it or sell it");
      if (auto bad = expect_fields(action, {})) return bad;
      if (type == "keep") {
        p.flag.push_back(*drawn_);
        add_event({{"event", "kept_goods"}, {"seat", current_}}, current_,
                  {{"event", "kept_goods"}, {"seat", current_}, {"tile", tile_json(*drawn_)}});
      } else {
        put_under(stacks_.goods, *drawn_);
        p.coins += 2;
        add_event({{"event", "sold_goods"}, {"seat", current_}}, current_,
                  {{"event", "sold_goods"}, {"seat", current_}, {"tile", tile_json(*drawn_)}});
      }
      drawn_.reset();
      break;
    }
    case Step::kMap: {
      if (type != "take_map") return illegal("choose a map of this space's colour: take_map");
      ActionReader read(action, {"slot"});
      // Past a million a slot is malformed rather than an empty one: it must fit an int.
      const int slot = static_cast<int>(read.integer("slot", -1000000, 1000000));
      if (auto bad = read.refusal()) return bad;
      const int colour = map_colour(town_->space(captain_).kind);
      if (slot < 0 || slot >= static_cast<int>(display_.maps.size()) ||
          display_.maps[slot].sort != colour)
        return illegal("slot " + std::to_string(slot) + " of the maps holds no " +
                       std::string(colour_name(colour)) + " map");
      take_map(slot);
      break;
    }
    case Step::kGuard: {
      if (type != "guard") return illegal("choose the small or the big guard");
      ActionReader read(action, {"size"});
      const std::string_view size = read.one_of("size", {"small", "big"});
      if (auto bad = read.refusal()) return bad;
      const bool big = size == "big";
      if ((big ? stacks_.big_guards : stacks_.small_guards).empty())
        return illegal("no " + std::string(size) + " guard is left");
      fight_guard(big);
      break;
    }
    default:
      return illegal("nothing to answer");
  }
  space_done();
  return std::nullopt;
}

std::vector<int> UmRumUndEhreState::map_slots() const {
  std::vector<int> slots;
  const int colour = map_colour(town_->space(captain_).kind);
  for (int slot = 0; slot < static_cast<int>(display_.maps.size()); ++slot)
    if (display_.maps[slot].sort == colour) slots.push_back(slot);
  return slots;
}

void UmRumUndEhreState::take_map(int slot) {
  const Tile map = display_.maps[slot];
  display_.maps.erase(display_.maps.begin() + slot);
  players_[current_].flag.push_back(map);
  add_event({{"event", "took_map"}, {"seat", current_}, {"tile", tile_json(map)}});
  refill_maps(display_, stacks_);
}

void UmRumUndEhreState::fight_guard(bool big) {
  Stack& stack = big ? stacks_.big_guards : stacks_.small_guards;
  const Tile guard = *draw(stack);
  Player& p = players_[current_];
  const bool won = p.supply > guard.value;
  if (won) {
    p.flag.push_back(guard);
    if (guard_pays_coin(guard)) ++p.coins;
  } else {
    put_under(stack, guard);
  }
  add_event({{"event", won ? "beat_guard" : "lost_to_guard"},
             {"seat", current_},
             {"tile", tile_json(guard)},
             {"crew", p.supply}});
}

}  // namespace tortuga::um_rum_und_ehre
