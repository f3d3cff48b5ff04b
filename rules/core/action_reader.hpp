// Reading an action's fields, the same way in every game. Each read checks one field's JSON type
// (and range, or names) and, when the field does not fit, keeps the refusal error.hpp words for
// that mistake, so that a mistake reads the same in every game. The first refusal wins: after it,
// reads change nothing and return a harmless value (a range's least, the first name), so a game
// reads all its fields and then looks at refusal() once:
//
//   ActionReader read(action, {"pirate", "to"});  // no other field, and neither missing
//   const long long pirate = read.integer("pirate", 0, 3);
//   const auto to = read.integers("to", 2, 2);  // [x, y]
//   if (auto bad = read.refusal()) return *bad;
//
// Reading checks only the form. Whether an integer names a card in the hand or a cell with a ship
// is the rules' business, refused as illegal_action with the rule's own reason.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga {

class ActionReader {
 public:
  using Json = nlohmann::json;
  static constexpr std::size_t kAnyCount = SIZE_MAX;  // an array of any length
  struct NameItself {
    std::string_view operator()(std::string_view name) const { return name; }
  };

  // `action` is an object with a string "type" (State::apply sees to it). The reader keeps a
  // reference to it, so it may not be a temporary.
  explicit ActionReader(const Json& action) : action_(action) {}
  // Reads the field names at once: see fields().
  ActionReader(const Json& action, std::initializer_list<std::string_view> required,
               std::initializer_list<std::string_view> optional = {})
      : action_(action) {
    fields(required, optional);
  }
  explicit ActionReader(Json&&) = delete;
  ActionReader(Json&&, std::initializer_list<std::string_view>,
               std::initializer_list<std::string_view> = {}) = delete;

  // Refuses a field besides "type", `required` and `optional` (extra fields are refused, not
  // ignored, so that a typo never silently means something else), then one of `required` missing.
  void fields(std::initializer_list<std::string_view> required,
              std::initializer_list<std::string_view> optional = {});
  // The index of the action's type in `types`, the game's every action type.
  std::size_t type_among(std::span<const std::string_view> types);

  const Refusal& refusal() const { return refused_; }
  // A refusal of the game's own, for a form the reader does not check (a card named twice).
  void refuse(Error error) {
    if (!refused_) refused_ = std::move(error);
  }
  bool has(std::string_view field) const { return action_.contains(field); }

  // Any integer: those beyond long long are pinned to its ends, since no rule tells them apart.
  long long integer(std::string_view field);
  long long integer(std::string_view field, long long least, long long most);
  double number(std::string_view field);
  double number(std::string_view field, double least, double most);
  bool boolean(std::string_view field);
  // `least` to `most` integers (kAnyCount: no most), each from `lo` to `hi`.
  std::vector<long long> integers(std::string_view field, std::size_t least, std::size_t most,
                                  long long lo = LLONG_MIN, long long hi = LLONG_MAX);
  // An array of `least` to `most` items that the game reads itself; `items` names them for the
  // refusal ("alley ids"), which the game also gives for an item it refuses (must_hold).
  const Json& array(std::string_view field, std::size_t least, std::size_t most,
                    std::string_view items);
  static Error must_hold(std::string_view field, std::size_t least, std::size_t most,
                         std::string_view items);

  // The value among `values` whose name (name_of(value)) the string in `field` is.
  template <class Values, class NameOf = NameItself>
  std::ranges::range_value_t<Values> one_of(std::string_view field, const Values& values,
                                            NameOf name_of = {}) {
    if (const Json* given = find(field)) {
      if (given->is_string())
        for (const auto& value : values)
          if (name_of(value) == given->template get_ref<const std::string&>()) return value;
      refuse(field_must_be(field, "one of " + quote_list(names_of(values, name_of))));
    }
    return *std::begin(values);
  }
  std::string_view one_of(std::string_view field, std::initializer_list<std::string_view> names) {
    return one_of<std::initializer_list<std::string_view>>(field, names);
  }

  // `least` to `most` names, each among the names of `values`: the values named, in order.
  template <class Values, class NameOf = NameItself>
  std::vector<std::ranges::range_value_t<Values>> list_of(std::string_view field, std::size_t least,
                                                          std::size_t most, const Values& values,
                                                          NameOf name_of = {}) {
    std::vector<std::ranges::range_value_t<Values>> named;
    const Json* given = find(field);
    if (given == nullptr) return named;
    bool fits = given->is_array() && given->size() >= least && given->size() <= most;
    for (std::size_t i = 0; fits && i < given->size(); ++i) {
      const Json& item = (*given)[i];
      fits = false;
      if (item.is_string())
        for (const auto& value : values)
          if (name_of(value) == item.template get_ref<const std::string&>()) {
            named.push_back(value);
            fits = true;
            break;
          }
    }
    if (fits) return named;
    refuse(must_hold(field, least, most,
                     "names, each one of " + quote_list(names_of(values, name_of))));
    return {};
  }

 private:
  template <class Values, class NameOf>
  static std::vector<std::string_view> names_of(const Values& values, NameOf name_of) {
    std::vector<std::string_view> names;
    for (const auto& value : values) names.push_back(name_of(value));
    return names;
  }

  // The field, or nullptr when there is already a refusal or the field is missing (refused).
  const Json* find(std::string_view field);

  const Json& action_;
  Refusal refused_;
};

// For a game that reads its fields where its rules come to them: the type alone (among the game's
// every action type), or the field names alone.
inline Refusal expect_type(const nlohmann::json& action, std::span<const std::string_view> types) {
  ActionReader read(action);
  read.type_among(types);
  return read.refusal();
}
inline Refusal expect_fields(const nlohmann::json& action,
                             std::initializer_list<std::string_view> required,
                             std::initializer_list<std::string_view> optional = {}) {
  return ActionReader(action, required, optional).refusal();
}

}  // namespace tortuga
