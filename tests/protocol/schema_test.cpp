// The protocol's JSON Schema (protocol/schema/) names what the code has: every client message
// the parser reads, every error code, every game and the fields with which `welcome` describes
// options. The frames of the integration, browser and SDK tests are checked against it too
// (tests/schema/); these checks catch what no frame of theirs may show.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/codes.hpp"
#include "protocol/schema.hpp"
#include "rules/core/registry.hpp"
#include "tests/protocol/message_types.hpp"

using namespace tortuga::protocol;
using Json = nlohmann::json;

namespace {

const Json& schema() {
  static const Json parsed = Json::parse(schema_text());
  return parsed;
}

const Json& def(const std::string& name) {
  INFO(name);
  REQUIRE(schema()["$defs"].contains(name));
  return schema()["$defs"][name];
}

std::set<std::string> strings(const Json& array) {
  std::set<std::string> out;
  for (const Json& s : array) out.insert(s.get<std::string>());
  return out;
}

}  // namespace

TEST_CASE("the schema is a draft 2020-12 document that fits any message of either side") {
  CHECK(schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema");
  CHECK(def("client_message")["required"] == Json::array({"type"}));
  CHECK(def("server_message")["required"] == Json::array({"type"}));
}

TEST_CASE("the schema has every client message the parser reads, and no other") {
  const auto types = client_message_types();
  CHECK(strings(def("client_message")["properties"]["type"]["enum"]) ==
        std::set<std::string>(types.begin(), types.end()));
  for (const std::string& type : types) {
    INFO(type);
    CHECK(def("client." + type)["properties"]["type"]["const"] == type);
  }
}

TEST_CASE("the schema's error codes are every code a client may receive") {
  std::set<std::string> codes;
  for (auto code : kAllCodes) codes.insert(std::string(code));
  CHECK(strings(def("parts.error_code")["enum"]) == codes);
}

TEST_CASE("the schema describes every game's actions and views, and every field of its options") {
  const Json& option_fields = def("parts.option")["properties"];
  for (const tortuga::Game* game : tortuga::all_games()) {
    const Json described = game->describe();
    INFO(described["id"]);
    def("games." + described["id"].get<std::string>() + ".action");
    def("games." + described["id"].get<std::string>() + ".view");
    for (const auto& [name, option] : described["options"].items()) {
      INFO(name);
      for (const auto& [field, value] : option.items()) {
        INFO(field);
        CHECK(option_fields.contains(field));
      }
      CHECK(strings(def("parts.option")["properties"]["type"]["enum"]).count(option["type"]) == 1);
    }
  }
}
