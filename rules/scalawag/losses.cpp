// What a ship loses: the Scalawag penalty, damage and crew losses, and the elimination they may
// bring, with its war prize for whoever caused it.
#include <algorithm>

#include "rules/scalawag/chance_events.hpp"
#include "rules/scalawag/scalawag_state.hpp"

namespace tortuga::scalawag {

void ScalawagState::start_penalty(int payer, int other, Then then) {
  then_ = then;
  const Ship& ship = table_.ships[payer];
  const bool both_eliminate = ship.damage + 1 >= kDamageBoxes && ship.hand.size() <= 1;
  penalty_ = {payer, other, both_eliminate ? other : payer};
  auto options = penalty_options();
  if (options.size() == 1) return pay_penalty(options[0].damage, options[0].card);
  phase_ = Phase::kPenalty;
}

void ScalawagState::pay_penalty(bool take_damage, std::optional<Crew> card) {
  const int payer = penalty_.payer;
  log({{"event", "penalty"},
       {"seat", payer},
       {"chosen_by", penalty_.chooser},
       {"take", take_damage ? "damage" : "crew"}});
  if (take_damage)
    damage(payer, penalty_.other);
  else
    lose_crew(payer, card ? *card : table_.ships[payer].hand.front(), penalty_.other);
  carry_on();
}

void ScalawagState::damage(int seat, int cause) {
  Ship& ship = table_.ships[seat];
  ++ship.damage;
  log({{"event", "damage"}, {"seat", seat}, {"damage", ship.damage}});
  if (ship.damage >= kDamageBoxes) eliminate(seat, cause, true);
}

void ScalawagState::lose_crew(int seat, Crew card, int cause) {
  Ship& ship = table_.ships[seat];
  remove_one(ship.hand, card);
  table_.locker.push_back(card);
  log({{"event", "crew_lost"}, {"seat", seat}, {"card", crew_name(card)}});
  if (ship.hand.empty()) eliminate(seat, cause, false);
}

void ScalawagState::eliminate(int seat, int cause, bool sunk) {
  Ship& ship = table_.ships[seat];
  log({{"event", "eliminated"}, {"seat", seat}, {"by", cause}, {"how", sunk ? "sunk" : "no_crew"}});
  if (cause >= 0 && cause != seat && table_.ships[cause].alive) {
    Ship& victor = table_.ships[cause];
    if (sunk && !ship.hand.empty()) {
      // The war prize for a sinking: one of the wreck's crew cards, at random.
      const auto pick = tortuga::pick(chance(), kWarPrizeEvent, ship.hand, crew_name);
      const Crew card = ship.hand[pick];
      ship.hand.erase(ship.hand.begin() + pick);
      victor.hand.push_back(card);
      log({{"event", "war_prize"}, {"seat", cause}, {"prize", "crew_card"}});
      log({{"event", "you_took"}, {"card", crew_name(card)}}, cause);
    } else if (!sunk && victor.damage > 0) {
      --victor.damage;  // the war prize for taking the last crew: one damage repaired
      log({{"event", "war_prize"}, {"seat", cause}, {"prize", "repair"}});
    }
  }
  log({{"event", "to_locker"}, {"seat", seat}, {"cards", hand_json(ship.hand)}});
  table_.locker.insert(table_.locker.end(), ship.hand.begin(), ship.hand.end());
  ship.hand.clear();
  ship.compass = 0;
  ship.damage = 0;
  ship.on_guard = false;
  ship.alive = false;
  eliminated_.push_back(seat);
  // The Fog of War leaves the game at the first elimination.
  rules_.fog = false;
  table_.fog = -1;

  const auto alive = table_.alive_seats();
  const bool one_side = std::all_of(alive.begin(), alive.end(),
                                    [&](int s) { return table_.same_side(s, alive.front()); });
  if (!one_side) return;
  winners_.clear();
  for (int s = 0; s < table_.seats(); ++s)
    if (table_.same_side(s, alive.front())) winners_.push_back(s);
  end_reason_ = rules_.alliances ? "last_team" : "last_ship";
  phase_ = Phase::kOver;
}

}  // namespace tortuga::scalawag
