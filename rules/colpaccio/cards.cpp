#include "rules/colpaccio/cards.hpp"

#include <cassert>
#include <string>

#include "rules/colpaccio/deck_data.hpp"

namespace tortuga::colpaccio {
namespace {

constexpr std::array<std::string_view, kGoods> kGoodNames = {"gems", "silverware", "fabrics",
                                                             "rum",  "pistols",    "sabres"};
constexpr std::array<std::string_view, kLocations> kLocationNames = {"inn", "tower", "dock",
                                                                     "beach"};
constexpr std::array<std::string_view, 5> kPrizeNames = {"", "doubloon", "two_doubloons", "ship",
                                                         "spyglass"};

Error refuse(std::string message) {
  return {code::kBadOptions, "option deck: " + std::move(message)};
}

template <std::size_t N>
int find_name(const std::array<std::string_view, N>& names, const nlohmann::json& value) {
  if (!value.is_string()) return -1;
  const std::string text = value.get<std::string>();
  for (std::size_t i = 0; i < N; ++i)
    if (!names[i].empty() && names[i] == text) return static_cast<int>(i);
  return -1;
}

template <std::size_t N>
std::string list(const std::array<std::string_view, N>& names) {
  std::string text;
  for (std::string_view name : names)
    if (!name.empty()) text += (text.empty() ? "" : ", ") + std::string(name);
  return text;
}

Expected<Card> parse_card(const nlohmann::json& entry, const std::string& which) {
  if (!entry.is_object()) return refuse(which + " must be an object");
  for (auto it = entry.begin(); it != entry.end(); ++it) {
    const std::string& key = it.key();
    if (key != "good" && key != "location" && key != "prize" && key != "cannonball")
      return refuse(which +
                    " has an unexpected field; a card has good, location, prize and "
                    "cannonball");
  }
  Card card;
  const int good = find_name(kGoodNames, entry.value("good", nlohmann::json()));
  if (good < 0) return refuse(which + ": good must be one of " + list(kGoodNames));
  const int location = find_name(kLocationNames, entry.value("location", nlohmann::json()));
  if (location < 0) return refuse(which + ": location must be one of " + list(kLocationNames));
  const nlohmann::json prize = entry.value("prize", nlohmann::json());
  const int prize_index = prize.is_null() ? 0 : find_name(kPrizeNames, prize);
  if (prize_index < 0) return refuse(which + ": prize must be null or one of " + list(kPrizeNames));
  auto cannonball = entry.find("cannonball");
  if (cannonball == entry.end() || !cannonball->is_boolean())
    return refuse(which + ": cannonball must be true or false");
  card.good = static_cast<Good>(good);
  card.location = static_cast<Location>(location);
  card.prize = static_cast<Prize>(prize_index);
  card.cannonball = cannonball->get<bool>();
  return card;
}

}  // namespace

std::string_view good_name(Good good) {
  return kGoodNames[index(good)];
}
std::string_view location_name(Location location) {
  return kLocationNames[static_cast<int>(location)];
}
std::string_view prize_name(Prize prize) {
  return kPrizeNames[static_cast<int>(prize)];
}
std::string_view threat_name(Threat threat) {
  switch (threat) {
    case Threat::kCorsairs:
      return "corsairs";
    case Threat::kGhostShip:
      return "ghost_ship";
    case Threat::kKraken:
      return "kraken";
  }
  return "";
}

std::optional<Good> good_from(std::string_view name) {
  for (int i = 0; i < kGoods; ++i)
    if (kGoodNames[i] == name) return good_at(i);
  return std::nullopt;
}

void write_card(ViewWriter& out, const Deck& deck, int id) {
  const Card& card = deck[id];
  out.begin_object();
  out.member("cannonball", card.cannonball);
  out.member("good", good_name(card.good));
  out.member("id", id);
  out.member("location", location_name(card.location));
  out.key("prize");
  card.prize == Prize::kNone ? out.null() : out.value(prize_name(card.prize));
  out.end_object();
}

nlohmann::json card_json(const Deck& deck, int id) {
  JsonWriter out;
  write_card(out, deck, id);
  return out.take();
}

Expected<Deck> parse_deck(const nlohmann::json& cards) {
  if (!cards.is_array()) return refuse("must be an array of cards");
  if (cards.size() != kDeckSize)
    return refuse("needs exactly " + std::to_string(kDeckSize) + " cards, got " +
                  std::to_string(cards.size()));
  Deck deck;
  std::array<int, kGoods> goods{};
  std::array<int, kLocations> locations{};
  for (std::size_t i = 0; i < cards.size(); ++i) {
    auto card = parse_card(cards[i], "card " + std::to_string(i));
    if (!card) return card.error();
    ++goods[index(card->good)];
    ++locations[static_cast<int>(card->location)];
    deck.push_back(*card);
  }
  for (int g = 0; g < kGoods; ++g)
    if (goods[g] != kGoodCounts[g])
      return refuse("needs " + std::to_string(kGoodCounts[g]) + " " + std::string(kGoodNames[g]) +
                    " cards, got " + std::to_string(goods[g]));
  for (int l = 0; l < kLocations; ++l)
    if (locations[l] != kCardsPerLocation)
      return refuse("needs " + std::to_string(kCardsPerLocation) + " cards of each location, got " +
                    std::to_string(locations[l]) + " " + std::string(kLocationNames[l]));
  return deck;
}

std::shared_ptr<const Deck> standard_deck() {
  static const auto deck = [] {
    auto parsed = parse_deck(nlohmann::json::parse(kDeckJson)["cards"]);
    assert(parsed.ok());
    return std::make_shared<const Deck>(std::move(*parsed));
  }();
  return deck;
}

}  // namespace tortuga::colpaccio
