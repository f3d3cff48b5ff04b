// The player's actions in a turn: the raids and their prizes, the rogue actions, and the choice
// of what to reveal after a parrot pact. Each checks what the rules forbid before changing
// anything, so that a refusal leaves the state as it was.
#include <algorithm>

#include "rules/colpaccio/colpaccio_state.hpp"
#include "rules/colpaccio/convoy.hpp"

namespace tortuga::colpaccio {
namespace {

std::string coins(int n) {
  return std::to_string(n) + (n == 1 ? " doubloon" : " doubloons");
}

}  // namespace

Expected<std::vector<int>> ColpaccioState::convoy_positions(
    const std::vector<long long>& cards) const {
  std::vector<int> positions;
  const auto& convoy = table_.convoy;
  for (long long id : cards) {
    auto it = std::find(convoy.begin(), convoy.end(), id);
    if (it == convoy.end()) return illegal("card " + std::to_string(id) + " is not in the convoy");
    positions.push_back(static_cast<int>(it - convoy.begin()));
  }
  std::sort(positions.begin(), positions.end());
  return positions;
}

void ColpaccioState::place(Area& area, int card) {
  area.columns[index(deck()[card].good)].push_back(card);
}

void ColpaccioState::take_from_convoy(std::vector<int> positions, Area& area, Json& taken) {
  auto& convoy = table_.convoy;
  for (int p : positions) {
    place(area, convoy[p]);
    taken.push_back(card_json(deck(), convoy[p]));
  }
  for (auto p = positions.rbegin(); p != positions.rend(); ++p) convoy.erase(convoy.begin() + *p);
}

Refusal ColpaccioState::raid(const std::vector<long long>& cards) {
  auto positions = convoy_positions(cards);
  if (!positions) return positions.error();
  const std::string why = why_not_raid(deck(), table_.convoy, *positions);
  if (!why.empty()) return illegal(why);
  if (positions->size() == 3 && mine().doubloons < 1)
    return illegal("the third good costs a doubloon, and you have none");

  log_ = Json::array();
  const int card = table_.convoy[positions->front()];
  Json taken = Json::array();
  take_from_convoy(*positions, mine(), taken);
  Json event = {{"event", "raid"}, {"seat", turn_}, {"cards", std::move(taken)}};
  if (positions->size() == 3) --mine().doubloons;
  const Prize prize = positions->size() == 1 ? deck()[card].prize : Prize::kNone;
  event["prize"] = prize == Prize::kNone ? Json() : Json(prize_name(prize));
  log_.push_back(std::move(event));
  switch (prize) {
    case Prize::kDoubloon:
      mine().doubloons += 1;
      break;
    case Prize::kTwoDoubloons:
      mine().doubloons += 2;
      break;
    case Prize::kShip: {
      const int ship = draw_ship(turn_);
      if (ship >= 0) mine().ships.push_back(ship);
      log_.push_back({{"event", "ship"}, {"seat", turn_}, {"drawn", ship >= 0}});
      break;
    }
    case Prize::kSpyglass:
      mine().looked = true;
      break;
    case Prize::kNone:
      break;
  }
  main_done_ = true;
  after_action();
  return std::nullopt;
}

Refusal ColpaccioState::secret_chest() {
  if (mine().doubloons < kSecretChestCost)
    return illegal("the secret chest costs " + coins(kSecretChestCost) + ", and you have " +
                   coins(mine().doubloons));
  if (goods_in_pile() == 0) return illegal("the deck has no ship left for a secret chest");
  log_ = Json::array();
  mine().doubloons -= kSecretChestCost;
  const int card = draw_ship(turn_);
  place(mine(), card);
  log_.push_back({{"event", "secret_chest"}, {"seat", turn_}, {"card", card_json(deck(), card)}});
  rogue_done_ = true;
  after_action();
  return std::nullopt;
}

Refusal ColpaccioState::parrot_pact() {
  if (mine().doubloons < kParrotPactCost)
    return illegal("the parrot pact costs " + coins(kParrotPactCost) + ", and you have " +
                   coins(mine().doubloons));
  if (goods_in_pile() == 0 && mine().ships.empty())
    return illegal(
        "the deck has no ship left and your personal area holds none: nothing to look at");
  log_ = Json::array();
  mine().doubloons -= kParrotPactCost;
  int drawn = 0;
  for (int i = 0; i < 2; ++i) {
    const int ship = draw_ship(turn_);
    if (ship < 0) break;
    mine().ships.push_back(ship);
    ++drawn;
  }
  log_.push_back({{"event", "parrot_pact"}, {"seat", turn_}, {"drawn", drawn}});
  phase_ = Phase::kParrotPact;
  return std::nullopt;
}

Refusal ColpaccioState::reveal_ships(const std::vector<long long>& ships) {
  auto& mine_ships = mine().ships;
  for (long long id : ships)
    if (std::find(mine_ships.begin(), mine_ships.end(), id) == mine_ships.end())
      return illegal("card " + std::to_string(id) +
                     " is not among the ships in your personal area");
  log_ = Json::array();
  Json shown = Json::array();
  for (long long id : ships) {
    const int card = static_cast<int>(id);
    mine_ships.erase(std::find(mine_ships.begin(), mine_ships.end(), card));
    place(mine(), card);
    shown.push_back(card_json(deck(), card));
  }
  log_.push_back({{"event", "revealed"}, {"seat", turn_}, {"cards", std::move(shown)}});
  phase_ = Phase::kTurn;
  rogue_done_ = true;
  after_action();
  return std::nullopt;
}

Refusal ColpaccioState::letter_of_marque(const std::vector<long long>& cards) {
  if (mine().doubloons < kLetterOfMarqueCost)
    return illegal("the letter of marque costs " + coins(kLetterOfMarqueCost) + ", and you have " +
                   coins(mine().doubloons));
  auto positions = convoy_positions(cards);
  if (!positions) return positions.error();
  log_ = Json::array();
  mine().doubloons -= kLetterOfMarqueCost;
  Json taken = Json::array();
  const int top = draw_ship(turn_);
  if (top >= 0) {
    place(mine(), top);
    taken.push_back(card_json(deck(), top));
  }
  take_from_convoy(*positions, mine(), taken);
  log_.push_back({{"event", "letter_of_marque"}, {"seat", turn_}, {"cards", std::move(taken)}});
  rogue_done_ = true;
  after_action();
  return std::nullopt;
}

void ColpaccioState::after_action() {
  if (!may_go_on()) end_turn();
}

}  // namespace tortuga::colpaccio
