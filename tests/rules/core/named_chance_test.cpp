// Named chance events: the written value reaches the rules, checked, or a refusal says what is
// wrong; without any, the rules draw exactly as they always did.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "rules/core/named_chance.hpp"

namespace {

using tortuga::Chance;
using tortuga::ChanceEventInfo;
using tortuga::NamedEvents;
using Json = nlohmann::json;

constexpr ChanceEventInfo kKnown[] = {
    {"deck", "order", false, "the deck, top card first"},
    {"die", "faces", true, "each roll of the die"},
};

Chance chance_with(const Json& events, std::uint64_t seed = 3) {
  auto named = NamedEvents::parse(events, kKnown);
  REQUIRE(named.ok());
  return Chance(seed, {}, std::make_shared<const NamedEvents>(std::move(*named)));
}

std::string name_of(const std::string& s) {
  return s;
}

}  // namespace

TEST_CASE("a written order is the order the rules get, and the rest draws as before") {
  Chance chance = chance_with(Json::parse(R"([{"event": "deck", "order": ["c", "a", "b", "a"]}])"));
  std::vector<std::string> deck = {"a", "a", "b", "c"};
  tortuga::order(chance, "deck", deck, name_of);
  CHECK(deck == std::vector<std::string>{"c", "a", "b", "a"});
  CHECK_FALSE(chance.refusal());
  // The event is used up: the next shuffle is random again, and the source says nothing is left.
  CHECK(chance.take("deck") == nullptr);
  CHECK(chance.unused().empty());
}

TEST_CASE("without named events, order() shuffles exactly as Chance::shuffle does") {
  std::vector<int> a = {1, 2, 3, 4, 5, 6, 7, 8}, b = a;
  Chance plain(9), with_other = chance_with(Json::parse(R"([{"event": "die", "faces": [2]}])"), 9);
  plain.shuffle(a);
  tortuga::order(with_other, "deck", b, [](int i) { return std::to_string(i); });
  CHECK(a == b);
  CHECK(with_other.unused() == std::vector<std::string>{"\"die\" (1 left)"});
}

TEST_CASE("a written order is refused with what is wrong: a stranger, a card twice, a count") {
  auto refusal_for = [](const char* order, bool whole = true) {
    Chance chance = chance_with(Json{{{"event", "deck"}, {"order", Json::parse(order)}}});
    std::vector<std::string> deck = {"a", "a", "b", "c"};
    tortuga::order(chance, "deck", deck, name_of, whole);
    REQUIRE(chance.refusal());
    CHECK(chance.refusal()->code == tortuga::kBadChanceEvent);
    return chance.refusal()->message;
  };
  CHECK(refusal_for(R"(["a", "a", "b", "z"])") ==
        "chance event \"deck\": \"z\" is not one of them; write one of \"a\", \"b\", \"c\"");
  CHECK(refusal_for(R"(["c", "c", "a", "b"])") ==
        "chance event \"deck\": \"c\" is written more often than the 1 there is");
  CHECK(refusal_for(R"(["a", "b"])") ==
        "chance event \"deck\": gives 2 where there are 4: write them all");
  CHECK(refusal_for(R"(["a", "b", "c", "a", "a"])", false) ==
        "chance event \"deck\": gives 5 where there are 4: write at most that many");
  CHECK(refusal_for(R"("abc")") == "chance event \"deck\": write a list of names");
}

TEST_CASE("the first items of a pile may be written alone: they are its top, the rest below") {
  Chance chance = chance_with(Json::parse(R"([{"event": "deck", "order": [3, 1]}])"));
  std::vector<int> pile = {0, 1, 2, 3, 4, 5};
  tortuga::order_pile(chance, "deck", pile, [](int i) { return std::to_string(i); });
  REQUIRE_FALSE(chance.refusal());
  REQUIRE(pile.size() == 6);
  CHECK(pile[5] == 3);  // drawn first
  CHECK(pile[4] == 1);
}

TEST_CASE("a die's written faces come one per roll, checked against its sides") {
  Chance chance = chance_with(
      Json::parse(R"([{"event": "die", "faces": [6, 1]}, {"event": "die", "faces": [4]}])"));
  CHECK(tortuga::number(chance, "die", 1, 6) == 6);
  CHECK(tortuga::number(chance, "die", 1, 6) == 1);
  CHECK(tortuga::number(chance, "die", 1, 6) == 4);
  CHECK_FALSE(chance.refusal());
  Chance plain(3);
  CHECK(tortuga::number(chance, "die", 1, 6) == plain.between(1, 6));  // then at random

  Chance seven = chance_with(Json::parse(R"([{"event": "die", "faces": [7]}])"));
  tortuga::number(seven, "die", 1, 6);
  REQUIRE(seven.refusal());
  CHECK(seven.refusal()->message == "chance event \"die\": 7 is not a whole number from 1 to 6");
}

TEST_CASE("a written pick names an item that is there") {
  Chance chance = chance_with(Json::parse(R"([{"event": "die", "faces": ["b", "z"]}])"));
  const std::vector<std::string> hand = {"a", "b", "c"};
  CHECK(tortuga::pick(chance, "die", hand, name_of) == 1);
  tortuga::pick(chance, "die", hand, name_of);
  REQUIRE(chance.refusal());
  CHECK(chance.refusal()->message ==
        "chance event \"die\": \"z\" is not there to draw; write one of \"a\", \"b\", \"c\"");
}

TEST_CASE("named events a game does not know, or written wrongly, are refused before a match") {
  auto error_for = [](const char* text) {
    auto parsed = NamedEvents::parse(Json::parse(text), kKnown);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().code == tortuga::kBadChanceEvent);
    return parsed.error().message;
  };
  CHECK(error_for(R"([{"event": "dice", "faces": [1]}])") ==
        "script entry 1: unknown chance event \"dice\"; its events are \"deck\", \"die\"");
  CHECK(error_for(R"([{"event": "die", "faces": [1]}, {"event": "deck", "cards": []}])") ==
        "script entry 2: chance event \"deck\" takes \"order\", not \"cards\"");
  CHECK(error_for(R"([{"event": "deck"}])") ==
        "script entry 1: chance event \"deck\" needs \"order\": the deck, top card first");
  CHECK(error_for(R"([{"event": "die", "faces": 3}])") ==
        "script entry 1: chance event \"die\": \"faces\" is a list, one value per draw");
  CHECK(error_for(R"([{"order": []}])") ==
        "script entry 1: a named chance event needs a string \"event\"");
}
