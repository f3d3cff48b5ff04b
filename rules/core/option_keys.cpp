#include "rules/core/option_keys.hpp"

#include <string>

namespace tortuga::option_keys {
namespace {

using Json = nlohmann::json;

void key_values(const std::string& words, Json& shape) {
  if (!shape.contains("values") || shape.contains("value_keys")) return;
  Json keys = Json::array();
  bool any = false;
  for (const Json& value : shape["values"]) {
    any = any || value.is_string();
    keys.push_back(value.is_string() ? Json(words + "values." + value.get<std::string>())
                                     : Json(nullptr));
  }
  if (any) shape["value_keys"] = std::move(keys);
}

// The keys of a shape's parts: its items, its fields, its values. `path` is where the shape is.
void key_parts(const std::string& words, const std::string& path, Json& shape) {
  key_values(words, shape);
  if (shape.contains("items")) {
    Json& items = shape["items"];
    const std::string at = path + ".item";
    if (!items.contains("title_key")) items["title_key"] = words + "options." + at + ".title";
    key_parts(words, at, items);
  }
  if (shape.contains("fields")) {
    for (auto& [name, field] : shape["fields"].items()) {
      if (!field.contains("title_key")) field["title_key"] = words + "fields." + name;
      key_parts(words, path + "." + name, field);
    }
  }
}

}  // namespace

Json keyed(std::string_view game, Json options) {
  const std::string words = "games." + std::string(game) + ".";
  for (auto& [name, option] : options.items()) {
    const std::string at = words + "options." + name + ".";
    if (!option.contains("title_key")) option["title_key"] = at + "title";
    if (!option.contains("description_key")) option["description_key"] = at + "help";
    if (option.contains("if_null") && !option.contains("if_null_key"))
      option["if_null_key"] = at + "if_null";
    key_parts(words, name, option);
  }
  return options;
}

}  // namespace tortuga::option_keys
