#include "rules/scalawag/chance_events.hpp"

#include <string>

namespace tortuga::scalawag {

std::span<const ChanceEventInfo> chance_events() {
  static constexpr ChanceEventInfo kEvents[] = {
      {kFlagsEvent, "flags", false,
       "the flag dealt to each seat, in seat order; the crown's seat plays first"},
      {kHandsEvent, "hands", false, "each seat's three crew cards, in seat order"},
      {kAllegiancesEvent, "allegiances", false,
       "the allegiance card dealt to each seat, in seat order (alliance mode)"},
      {kFogDieEvent, "faces", true, "the face (1 to 6) of each roll of the Fog of War die"},
      {kHarbourDrawEvent, "cards", true, "the crew card of each draw from the harbour"},
      {kMutinyStealEvent, "cards", true, "each card a mutiny takes from its victim's hand"},
      {kWarPrizeEvent, "cards", true, "the crew card a sinking's victor takes from the wreck"},
  };
  return kEvents;
}

bool deal_written_hands(Chance& chance, Hand& deck, std::vector<Ship>& ships) {
  const nlohmann::json* hands = chance.take(kHandsEvent);
  if (!hands) return false;
  auto refuse = [&](std::string message) {
    chance.refuse(bad_chance_event(kHandsEvent, std::move(message)));
    return false;
  };
  if (!hands->is_array() || hands->size() != ships.size())
    return refuse("write one hand for each of the " + std::to_string(ships.size()) +
                  " seats, in seat order");
  nlohmann::json cards = nlohmann::json::array();
  for (std::size_t seat = 0; seat < ships.size(); ++seat) {
    const auto& hand = (*hands)[seat];
    if (!hand.is_array() || hand.size() != kMaxCrew)
      return refuse("seat " + std::to_string(seat) + "'s hand must be " + std::to_string(kMaxCrew) +
                    " crew cards, not " + hand.dump());
    cards.insert(cards.end(), hand.begin(), hand.end());
  }
  std::vector<std::string> names;
  for (Crew card : deck) names.emplace_back(crew_name(card));
  auto dealt = written_order(kHandsEvent, cards, names, false);
  if (!dealt) {
    chance.refuse(dealt.error());
    return false;
  }
  std::vector<bool> taken(deck.size(), false);
  for (std::size_t k = 0; k < dealt->size(); ++k) {
    ships[k / kMaxCrew].hand.push_back(deck[(*dealt)[k]]);
    taken[(*dealt)[k]] = true;
  }
  Hand rest;
  for (std::size_t i = 0; i < deck.size(); ++i)
    if (!taken[i]) rest.push_back(deck[i]);
  deck = std::move(rest);
  return true;
}

}  // namespace tortuga::scalawag
