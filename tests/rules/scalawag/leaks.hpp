// Shared by the leak checks of the rules suite and the end-to-end test: how many keys of a name a
// view holds, anywhere in it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace scalawag_test {

inline int keys_named(const nlohmann::json& json, const std::string& name) {
  int found = 0;
  if (json.is_object()) {
    for (auto it = json.begin(); it != json.end(); ++it)
      found += (it.key() == name) + keys_named(it.value(), name);
  } else if (json.is_array()) {
    for (const nlohmann::json& item : json) found += keys_named(item, name);
  }
  return found;
}

}  // namespace scalawag_test
