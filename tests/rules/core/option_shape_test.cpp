// The option schemas say each option in words and describe what a list or an object holds, so
// that a client builds a form from them alone (docs/protocol.md, under welcome): every option has
// a title; every array or object option says what null gives and the shape of its items or
// fields; and the value it offers to start from (the standard, or a start) fits that shape and is
// an option value the game accepts, so a form that sends it back unchanged makes a room.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "rules/core/registry.hpp"

using tortuga::all_games;
using tortuga::Json;

namespace {

bool has_words(const Json& shape, const char* field) {
  return shape.contains(field) && shape[field].is_string() &&
         !shape[field].get<std::string>().empty();
}

// Whether `value` fits `shape`: its type, range, length, values and fields.
void check_fits(const Json& shape, const Json& value, const std::string& where) {
  INFO(where);
  const std::string type = shape.value("type", "");
  CHECK(has_words(shape, "title"));
  if (type == "integer" || type == "number") {
    REQUIRE(value.is_number());
    if (type == "integer") CHECK(value.is_number_integer());
    if (shape.contains("min")) CHECK(value.get<double>() >= shape["min"].get<double>());
    if (shape.contains("max")) CHECK(value.get<double>() <= shape["max"].get<double>());
  } else if (type == "boolean") {
    CHECK(value.is_boolean());
  } else if (type == "enum") {
    const Json& values = shape["values"];
    CHECK(std::find(values.begin(), values.end(), value) != values.end());
  } else if (type == "array") {
    REQUIRE(value.is_array());
    REQUIRE(shape.contains("items"));
    CHECK(value.size() >= shape["min_length"].get<std::size_t>());
    CHECK(value.size() <= shape["max_length"].get<std::size_t>());
    for (std::size_t i = 0; i < value.size(); ++i)
      check_fits(shape["items"], value[i], where + "[" + std::to_string(i) + "]");
  } else if (type == "object") {
    REQUIRE(value.is_object());
    REQUIRE(shape["fields"].is_object());
    CHECK(shape["order"].size() == shape["fields"].size());
    for (const auto& name : shape["order"])
      CHECK(shape["fields"].contains(name.get<std::string>()));
    // Every field the standard holds is one the form shows, and the other way round.
    CHECK(value.size() == shape["fields"].size());
    for (const auto& [name, field] : shape["fields"].items()) {
      REQUIRE(value.contains(name));
      check_fits(field, value[name], where + "." + name);
    }
  } else {
    FAIL("a shape of unknown type " << type);
  }
}

}  // namespace

TEST_CASE("every option is named in words, and a list or object option has its shape") {
  for (const auto* game : all_games()) {
    const Json schema = game->describe()["options"];
    for (const auto& [name, option] : schema.items()) {
      INFO(game->info().id << " " << name);
      CHECK(has_words(option, "title"));
      CHECK(option["title"].get<std::string>().find('_') == std::string::npos);
      const std::string type = option["type"];
      if (type != "array" && type != "object") continue;
      CHECK(has_words(option, "if_null"));
      if (type == "array") {
        REQUIRE(option.contains("items"));
        CHECK(option["min_length"].get<int>() <= option["max_length"].get<int>());
      } else {
        CHECK(option["fields"].is_object());
      }
      // Where editing starts: the standard, or the start given where null draws at random.
      for (const char* from : {"standard", "start"}) {
        if (!option.contains(from)) continue;
        check_fits(option, option[from], name + " " + from);
        // Sent back unchanged, it makes a room.
        auto options = game->normalize_options(Json{{name, option[from]}});
        CHECK_MESSAGE(options.ok(), (options.ok() ? "" : options.error().message));
      }
      CHECK(int(option.contains("standard")) + int(option.contains("start")) == 1);
    }
  }
}
