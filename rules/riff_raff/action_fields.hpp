// Reading an action's fields: precise refusals for what is missing, mistyped or unexpected.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string>

#include "rules/core/state.hpp"

namespace tortuga::riff {

// The number in `field` of an action, or why there is none.
inline Expected<double> number_field(const Json& action, const char* field) {
  auto it = action.find(field);
  if (it == action.end() || !it->is_number())
    return bad_action(std::string("field \"") + field + "\" must be a number");
  return it->get<double>();
}

// Refuses a field of `action` that is not in `allowed`.
inline Refusal only_fields(const Json& action, std::initializer_list<const char*> allowed) {
  for (auto it = action.begin(); it != action.end(); ++it)
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* f) { return it.key() == f; }))
      return bad_action("unexpected field \"" + it.key() + "\" in a " +
                        action["type"].get<std::string>() + " action");
  return std::nullopt;
}

}  // namespace tortuga::riff
