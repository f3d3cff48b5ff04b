#include "rules/core/named_chance.hpp"

#include <algorithm>

namespace tortuga {
namespace {

using nlohmann::json;

Error bad_script(std::size_t i, std::string message) {
  return {kBadChanceEvent, "script entry " + std::to_string(i + 1) + ": " + std::move(message)};
}

std::string known_names(std::span<const ChanceEventInfo> known) {
  std::vector<std::string_view> names;
  for (const auto& info : known) names.push_back(info.name);
  return names.empty() ? "this game names none" : "its events are " + quote_list(names);
}

// "captain", "cook": the distinct names, for a message that says what may be written.
std::string distinct(std::span<const std::string> names) {
  std::vector<std::string_view> seen;
  for (const auto& name : names)
    if (std::find(seen.begin(), seen.end(), name) == seen.end()) seen.push_back(name);
  return quote_list(seen);
}

}  // namespace

Expected<NamedEvents> NamedEvents::parse(const json& events,
                                         std::span<const ChanceEventInfo> known) {
  if (!events.is_array()) return bad_script(0, "named chance events must be a list");
  NamedEvents named;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const json& e = events[i];
    if (!e.is_object()) return bad_script(i, "a named chance event is an object");
    auto name = e.find("event");
    if (name == e.end() || !name->is_string())
      return bad_script(i, "a named chance event needs a string \"event\"");
    const std::string event = name->get<std::string>();
    auto info = std::find_if(known.begin(), known.end(),
                             [&](const ChanceEventInfo& k) { return k.name == event; });
    if (info == known.end())
      return bad_script(i, "unknown chance event " + quote(event) + "; " + known_names(known));
    for (auto it = e.begin(); it != e.end(); ++it)
      if (it.key() != "event" && it.key() != info->field)
        return bad_script(i, "chance event " + quote(event) + " takes " + quote(info->field) +
                                 ", not " + quote(it.key()));
    auto value = e.find(info->field);
    if (value == e.end())
      return bad_script(i, "chance event " + quote(event) + " needs " + quote(info->field) + ": " +
                               std::string(info->what));
    if (info->each && !value->is_array())
      return bad_script(i, "chance event " + quote(event) + ": " + quote(info->field) +
                               " is a list, one value per draw");
    auto index = named.index_of(event);
    if (!index) {
      index = named.names_.size();
      named.names_.push_back(event);
      named.values_.emplace_back();
    }
    auto& values = named.values_[*index];
    if (info->each)
      values.insert(values.end(), value->begin(), value->end());
    else
      values.push_back(*value);
  }
  return named;
}

std::optional<std::size_t> NamedEvents::index_of(std::string_view event) const {
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == event) return i;
  return std::nullopt;
}

Error bad_chance_event(std::string_view event, std::string message) {
  return {kBadChanceEvent, "chance event " + quote(event) + ": " + std::move(message)};
}

Expected<std::vector<std::size_t>> written_order(std::string_view event, const json& value,
                                                 std::span<const std::string> names, bool whole) {
  if (!value.is_array()) return bad_chance_event(event, "write a list of names");
  if (value.size() > names.size() || (whole && value.size() != names.size()))
    return bad_chance_event(event, "gives " + std::to_string(value.size()) + " where there are " +
                                       std::to_string(names.size()) +
                                       (whole ? ": write them all" : ": write at most that many"));
  std::vector<bool> used(names.size(), false);
  std::vector<std::size_t> picked;
  for (const json& written : value) {
    if (!written.is_string() && !written.is_number_integer())
      return bad_chance_event(event,
                              written.dump() + " is not a name; write one of " + distinct(names));
    const std::string name =
        written.is_string() ? written.get<std::string>() : std::to_string(written.get<long long>());
    std::size_t there = 0, found = names.size();
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (names[i] != name) continue;
      ++there;
      if (!used[i] && found == names.size()) found = i;
    }
    if (there == 0)
      return bad_chance_event(event,
                              quote(name) + " is not one of them; write one of " + distinct(names));
    if (found == names.size())
      return bad_chance_event(event, quote(name) + " is written more often than the " +
                                         std::to_string(there) +
                                         (there == 1 ? " there is" : " there are"));
    used[found] = true;
    picked.push_back(found);
  }
  return picked;
}

int number(Chance& chance, std::string_view event, int lo, int hi) {
  if (const json* value = chance.take(event)) {
    if (value->is_number_integer() && value->get<long long>() >= lo &&
        value->get<long long>() <= hi)
      return value->get<int>();
    chance.refuse(bad_chance_event(event, value->dump() + " is not a whole number from " +
                                              std::to_string(lo) + " to " + std::to_string(hi)));
  }
  return chance.between(lo, hi);
}

Expected<std::size_t> written_pick(std::string_view event, const json& value,
                                   std::span<const std::string> names) {
  if (value.is_string() || value.is_number_integer()) {
    const std::string name =
        value.is_string() ? value.get<std::string>() : std::to_string(value.get<long long>());
    auto it = std::find(names.begin(), names.end(), name);
    if (it != names.end()) return static_cast<std::size_t>(it - names.begin());
  }
  return bad_chance_event(event,
                          value.dump() + " is not there to draw; write one of " + distinct(names));
}

}  // namespace tortuga
