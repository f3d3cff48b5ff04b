// Whatever a client sends, parse_command answers with a command or a typed error, and the error
// reply it leads to is valid JSON.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "protocol/command.hpp"
#include "protocol/event.hpp"
#include "random_json.hpp"

using namespace tortuga;
using namespace tortuga::protocol;
using tortuga::test::RandomJson;

namespace {

const std::vector<std::string> kValid = {
    R"({"type":"hello","name":"Anne Bonny","token":"t0k3n","id":1})",
    R"({"type":"list_rooms","game":"scalawag"})",
    R"({"type":"create_room","game":"scalawag","options":{"players":4},"private":true,"id":"c"})",
    R"({"type":"join_room","room":"K7QX","seat":1})",
    R"({"type":"watch_room","room":12})",
    R"({"type":"add_bot","room":12,"seat":3,"bot":"random"})",
    R"({"type":"leave_room","room":12})",
    R"({"type":"start","room":12})",
    R"({"type":"action","match":4,"action":{"type":"jump","to":[2,3]},"id":99})",
    R"({"type":"sync","match":4})",
    R"({"type":"list_matches","game":"colpaccio","player":2,"status":"running","limit":10,"before":50})",
    R"({"type":"get_match","match":4})",
    R"({"type":"get_replay","match":4,"seat":0})",
    R"({"type":"ping","id":"p"})",
};

// Parses, and checks the outcome is well formed: a command, or an error with a known code whose
// reply serializes to valid JSON carrying the id.
void check_answer(const std::string& text) {
  Parsed parsed{nullptr, Error{}};
  REQUIRE_NOTHROW(parsed = parse_command(text));
  if (parsed.command) return;
  const Error& e = parsed.command.error();
  CHECK(std::find(std::begin(kAllCodes), std::end(kAllCodes), e.code) != std::end(kAllCodes));
  CHECK_FALSE(e.message.empty());
  std::string reply;
  REQUIRE_NOTHROW(reply = event::error(parsed.id, e));
  Json back;
  REQUIRE_NOTHROW(back = Json::parse(reply));
  CHECK(back["code"] == e.code);
  CHECK(back.value("re", Json()) == parsed.id);
}

}  // namespace

TEST_CASE("every valid sample parses") {
  for (const auto& text : kValid) {
    INFO(text);
    CHECK(parse_command(text).command.ok());
  }
}

TEST_CASE("thousands of random byte strings never throw and get typed errors") {
  RandomJson random(11);
  const std::string json_bytes = "{}[]\":,0123456789-+.eEtrufalsn \\/u\t\n";
  for (int i = 0; i < 20000; ++i) {
    std::string text(random.below(120), '\0');
    const bool jsonish = random.chance(50);
    for (auto& c : text)
      c = jsonish ? json_bytes[random.below(json_bytes.size())]
                  : static_cast<char>(random.below(256));
    INFO(text);
    check_answer(text);
  }
}

TEST_CASE("random edits of valid messages never throw") {
  RandomJson random(12);
  for (int i = 0; i < 20000; ++i) {
    std::string text = kValid[random.below(kValid.size())];
    for (std::size_t n = 1 + random.below(4); n > 0; --n) {
      const std::size_t at = random.below(text.size() + 1);
      switch (random.below(4)) {
        case 0:
          if (at < text.size()) text[at] = static_cast<char>(random.below(256));
          break;
        case 1:
          text.insert(at, 1, static_cast<char>(random.below(256)));
          break;
        case 2:
          if (at < text.size()) text.erase(at, 1 + random.below(3));
          break;
        default:
          text.resize(at);
      }
    }
    INFO(text);
    check_answer(text);
  }
}

TEST_CASE("random JSON values, as whole messages, never throw") {
  RandomJson random(13);
  for (int i = 0; i < 5000; ++i) check_answer(random.value(5).dump());
}

TEST_CASE("every type with random values in its fields gets a command or names what is wrong") {
  const std::vector<std::string> fields = {"name",   "token",  "game",  "options", "private",
                                           "room",   "seat",   "bot",   "match",   "action",
                                           "player", "status", "limit", "before",  "id"};
  RandomJson random(14);
  for (int i = 0; i < 20000; ++i) {
    const auto& sample = kValid[random.below(kValid.size())];
    Json message = Json::parse(sample);
    for (std::size_t n = 1 + random.below(3); n > 0; --n) {
      const auto& field = fields[random.below(fields.size())];
      if (random.chance(15))
        message.erase(field);
      else
        message[field] = random.chance(50) ? random.scalar() : random.value(2);
    }
    const std::string text = message.dump();
    INFO(text);
    check_answer(text);
    auto parsed = parse_command(text);
    if (!parsed.command) {
      const Error& e = parsed.command.error();
      // A message's field, named; or the action, which is refused as the games refuse one.
      if (e.code == code::kBadAction)
        CHECK(e.message == "an action must be a JSON object");
      else
        CHECK(e.code == code::kBadField);
      if (e.code == code::kBadField) CHECK(e.message.find("field \"") != std::string::npos);
    }
  }
}

TEST_CASE("huge numbers, long strings and wide documents are handled without trouble") {
  check_answer(R"({"type":"sync","match":)" + std::string(5000, '9') + "}");
  check_answer(R"({"type":"sync","match":0.)" + std::string(5000, '0') + "1}");
  check_answer(R"({"type":"sync","match":1e)" + std::string(500, '9') + "}");
  check_answer(R"({"type":"hello","name":")" + std::string(100000, 'a') + "\"}");
  std::string wide = R"({"type":"action","match":1,"action":{"type":"x","list":[)";
  for (int i = 0; i < 100000; ++i) wide += "0,";
  wide += "0]}}";
  CHECK(parse_command(wide).command.ok());
}
