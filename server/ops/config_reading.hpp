// How the config file's values are read, for every section's reader (config.cpp, and each
// section of its own: notify_settings.cpp): a value over the default when present, a number
// refused outside its range, each refusal a `bad_config` naming the setting.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga::config_reading {

inline Error config_error(std::string message) {
  return {"bad_config", std::move(message)};
}

template <class T>
void read(const nlohmann::json& from, const char* key, T& into) {
  if (from.contains(key)) into = from.at(key).get<T>();
}

// read, refusing a value outside least..most; `where` names the setting's section in the file.
template <class T>
std::optional<Error> read_in_range(const nlohmann::json& from, const char* key, T& into, T least,
                                   T most, const std::string& where) {
  read(from, key, into);
  if (into >= least && into <= most) return std::nullopt;
  return config_error(where + "." + key + " must be " + std::to_string(least) + ".." +
                      std::to_string(most));
}

}  // namespace tortuga::config_reading
