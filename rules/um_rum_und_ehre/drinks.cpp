// The two spaces where everyone may roll: the tavern (a drink offered to each opponent in turn,
// then rolls in turn to beat the matching tiles' numbers) and the treasure chest (the plain chest
// to the player, then a running total of rolls round the table until someone reaches the
// scorpion's number and is stung).
#include <string>

#include "rules/um_rum_und_ehre/tile_json.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {

void UmRumUndEhreState::open_tavern(int tavern) {
  bool any = false;
  for (const Tile& t : display_.taverns) any = any || t.sort == tavern;
  if (!any) {
    add_event({{"event", "empty_tavern"}, {"tavern", tavern_name(tavern)}});
    space_done();
    return;
  }
  drink_ = Drink{tavern, {current_}, 0, current_};
  ask_next_invitee();
}

void UmRumUndEhreState::ask_next_invitee() {
  // Each opponent in turn, clockwise; one without a coin is asked too (and can only decline), so
  // that nobody learns who has none.
  const int next = (drink_.invitee + 1) % seats();
  if (next != current_) {
    drink_.invitee = next;
    step_ = Step::kInvite;
    return;
  }
  drink_.invitee = -1;
  start_drinking();
}

void UmRumUndEhreState::start_drinking() {
  if (drink_.drinkers.size() == 1) {
    // Alone at the table: the host takes every matching tile.
    auto& shown = display_.taverns;
    for (std::size_t i = 0; i < shown.size();) {
      if (shown[i].sort != drink_.tavern) {
        ++i;
        continue;
      }
      players_[current_].flag.push_back(shown[i]);
      add_event({{"event", "took_tavern"}, {"seat", current_}, {"tile", tile_json(shown[i])}});
      shown.erase(shown.begin() + static_cast<long>(i));
    }
    refill_taverns(display_, stacks_);
    space_done();
    return;
  }
  drink_.next = 0;
  ask_roll(drink_.drinkers[0], drink_.drinkers[0], Dice::kTavern);
}

void UmRumUndEhreState::tavern_rolled(int value) {
  auto& shown = display_.taverns;
  const int seat = roll_.seat;
  int best = -1;
  bool left = false;
  for (int i = 0; i < static_cast<int>(shown.size()); ++i) {
    if (shown[i].sort != drink_.tavern) continue;
    if (shown[i].value < value && (best < 0 || shown[i].value > shown[best].value)) best = i;
  }
  if (best >= 0) {
    players_[seat].flag.push_back(shown[best]);
    add_event({{"event", "took_tavern"},
               {"seat", seat},
               {"tile", tile_json(shown[best])},
               {"roll", value}});
    shown.erase(shown.begin() + best);
  } else {
    add_event({{"event", "drank_in_vain"}, {"seat", seat}, {"roll", value}});
  }
  for (const Tile& t : shown) left = left || t.sort == drink_.tavern;
  if (!left) {
    refill_taverns(display_, stacks_);
    space_done();
    return;
  }
  drink_.next = (drink_.next + 1) % static_cast<int>(drink_.drinkers.size());
  const int next = drink_.drinkers[drink_.next];
  ask_roll(next, next, Dice::kTavern);
}

void UmRumUndEhreState::open_chest() {
  if (display_.chest) {
    players_[current_].flag.push_back(*display_.chest);
    add_event({{"event", "took_chest"}, {"seat", current_}, {"tile", tile_json(*display_.chest)}});
    display_.chest.reset();
  }
  if (!display_.scorpion) {
    refill_chests(display_, stacks_);
    space_done();
    return;
  }
  chest_total_ = 0;
  chest_next_ = current_;
  ask_roll(current_, current_, Dice::kChest);
}

void UmRumUndEhreState::chest_rolled(int value) {
  chest_total_ += value;
  const int seat = roll_.seat;
  if (chest_total_ >= display_.scorpion->threshold) {
    players_[seat].flag.push_back(*display_.scorpion);
    add_event({{"event", "stung"},
               {"seat", seat},
               {"roll", value},
               {"total", chest_total_},
               {"tile", tile_json(*display_.scorpion)}});
    display_.scorpion.reset();
    refill_chests(display_, stacks_);
    space_done();
    return;
  }
  add_event({{"event", "chest_roll"}, {"seat", seat}, {"roll", value}, {"total", chest_total_}});
  chest_next_ = (chest_next_ + 1) % seats();
  ask_roll(chest_next_, chest_next_, Dice::kChest);
}

}  // namespace tortuga::um_rum_und_ehre
