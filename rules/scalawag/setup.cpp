#include "rules/scalawag/setup.hpp"

#include <string>

#include "rules/scalawag/chance_events.hpp"
#include "rules/scalawag/data.hpp"

namespace tortuga::scalawag {
namespace {

using Json = nlohmann::json;

const Json& data() {
  static const Json parsed = Json::parse(kDataJson);
  return parsed;
}

Error bad_options(std::string message) {
  return {code::kBadOptions, std::move(message)};
}

bool flag_of(const Json& options, const char* name, bool fallback) {
  auto it = options.find(name);
  return it != options.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

// A custom array option, or the data file's default; refuses a wrong length or a value out of
// [lo, hi], and (for the damage boxes) an order that is not strictly descending.
template <std::size_t N>
Refusal read_numbers(const Json& options, const char* name, int lo, int hi, bool descending,
                     std::array<int, N>& out) {
  auto it = options.find(name);
  const Json& given = it != options.end() && !it->is_null() ? *it : data()[name];
  if (!given.is_array() || given.size() != N)
    return bad_options("option " + std::string(name) + " must be an array of " + std::to_string(N) +
                       " integers");
  for (std::size_t i = 0; i < N; ++i) {
    if (!given[i].is_number_integer() || given[i].get<long long>() < lo ||
        given[i].get<long long>() > hi)
      return bad_options("option " + std::string(name) + ": each value must be an integer from " +
                         std::to_string(lo) + " to " + std::to_string(hi));
    out[i] = given[i].get<int>();
    if (descending && i > 0 && out[i] >= out[i - 1])
      return bad_options("option " + std::string(name) + " must be strictly descending");
  }
  return std::nullopt;
}

}  // namespace

Expected<Rules> rules_from(const Json& options) {
  Rules rules;
  auto players = options.find("players");
  if (players == options.end() || !players->is_number_integer())
    return bad_options("option players must be an integer");
  rules.players = players->get<int>();
  if (rules.players < 3 || rules.players > 8)
    return bad_options("Scalawag! is played by 3 to 8 players");
  auto window = options.find("window_s");
  if (window != options.end() && window->is_number_integer())
    rules.window_ms = window->get<int>() * 1000;
  auto clock = options.find("turn_clock_s");
  if (clock != options.end() && clock->is_number_integer())
    rules.turn_clock_ms = clock->get<int>() * 1000;
  rules.alliances = flag_of(options, "alliances", false);
  if (rules.alliances && rules.players != 6 && rules.players != 8)
    return bad_options("option alliances needs 6 or 8 players (teams of two)");
  rules.fog = rules.players == 3 && flag_of(options, "fog_of_war", true);
  if (auto refused = read_numbers(options, "damage_boxes", 0, 99, true, rules.boxes))
    return *refused;
  if (auto refused = read_numbers(options, "fog_die", 1, 3, false, rules.die)) return *refused;
  const Json& table = data()["crew_by_players"][std::to_string(rules.players)];
  for (Crew crew : kAllCrew)
    rules.crew[static_cast<int>(crew)] = table[std::string(crew_name(crew))].get<int>();
  return rules;
}

std::string_view flag_name(int flag) {
  const Json& flags = data()["flags"];
  if (flag < 0 || flag >= static_cast<int>(flags.size())) return "";
  return flags[flag].get_ref<const std::string&>();
}

std::string_view allegiance_name(int allegiance) {
  const Json& names = data()["allegiances"];
  if (allegiance < 0 || allegiance >= static_cast<int>(names.size())) return "";
  return names[allegiance].get_ref<const std::string&>();
}

Table deal(const Rules& rules, Chance& chance) {
  Table table;
  table.boxes = rules.boxes;
  table.ships.resize(rules.players);
  std::vector<int> flags(rules.players);
  for (int i = 0; i < rules.players; ++i) flags[i] = i;
  order(chance, kFlagsEvent, flags, flag_name);
  table.ring.resize(rules.players);
  for (int seat = 0; seat < rules.players; ++seat) {
    table.ships[seat].flag = flags[seat];
    table.ring[flags[seat]] = seat;
  }
  Hand deck;
  for (Crew crew : kAllCrew) deck.insert(deck.end(), rules.crew[static_cast<int>(crew)], crew);
  // Written hands leave the rest of the deck to the harbour, shuffled all the same.
  const bool written = deal_written_hands(chance, deck, table.ships);
  chance.shuffle(deck);
  if (!written)
    for (int round = 0; round < kMaxCrew; ++round)
      for (int seat : table.ring) {
        table.ships[seat].hand.push_back(deck.back());
        deck.pop_back();
      }
  table.harbour = std::move(deck);
  if (rules.alliances) {
    std::vector<int> cards;
    for (int side = 0; side < rules.players / 2; ++side) cards.insert(cards.end(), 2, side);
    order(chance, kAllegiancesEvent, cards, allegiance_name);
    for (int seat = 0; seat < rules.players; ++seat) table.ships[seat].allegiance = cards[seat];
  }
  return table;
}

}  // namespace tortuga::scalawag
