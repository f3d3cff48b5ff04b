// The action reader every game reads its actions with: one wording and one code for each kind of
// malformed action, and client text quoted so that no message carries it raw, however hostile.
#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "rules/core/action_reader.hpp"
#include "rules/core/bot.hpp"
#include "rules/core/chance.hpp"
#include "rules/core/registry.hpp"
#include "tests/why.hpp"

using tortuga::ActionReader;
using tortuga::Json;
using tortuga::quote;

namespace {

constexpr auto kAny = ActionReader::kAnyCount;

// The message of what `read` refused, checked to be bad_action: every malformed action is.
std::string refused(const ActionReader& read) {
  REQUIRE_MESSAGE(read.refusal().has_value(), "nothing was refused");
  CHECK(read.refusal()->code == tortuga::code::kBadAction);
  return read.refusal()->message;
}

// What reading {"type": "t", "f": value} with `read_f` refuses.
template <class ReadF>
std::string refused_for(const Json& value, ReadF read_f) {
  const Json action = {{"type", "t"}, {"f", value}};
  ActionReader read(action);
  read_f(read);
  return refused(read);
}

// Printable ASCII only: no control character, no byte of a UTF-8 sequence.
bool printable(const std::string& text) {
  for (char c : text)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

}  // namespace

TEST_CASE("action reader: an unexpected field, then a missing one") {
  const Json jump = {{"type", "jump"}, {"pirate", 0}};
  CHECK(refused(ActionReader(jump, {"pirate", "to"})) == "missing \"to\"");
  CHECK(refused(ActionReader(jump, {"to"})) == "unexpected field \"pirate\"");
  CHECK(refused(ActionReader(jump, {})) == "unexpected field \"pirate\"");
  CHECK(refused(ActionReader(jump, {"to"}, {"pirate"})) == "missing \"to\"");
  CHECK_FALSE(ActionReader(jump, {"pirate"}).refusal());
  CHECK_FALSE(ActionReader(jump, {}, {"pirate", "steal"}).refusal());
  CHECK(tortuga::why(tortuga::expect_fields(jump, {"pirate"})).empty());
  CHECK(tortuga::why(tortuga::expect_fields(jump, {})) == "unexpected field \"pirate\"");
  // A field read without being named first is still missing in the same words.
  ActionReader read(jump);
  read.integer("to");
  CHECK(refused(read) == "missing \"to\"");
}

TEST_CASE("action reader: an unknown action type names the game's types") {
  static constexpr std::string_view kTypes[] = {"jump", "pass"};
  const Json pass_action = {{"type", "pass"}}, fly_action = {{"type", "fly"}};
  ActionReader pass(pass_action);
  CHECK(pass.type_among(kTypes) == 1);
  CHECK_FALSE(pass.refusal());
  ActionReader fly(fly_action);
  CHECK(fly.type_among(kTypes) == 0);  // harmless, and refused
  CHECK(refused(fly) == "unknown action type \"fly\": expected one of \"jump\", \"pass\"");
  CHECK(tortuga::why(tortuga::expect_type({{"type", "fly"}}, kTypes)) == refused(fly));
  CHECK_FALSE(tortuga::expect_type({{"type", "jump"}}, kTypes));
}

TEST_CASE("action reader: integers, of any size or in a range") {
  const Json action = {{"type", "t"},
                       {"n", 7},
                       {"big", std::numeric_limits<std::uint64_t>::max()},
                       {"least", std::numeric_limits<std::int64_t>::min()}};
  ActionReader read(action);
  CHECK(read.integer("n") == 7);
  CHECK(read.integer("n", 0, 9) == 7);
  CHECK(read.integer("n", 7, 7) == 7);
  // Beyond long long an integer is pinned to its end: no rule tells such numbers apart.
  CHECK(read.integer("big") == std::numeric_limits<long long>::max());
  CHECK(read.integer("least") == std::numeric_limits<long long>::min());
  CHECK_FALSE(read.refusal());

  auto any = [](ActionReader& r) { r.integer("f"); };
  auto digit = [](ActionReader& r) { r.integer("f", 0, 9); };
  for (const Json& value : {Json("7"), Json(2.0), Json(0.5), Json(nullptr), Json(true),
                            Json::array({7}), Json::object()}) {
    CHECK(refused_for(value, any) == "\"f\" must be an integer");
    CHECK(refused_for(value, digit) == "\"f\" must be an integer from 0 to 9");
  }
  for (const Json& value : {Json(-1), Json(10), Json(std::numeric_limits<std::uint64_t>::max()),
                            Json(std::numeric_limits<std::int64_t>::min())})
    CHECK(refused_for(value, digit) == "\"f\" must be an integer from 0 to 9");
}

TEST_CASE("action reader: numbers, booleans and names") {
  const Json action = {{"type", "t"}, {"x", 0.25}, {"n", 3}, {"b", false}, {"size", "big"}};
  ActionReader read(action);
  CHECK(read.number("x") == 0.25);
  CHECK(read.number("n") == 3.0);
  CHECK(read.number("x", -180, 180) == 0.25);
  CHECK(read.boolean("b") == false);
  CHECK(read.one_of("size", {"small", "big"}) == "big");
  CHECK_FALSE(read.refusal());

  CHECK(refused_for("1", [](auto& r) { r.number("f"); }) == "\"f\" must be a number");
  CHECK(refused_for(180.5, [](auto& r) { r.number("f", -180, 180); }) ==
        "\"f\" must be a number from -180 to 180");
  CHECK(refused_for(0, [](auto& r) { r.number("f", 0.5, 1.5); }) ==
        "\"f\" must be a number from 0.5 to 1.5");
  CHECK(refused_for(1, [](auto& r) { r.boolean("f"); }) == "\"f\" must be true or false");
  for (const Json& value : {Json("huge"), Json("Big"), Json(1), Json::array({"big"})})
    CHECK(refused_for(value, [](auto& r) {
            r.one_of("f", {"small", "big"});
          }) == "\"f\" must be one of \"small\", \"big\"");

  // Names of a game's values: the value named comes back.
  enum class Crew { kYellowbeards, kBlackbeards };
  constexpr Crew kCrews[] = {Crew::kYellowbeards, Crew::kBlackbeards};
  auto name = [](Crew c) { return c == Crew::kYellowbeards ? "yellowbeards" : "blackbeards"; };
  const Json crew_action = {{"type", "t"}, {"crew", "blackbeards"}};
  ActionReader crew(crew_action);
  CHECK(crew.one_of("crew", kCrews, name) == Crew::kBlackbeards);
  CHECK_FALSE(crew.refusal());
  CHECK(refused_for("pirates", [&](auto& r) { r.one_of("f", kCrews, name); }) ==
        "\"f\" must be one of \"yellowbeards\", \"blackbeards\"");
}

TEST_CASE("action reader: arrays of integers, of names, of the game's own items") {
  const Json action = {{"type", "t"}, {"to", {3, -2}}, {"cards", {"sailor", "sailor"}}};
  ActionReader read(action);
  CHECK(read.integers("to", 2, 2) == std::vector<long long>{3, -2});
  CHECK(read.list_of("cards", 0, 6, std::vector<std::string>{"sailor", "gunner"},
                     [](const std::string& s) { return std::string_view(s); }) ==
        std::vector<std::string>{"sailor", "sailor"});
  CHECK(read.array("to", 0, kAny, "cells").size() == 2);
  CHECK_FALSE(read.refusal());

  auto pair = [](auto& r) { r.integers("f", 2, 2); };
  for (const Json& value : {Json(3), Json::array({1}), Json::array({1, 2, 3}),
                            Json::array({"1", 0}), Json::array({1.0, 0})})
    CHECK(refused_for(value, pair) == "\"f\" must be an array of 2 integers");
  CHECK(refused_for(Json::array({0, 1, 2}), [](auto& r) { r.integers("f", 0, 2); }) ==
        "\"f\" must be an array of up to 2 integers");
  CHECK(refused_for(Json::array(), [](auto& r) { r.integers("f", 1, 3); }) ==
        "\"f\" must be an array of 1 to 3 integers");
  CHECK(refused_for(Json::array(), [](auto& r) { r.integers("f", 1, kAny); }) ==
        "\"f\" must be an array of at least 1 integers");
  CHECK(refused_for(Json::array({65}), [](auto& r) { r.integers("f", 1, 2, 0, 64); }) ==
        "\"f\" must be an array of 1 to 2 integers from 0 to 64");
  CHECK(refused_for("x", [](auto& r) { r.integers("f", 0, kAny); }) ==
        "\"f\" must be an array of integers");
  static constexpr std::string_view kCrew[] = {"sailor", "gunner"};
  CHECK(refused_for(Json::array({"sailor", "cook"}), [](auto& r) {
          r.list_of("f", 0, 6, kCrew);
        }) == "\"f\" must be an array of up to 6 names, each one of \"sailor\", \"gunner\"");
  CHECK(refused_for(Json::array({1, 2, 3}), [](auto& r) { r.array("f", 0, 2, "alley ids"); }) ==
        "\"f\" must be an array of up to 2 alley ids");
  CHECK(ActionReader::must_hold("f", 0, 2, "alley ids").message ==
        "\"f\" must be an array of up to 2 alley ids");
  CHECK(tortuga::named_twice("cards", 12).message == "\"cards\" names 12 twice");
  CHECK(tortuga::named_twice("cards", 12).code == tortuga::code::kBadAction);
}

TEST_CASE("action reader: the first refusal stands, and later reads return harmless values") {
  const Json action = {{"type", "t"}, {"n", "x"}, {"m", 5}, {"size", 1}};
  ActionReader read(action);
  CHECK(read.integer("n", 1, 2) == 1);
  CHECK(read.integer("m", 0, 3) == 0);
  CHECK(read.one_of("size", {"small", "big"}) == "small");
  CHECK(read.integers("m", 2, 2).empty());
  read.fields({});
  read.refuse(tortuga::bad_action("another"));
  CHECK(refused(read) == "\"n\" must be an integer from 1 to 2");
}

TEST_CASE("quote: client text comes back JSON-escaped, printable and short") {
  CHECK(quote("fly") == "\"fly\"");
  CHECK(quote("") == "\"\"");
  CHECK(quote("a\"b\\c") == R"("a\"b\\c")");
  CHECK(quote("\n\r\t\x01\x1f\x7f") == R"("\n\r\t\u0001\u001f\u007f")");
  CHECK(quote(std::string("a\0b", 3)) == R"("a\u0000b")");
  // Beyond ASCII: escaped by code point, so that nothing invisible or reordering reaches a
  // screen raw (U+202E turns text around), and any bytes that are not UTF-8 show as U+FFFD.
  CHECK(quote("caf\xc3\xa9") == R"("caf\u00e9")");
  CHECK(quote("\xe2\x80\xae") == R"("\u202e")");
  CHECK(quote("\xf0\x9f\x98\x80") == R"("\ud83d\ude00")");
  CHECK(quote("\xff") == R"("\ufffd")");
  CHECK(quote("\xc0\x80") == R"("\ufffd\ufffd")");            // an overlong NUL
  CHECK(quote("\xed\xa0\x80") == R"("\ufffd\ufffd\ufffd")");  // a lone surrogate
  CHECK(quote("\xe2\x82") == R"("\ufffd\ufffd")");            // cut short
  // Long text: its first 40 bytes of escapes, whole ones, and "..." after the closing quote.
  CHECK(quote(std::string(1000, 'k')) == "\"" + std::string(40, 'k') + "\"...");
  CHECK(quote(std::string(40, 'k')) == "\"" + std::string(40, 'k') + "\"");
  const std::string six_escapes = R"("\u0001\u0001\u0001\u0001\u0001\u0001")";
  CHECK(quote(std::string(100, '\x01')) == six_escapes + "...");
}

TEST_CASE("quote: whatever the bytes, a short printable JSON string that reads back as a prefix") {
  const std::string pieces[] = {
      "a",    "\"",   "\\", "\n", "\x01", "\x7f", "\xc3\xa9", "\xe2\x80\xae", "\xf0\x9f\x98\x80",
      "\xff", "\xc3", " ",  "{"};
  tortuga::Chance rng(5);
  for (int i = 0; i < 2000; ++i) {
    std::string text;
    bool valid_utf8 = true;
    for (int n = static_cast<int>(rng.below(60)); n > 0; --n) {
      const auto k = rng.below(std::size(pieces));
      valid_utf8 = valid_utf8 && k < 9;
      text += pieces[k];
    }
    const std::string q = quote(text);
    CHECK(printable(q));
    CHECK(q.size() <= 2 + 40 + 3);
    const bool cut = q.size() >= 3 && q.compare(q.size() - 3, 3, "...") == 0 &&
                     q.compare(q.size() - 4, 1, "\"") == 0;
    const std::string literal = cut ? q.substr(0, q.size() - 3) : q;
    Json back;
    REQUIRE_NOTHROW(back = Json::parse(literal));
    REQUIRE(back.is_string());
    if (valid_utf8) {
      CHECK(text.compare(0, back.get<std::string>().size(), back.get<std::string>()) == 0);
      CHECK(cut == (back.get<std::string>().size() < text.size()));
    }
  }
}

// Every game reads its actions with the reader: the same malformed actions are refused by each
// with the same code and words, and client text never comes back raw.
namespace {

// For each game, the type of a legal action and one of its fields, whose value has a range: the
// value `beyond` it is refused in `words`. Colpaccio has no integer field with a range (a card id
// beyond the deck is the rules' refusal: no card has it), so its value beyond is a count.
struct Probe {
  const char* game;
  const char* type;
  const char* field;
  bool optional;  // the legal actions of that type may lack it
  Json beyond;
  const char* words;
};

const Probe kProbes[] = {
    {"raft-and-scupper", "jump", "pirate", false, 7, "\"pirate\" must be an integer from 0 to 3"},
    {"scalawag", "order", "sailors", false, 4, "\"sailors\" must be an integer from 0 to 3"},
    {"um-rum-und-ehre", "move", "alley", false, 1000001,
     "\"alley\" must be an integer from -1000000 to 1000000"},
    {"colpaccio", "raid", "cards", false, Json::array({0, 1, 2, 3}),
     "\"cards\" must be an array of 1 to 3 integers"},
    {"riff-raff", "load", "pieces", true, 3, "\"pieces\" must be an integer from 1 to 2"},
};

bool starts_with(const std::string& text, const std::string& start) {
  return text.compare(0, start.size(), start) == 0;
}

// Refused as bad_action, in printable words no longer than a sentence, and without changing
// anything: returns the words.
std::string malformed(const tortuga::State& state, int seat, const Json& action) {
  auto copy = state.clone();
  const Json before = copy->full_view();
  const tortuga::Refusal refused = copy->apply(seat, action);
  const std::string text = action.dump(-1, ' ', true, Json::error_handler_t::replace);
  REQUIRE_MESSAGE(refused.has_value(), text << " was accepted");
  CHECK_MESSAGE(refused->code == tortuga::code::kBadAction, text << ": " << refused->message);
  CHECK_MESSAGE(printable(refused->message), refused->message);
  CHECK(refused->message.size() < 400);
  CHECK(copy->full_view() == before);
  return refused->message;
}

}  // namespace

TEST_CASE("every game refuses the same malformed actions with the same code and words") {
  // Text a hostile client might send: quotes, a line break, control and bidi characters, length.
  const std::string hostile = "fo\"o\n\x01\xe2\x80\xae" + std::string(10000, 'x');
  for (const Probe& probe : kProbes) {
    CAPTURE(probe.game);
    const tortuga::Game* game = tortuga::find_game(probe.game);
    REQUIRE(game != nullptr);
    auto options = game->normalize_options(Json::object());
    REQUIRE(options.ok());
    auto state = game->new_state(*options, tortuga::Chance(3));
    tortuga::Chance rng(4);
    tortuga::RandomBot bot;
    // Play until a seat may send an action of the probe's type, with its field.
    int seat = -1;
    Json action;
    for (int step = 0; seat < 0 && step < 3000 && !state->is_over(); ++step) {
      for (int s : state->actors())
        for (const Json& legal : state->legal_actions(s))
          if (seat < 0 && legal.at("type").get_ref<const std::string&>() == probe.type &&
              (probe.optional || legal.contains(probe.field)))
            seat = s, action = legal;
      if (seat >= 0) break;
      const auto actors = state->actors();
      const int actor = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
      REQUIRE_FALSE(state->apply(actor, bot.choose(*state, actor, rng)));
    }
    REQUIRE_MESSAGE(seat >= 0, "no " << probe.type << " action was ever legal");
    CHECK_FALSE(state->clone()->apply(seat, action));

    // The contract's own refusals, before any game's.
    CHECK(malformed(*state, seat, 7) == "an action must be a JSON object");
    CHECK(malformed(*state, seat, Json::object()) == "missing \"type\"");
    CHECK(malformed(*state, seat, {{"type", 5}}) == "\"type\" must be a string");

    // An unknown type, then the same type hostile: quoted, escaped, cut.
    CHECK(starts_with(malformed(*state, seat, {{"type", "foo"}}),
                      "unknown action type \"foo\": expected one of \""));
    const std::string odd = malformed(*state, seat, {{"type", hostile}});
    CHECK(starts_with(odd, "unknown action type " + quote(hostile) + ": expected one of \""));
    CHECK(starts_with(odd, R"(unknown action type "fo\"o\n\u0001\u202exxx)"));
    CHECK(odd.find("fo\"o") == std::string::npos);
    CHECK(odd.find(std::string(41, 'x')) == std::string::npos);

    // A legal action with one field too many, its name hostile.
    Json extra = action;
    extra["by\"\n" + hostile] = 1;
    CHECK(malformed(*state, seat, extra) == "unexpected field " + quote("by\"\n" + hostile));

    // The probe's field: missing, of the wrong type, beyond its range.
    const std::string field = probe.field;
    if (!probe.optional) {
      Json without = action;
      without.erase(field);
      CHECK(malformed(*state, seat, without) == "missing \"" + field + "\"");
    }
    Json wrong = action;
    wrong[field] = action.contains(field) && action[field].is_string() ? Json(12345) : Json("x");
    CHECK(starts_with(malformed(*state, seat, wrong), "\"" + field + "\" must be "));
    Json beyond = action;
    beyond[field] = probe.beyond;
    CHECK(malformed(*state, seat, beyond) == probe.words);
    // And a long string where the field's value goes: never echoed at all.
    Json long_value = action;
    long_value[field] = hostile;
    CHECK(malformed(*state, seat, long_value).find("xxxx") == std::string::npos);
  }
}
