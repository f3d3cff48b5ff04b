#include "rules/um_rum_und_ehre/kinds.hpp"

#include <array>

namespace tortuga::um_rum_und_ehre {
namespace {

constexpr std::array<std::string_view, kSpaceKinds> kSpaceNames = {"coin",
                                                                   "hq",
                                                                   "pirate",
                                                                   "goods",
                                                                   "encounter",
                                                                   "map_yellow",
                                                                   "map_pink",
                                                                   "map_green",
                                                                   "tavern_es_cruce",
                                                                   "tavern_frere_jacques",
                                                                   "tavern_jolly_roger",
                                                                   "chest",
                                                                   "rum",
                                                                   "guard"};

constexpr std::array<std::string_view, kMeetings> kMeetingNames = {
    "pirate", "goods", "map_yellow", "map_pink", "map_green", "tavern", "chest", "rum", "guard"};

}  // namespace

std::string_view space_name(Space kind) {
  return kSpaceNames[static_cast<int>(kind)];
}

std::optional<Space> space_from_name(std::string_view name) {
  for (int k = 0; k < kSpaceKinds; ++k)
    if (kSpaceNames[k] == name) return static_cast<Space>(k);
  return std::nullopt;
}

bool is_map(Space kind) {
  return kind == Space::kMapYellow || kind == Space::kMapPink || kind == Space::kMapGreen;
}

bool is_tavern(Space kind) {
  return kind == Space::kTavernEsCruce || kind == Space::kTavernFrereJacques ||
         kind == Space::kTavernJollyRoger;
}

int map_colour(Space kind) {
  return static_cast<int>(kind) - static_cast<int>(Space::kMapYellow);
}

int tavern_of(Space kind) {
  return static_cast<int>(kind) - static_cast<int>(Space::kTavernEsCruce);
}

std::string_view meeting_name(Meeting meeting) {
  return kMeetingNames[static_cast<int>(meeting)];
}

std::optional<Meeting> meeting_at(Space kind) {
  switch (kind) {
    case Space::kPirate:
      return Meeting::kPirate;
    case Space::kGoods:
      return Meeting::kGoods;
    case Space::kMapYellow:
      return Meeting::kMapYellow;
    case Space::kMapPink:
      return Meeting::kMapPink;
    case Space::kMapGreen:
      return Meeting::kMapGreen;
    case Space::kTavernEsCruce:
    case Space::kTavernFrereJacques:
    case Space::kTavernJollyRoger:
      return Meeting::kTavern;
    case Space::kChest:
      return Meeting::kChest;
    case Space::kRum:
      return Meeting::kRum;
    case Space::kGuard:
      return Meeting::kGuard;
    case Space::kCoin:
    case Space::kHq:
    case Space::kEncounter:
      break;
  }
  return std::nullopt;
}

std::string_view tile_kind_name(TileKind kind) {
  static constexpr std::array<std::string_view, 11> names = {
      "tavern",      "map",       "goods", "encounter", "chest", "scorpion",
      "small_guard", "big_guard", "rope",  "hammock",   "bunk"};
  return names[static_cast<int>(kind)];
}

std::string_view tavern_name(int tavern) {
  static constexpr std::array<std::string_view, kTaverns> names = {"es_cruce", "frere_jacques",
                                                                   "jolly_roger"};
  return names[tavern];
}

std::string_view colour_name(int colour) {
  static constexpr std::array<std::string_view, kColours> names = {"yellow", "pink", "green"};
  return names[colour];
}

std::string_view article_name(int article) {
  static constexpr std::array<std::string_view, kArticles> names = {"hook", "peg_leg", "eye_patch",
                                                                    "parrot"};
  return names[article];
}

}  // namespace tortuga::um_rum_und_ehre
