// The shape of an option's value, for the forms a client builds from the schema alone: the words
// a person reads (`title`), and, for arrays and objects, what they hold (`items`, `fields`, how
// many, and the `standard` value that `null` stands for), so that a deck, a layout or a die can
// be edited as cards, cells and faces rather than typed as JSON. The rules check the values as
// before; these describe them and check nothing.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga::option_shape {

using Json = nlohmann::json;

inline Json integer(std::string title, long long min, long long max) {
  return {{"type", "integer"}, {"title", std::move(title)}, {"min", min}, {"max", max}};
}

inline Json number(std::string title) {
  return {{"type", "number"}, {"title", std::move(title)}};
}

inline Json boolean(std::string title) {
  return {{"type", "boolean"}, {"title", std::move(title)}};
}

// `values` may hold null ("none"): a prize that a card may lack.
inline Json one_of(std::string title, Json values) {
  return {{"type", "enum"}, {"title", std::move(title)}, {"values", std::move(values)}};
}

// A list of `items`, from `min` to `max` long (the same number for a fixed length).
inline Json list(std::string title, Json items, int min, int max) {
  Json shape = {{"type", "array"}, {"title", std::move(title)}, {"items", std::move(items)}};
  shape["min_length"] = min;
  shape["max_length"] = max;
  return shape;
}

// An object of named `fields` (each a shape), in the order given.
inline Json record(std::string title, const std::vector<std::pair<std::string, Json>>& fields) {
  Json named = Json::object(), order = Json::array();
  for (const auto& [name, shape] : fields) {
    named[name] = shape;
    order.push_back(name);
  }
  return {{"type", "object"}, {"title", std::move(title)}, {"fields", named}, {"order", order}};
}

// A shape whose words are at `key` in the catalogs, rather than where option_keys.hpp looks for a
// part's words: for a part whose words depend on where it is.
inline Json worded(Json shape, std::string key) {
  shape["title_key"] = std::move(key);
  return shape;
}

}  // namespace tortuga::option_shape
