// Chance events a person can write in a match file, in the game's own words:
//
//   {"event": "deck", "order": ["captain", "cook", ...]}   the deck, top card first
//   {"event": "fog_die", "faces": [3, 1]}                   the next two rolls of the fog die
//
// Each game lists the events its rulebook randomises (Game::chance_events). The place in its rules
// that shuffles or rolls asks its Chance for the event by name (order(), written_number(),
// written_pick() below) and gets the written value, checked, or a random draw when none is
// written. A written value that does not fit is refused with a message naming what is wrong; the
// replay reports it and stops.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/chance.hpp"
#include "rules/core/error.hpp"

namespace tortuga {

inline constexpr const char* kBadChanceEvent = "bad_chance_event";

// One kind of event a game understands.
struct ChanceEventInfo {
  std::string_view name;   // "deck"
  std::string_view field;  // the member holding the value: "order"
  bool each;               // the field is a list with one value per draw (a die's faces)
  std::string_view what;   // for error messages: "the crew deck, top card first"
};

// The named events of a match file, their values grouped by event in the order written.
// Immutable: every copy of a match's Chance shares it.
class NamedEvents {
 public:
  // Refuses anything but an array of objects, each with a string "event" that `known` lists and
  // exactly that event's field (a list when the event takes one value per draw).
  static Expected<NamedEvents> parse(const nlohmann::json& events,
                                     std::span<const ChanceEventInfo> known);

  const std::vector<std::string>& names() const { return names_; }
  std::optional<std::size_t> index_of(std::string_view event) const;
  const std::vector<nlohmann::json>& values(std::size_t index) const { return values_[index]; }

 private:
  std::vector<std::string> names_;
  std::vector<std::vector<nlohmann::json>> values_;
};

// chance event "deck": <message>
Error bad_chance_event(std::string_view event, std::string message);

// The order the event writes, as indexes into `names` (the items to order, by name; a name may
// repeat, as identical cards do). A whole number stands for the name that writes it ("7" for 7),
// for games whose items are numbered. With `whole` false the event may give only the first items.
// Refuses a value that is not a list of names, a name that is not an item, an item written more
// often than it is there, and a wrong count.
Expected<std::vector<std::size_t>> written_order(std::string_view event,
                                                 const nlohmann::json& value,
                                                 std::span<const std::string> names, bool whole);

// Puts `items` in the order `value` (the event's value) writes, first written first; where it
// gives only the first items (`whole` false), the rest follow shuffled. False, with the refusal
// recorded on `chance` and `items` untouched, when the value does not fit.
template <class T, class NameOf>
bool put_in_written_order(Chance& chance, std::string_view event, const nlohmann::json& value,
                          std::vector<T>& items, NameOf name_of, bool whole) {
  std::vector<std::string> names;
  names.reserve(items.size());
  for (const T& item : items) names.push_back(std::string(name_of(item)));
  auto picked = written_order(event, value, names, whole);
  if (!picked) {
    chance.refuse(picked.error());
    return false;
  }
  std::vector<T> written, rest;
  std::vector<bool> used(items.size(), false);
  for (std::size_t i : *picked) {
    written.push_back(items[i]);
    used[i] = true;
  }
  for (std::size_t i = 0; i < items.size(); ++i)
    if (!used[i]) rest.push_back(items[i]);
  chance.shuffle(rest);
  written.insert(written.end(), rest.begin(), rest.end());
  items = std::move(written);
  return true;
}

// `items` in the order the event writes, or shuffled when none is written (or it is refused).
template <class T, class NameOf>
void order(Chance& chance, std::string_view event, std::vector<T>& items, NameOf name_of,
           bool whole = true) {
  const nlohmann::json* value = chance.take(event);
  if (!value || !put_in_written_order(chance, event, *value, items, name_of, whole))
    chance.shuffle(items);
}

// A face-down pile drawn from its back: where the event writes its order, top first, the written
// items are the top ones and the rest lie below them shuffled; else the pile is shuffled.
template <class T, class NameOf>
void order_pile(Chance& chance, std::string_view event, std::vector<T>& pile, NameOf name_of) {
  const nlohmann::json* value = chance.take(event);
  if (!value || !put_in_written_order(chance, event, *value, pile, name_of, false))
    return chance.shuffle(pile);
  std::reverse(pile.begin(), pile.end());
}

// The number the event writes next, if it is a whole number in [lo, hi], else a random one in
// [lo, hi] drawn as Chance::between draws it.
int number(Chance& chance, std::string_view event, int lo, int hi);

// The index in `names` of the item the event writes next (the first item of that name).
// Refuses a name that is not among them.
Expected<std::size_t> written_pick(std::string_view event, const nlohmann::json& value,
                                   std::span<const std::string> names);

// The index of the item of `items` the event writes next, else a random one drawn as
// Chance::below(items.size()) draws it. `items` must not be empty.
template <class T, class NameOf>
std::size_t pick(Chance& chance, std::string_view event, const std::vector<T>& items,
                 NameOf name_of) {
  if (const nlohmann::json* value = chance.take(event)) {
    std::vector<std::string> names;
    names.reserve(items.size());
    for (const T& item : items) names.push_back(std::string(name_of(item)));
    auto picked = written_pick(event, *value, names);
    if (picked) return *picked;
    chance.refuse(picked.error());
  }
  return chance.below(static_cast<std::uint32_t>(items.size()));
}

}  // namespace tortuga
