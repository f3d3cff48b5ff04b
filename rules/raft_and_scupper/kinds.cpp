#include "rules/raft_and_scupper/kinds.hpp"

namespace tortuga::raft_and_scupper {

std::string_view cargo_name(Kind kind) {
  return has_trait(kind, Trait::kGold) ? "gold" : "spice";
}

std::string_view rigging_name(Kind kind) {
  return has_trait(kind, Trait::kRound) ? "round" : "square";
}

std::string_view kind_name(Kind kind) {
  static constexpr std::string_view kNames[kKinds] = {"gold-round", "spice-round", "gold-square",
                                                      "spice-square"};
  return kNames[kind & 3];
}

std::string_view trait_name(Trait trait) {
  switch (trait) {
    case Trait::kGold:
      return "gold";
    case Trait::kSpice:
      return "spice";
    case Trait::kRound:
      return "round";
    case Trait::kSquare:
      return "square";
  }
  return "";
}

std::string_view flotilla_name(Trait trait) {
  switch (trait) {
    case Trait::kGold:
      return "gold";
    case Trait::kSpice:
      return "spice";
    case Trait::kRound:
      return "round-rigged";
    case Trait::kSquare:
      return "square-rigged";
  }
  return "";
}

std::string_view crew_name(Crew crew) {
  return crew == Crew::kYellowbeards ? "yellowbeards" : "blackbeards";
}

std::string_view figure_name(Crew crew) {
  return crew == Crew::kYellowbeards ? "yellowbeard" : "blackbeard";
}

std::string_view crew_title(Crew crew) {
  return crew == Crew::kYellowbeards ? "Yellowbeards" : "Blackbeards";
}

std::string favoured_ships(Crew crew) {
  return std::string(flotilla_name(cargo_trait(crew))) + " or " +
         std::string(flotilla_name(rigging_trait(crew)));
}

}  // namespace tortuga::raft_and_scupper
