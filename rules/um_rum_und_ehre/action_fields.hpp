// Reading an action object strictly: exactly the fields its type has, each of the right type, so
// that anything a client sends that is not one of the legal actions is refused with a reason.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga::umrum {

// Refuses fields other than "type" and `fields`, and any of `fields` missing.
Refusal expect_fields(const nlohmann::json& action, std::initializer_list<const char*> fields);

// The integer field `name` (present, checked by expect_fields), or a refusal.
Expected<int> int_field(const nlohmann::json& action, const char* name);

}  // namespace tortuga::umrum
