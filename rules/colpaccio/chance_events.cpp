#include "rules/colpaccio/chance_events.hpp"

namespace tortuga::colpaccio {

std::span<const ChanceEventInfo> chance_events() {
  static constexpr ChanceEventInfo kEvents[] = {
      {kDeckEvent, "cards", false,
       "card ids (their place in deck.json, from 0), top of the deck first; the first ones may "
       "be given alone"},
      {kThreatsEvent, "order", false,
       "the three threats: the one set aside, the one 7th from the bottom, the one higher up"},
      {kFirstPlayerEvent, "seat", false, "the seat that plays first"},
      {kKrakenEvent, "ships", true, "the id of each ship a kraken drags from a personal area"},
  };
  return kEvents;
}

std::string card_name(int id) {
  return std::to_string(id);
}

}  // namespace tortuga::colpaccio
