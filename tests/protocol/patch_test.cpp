#include <doctest/doctest.h>

#include <string>

#include "protocol/patch.hpp"
#include "random_json.hpp"
#include "tests/why.hpp"

using namespace tortuga;
using namespace tortuga::protocol;
using tortuga::test::RandomJson;

namespace {

// "/<i>", built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string.
std::string slash(const std::string& token) {
  std::string path = "/";
  path += token;
  return path;
}
std::string slash(std::size_t i) {
  return slash(std::to_string(i));
}

// Equal as text: 1 and 1.0 differ, as they would on the wire.
std::string text(const Json& j) {
  return j.dump();
}

Json apply_ok(const Json& doc, const Json& ops) {
  INFO("doc: " << doc.dump() << "\nops: " << ops.dump());
  auto result = apply_patch(doc, ops);
  if (!result) FAIL(result.error().message);
  return *result;
}

void check_refused(const Json& doc, const Json& ops) {
  INFO("doc: " << doc.dump() << "\nops: " << ops.dump());
  Expected<Json> result = doc;
  CHECK_NOTHROW(result = apply_patch(doc, ops));
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().code == code::kBadPatch);
  CHECK_FALSE(result.error().message.empty());
}

void check_round_trip(const Json& a, const Json& b) {
  INFO("from: " << a.dump() << "\nto:   " << b.dump());
  Json ops;
  REQUIRE_NOTHROW(ops = diff(a, b));
  INFO("ops:  " << ops.dump());
  REQUIRE(ops.is_array());
  auto patched = apply_patch(a, ops);
  REQUIRE_MESSAGE(patched.ok(), tortuga::why(patched));
  CHECK(text(*patched) == text(b));
  // A second, independent implementation accepts the same ops: they are plain RFC 6902.
  Json by_library;
  REQUIRE_NOTHROW(by_library = a.patch(ops));
  CHECK(by_library == b);
}

}  // namespace

// --- RFC 6902, appendix A ------------------------------------------------------------------------

TEST_CASE("RFC 6902 A.1: adding an object member") {
  CHECK(apply_ok({{"foo", "bar"}}, R"([{"op":"add","path":"/baz","value":"qux"}])"_json) ==
        R"({"baz":"qux","foo":"bar"})"_json);
}

TEST_CASE("RFC 6902 A.2: adding an array element") {
  CHECK(apply_ok(R"({"foo":["bar","baz"]})"_json,
                 R"([{"op":"add","path":"/foo/1","value":"qux"}])"_json) ==
        R"({"foo":["bar","qux","baz"]})"_json);
}

TEST_CASE("RFC 6902 A.3: removing an object member") {
  CHECK(apply_ok(R"({"baz":"qux","foo":"bar"})"_json, R"([{"op":"remove","path":"/baz"}])"_json) ==
        R"({"foo":"bar"})"_json);
}

TEST_CASE("RFC 6902 A.4: removing an array element") {
  CHECK(apply_ok(R"({"foo":["bar","qux","baz"]})"_json,
                 R"([{"op":"remove","path":"/foo/1"}])"_json) == R"({"foo":["bar","baz"]})"_json);
}

TEST_CASE("RFC 6902 A.5: replacing a value") {
  CHECK(apply_ok(R"({"baz":"qux","foo":"bar"})"_json,
                 R"([{"op":"replace","path":"/baz","value":"boo"}])"_json) ==
        R"({"baz":"boo","foo":"bar"})"_json);
}

TEST_CASE("RFC 6902 A.6: moving a value") {
  CHECK(apply_ok(R"({"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}})"_json,
                 R"([{"op":"move","from":"/foo/waldo","path":"/qux/thud"}])"_json) ==
        R"({"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}})"_json);
}

TEST_CASE("RFC 6902 A.7: moving an array element") {
  CHECK(apply_ok(R"({"foo":["all","grass","cows","eat"]})"_json,
                 R"([{"op":"move","from":"/foo/1","path":"/foo/3"}])"_json) ==
        R"({"foo":["all","cows","eat","grass"]})"_json);
}

TEST_CASE("RFC 6902 A.8: testing a value, success") {
  Json doc = R"({"baz":"qux","foo":["a",2,"c"]})"_json;
  CHECK(apply_ok(doc, R"([{"op":"test","path":"/baz","value":"qux"},
                          {"op":"test","path":"/foo/1","value":2}])"_json) == doc);
}

TEST_CASE("RFC 6902 A.9: testing a value, error") {
  check_refused(R"({"baz":"qux"})"_json, R"([{"op":"test","path":"/baz","value":"bar"}])"_json);
}

TEST_CASE("RFC 6902 A.10: adding a nested member object") {
  CHECK(apply_ok(R"({"foo":"bar"})"_json,
                 R"([{"op":"add","path":"/child","value":{"grandchild":{}}}])"_json) ==
        R"({"foo":"bar","child":{"grandchild":{}}})"_json);
}

TEST_CASE("RFC 6902 A.11: ignoring unrecognized elements") {
  CHECK(apply_ok(R"({"foo":"bar"})"_json,
                 R"([{"op":"add","path":"/baz","value":"qux","xyz":123}])"_json) ==
        R"({"foo":"bar","baz":"qux"})"_json);
}

TEST_CASE("RFC 6902 A.12: adding to a nonexistent target") {
  check_refused(R"({"foo":"bar"})"_json, R"([{"op":"add","path":"/baz/bat","value":"qux"}])"_json);
}

// A.13 (an op with "op" twice) cannot reach apply_patch: the JSON parser has already kept one.

TEST_CASE("RFC 6902 A.14: ~ escape ordering") {
  Json doc = R"({"/":9,"~1":10})"_json;
  CHECK(apply_ok(doc, R"([{"op":"test","path":"/~01","value":10}])"_json) == doc);
}

TEST_CASE("RFC 6902 A.15: comparing strings and numbers") {
  check_refused(R"({"/":9,"~1":10})"_json, R"([{"op":"test","path":"/~01","value":"10"}])"_json);
}

TEST_CASE("RFC 6902 A.16: adding an array value") {
  CHECK(apply_ok(R"({"foo":["bar"]})"_json,
                 R"([{"op":"add","path":"/foo/-","value":["abc","def"]}])"_json) ==
        R"({"foo":["bar",["abc","def"]]})"_json);
}

TEST_CASE("RFC 6901 section 5: every example pointer resolves to its value") {
  Json doc = R"({"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,
                 "k\"l":6," ":7,"m~n":8})"_json;
  const std::pair<const char*, Json> cases[] = {{"", doc},         {"/foo", {"bar", "baz"}},
                                                {"/foo/0", "bar"}, {"/", 0},
                                                {"/a~1b", 1},      {"/c%d", 2},
                                                {"/e^f", 3},       {"/g|h", 4},
                                                {"/i\\j", 5},      {"/k\"l", 6},
                                                {"/ ", 7},         {"/m~0n", 8}};
  for (const auto& [path, value] : cases)
    apply_ok(doc, Json::array({{{"op", "test"}, {"path", path}, {"value", value}}}));
}

TEST_CASE("test compares numbers by value, and arrays and objects member by member") {
  Json doc = R"({"n":1,"a":[1,{"x":2}]})"_json;
  apply_ok(doc, R"([{"op":"test","path":"/n","value":1.0}])"_json);
  apply_ok(doc, R"([{"op":"test","path":"/a","value":[1,{"x":2}]}])"_json);
  check_refused(doc, R"([{"op":"test","path":"/a","value":[{"x":2},1]}])"_json);
}

TEST_CASE("replace and add at the root replace the whole document; copy duplicates") {
  CHECK(apply_ok({{"a", 1}}, R"([{"op":"replace","path":"","value":[1,2]}])"_json) == Json{1, 2});
  CHECK(apply_ok(5, R"([{"op":"add","path":"","value":{"b":2}}])"_json) == Json{{"b", 2}});
  CHECK(apply_ok(R"({"a":{"x":[1]}})"_json, R"([{"op":"copy","from":"/a","path":"/b"}])"_json) ==
        R"({"a":{"x":[1]},"b":{"x":[1]}})"_json);
  CHECK(apply_ok(R"({"a":[1,2]})"_json, R"([{"op":"move","from":"/a/0","path":"/a/0"}])"_json) ==
        R"({"a":[1,2]})"_json);
}

TEST_CASE("a malformed or unappliable patch is a bad_patch error, never an exception") {
  Json doc = R"({"a":{"b":[1,2,3]},"s":"x"})"_json;
  const char* bad[] = {
      R"({"op":"add","path":"/a","value":1})",                           // not an array
      R"(["add"])",                                                      // op not an object
      R"([{"path":"/a"}])",                                              // no op
      R"([{"op":7,"path":"/a"}])",                                       // op not a string
      R"([{"op":"frobnicate","path":"/a"}])",                            // unknown op
      R"([{"op":"remove"}])",                                            // no path
      R"([{"op":"remove","path":5}])",                                   // path not a string
      R"([{"op":"remove","path":"a"}])",                                 // path without leading /
      R"([{"op":"remove","path":"/a~2"}])",                              // bad escape
      R"([{"op":"remove","path":"/a~"}])",                               // bad escape at the end
      R"([{"op":"add","path":"/a/b/01","value":0}])",                    // leading zero
      R"([{"op":"add","path":"/a/b/4","value":0}])",                     // past the end
      R"([{"op":"add","path":"/a/b/-1","value":0}])",                    // negative
      R"([{"op":"add","path":"/a/b/99999999999999999999","value":0}])",  // huge
      R"([{"op":"add","path":"/a/b"}])",                                 // no value
      R"([{"op":"replace","path":"/zz","value":0}])",                    // replace a missing member
      R"([{"op":"replace","path":"/a/b/3","value":0}])",                 // replace past the end
      R"([{"op":"remove","path":"/a/b/-"}])",                            // "-" names no element
      R"([{"op":"remove","path":"/a/zz"}])",                             // remove a missing member
      R"([{"op":"remove","path":""}])",                                  // remove the document
      R"([{"op":"add","path":"/s/t","value":0}])",                       // add under a string
      R"([{"op":"add","path":"/q/r","value":0}])",       // add under a missing member
      R"([{"op":"move","from":"/a","path":"/a/c"}])",    // move into itself
      R"([{"op":"move","path":"/c"}])",                  // move without from
      R"([{"op":"move","from":"/zz","path":"/c"}])",     // move from nowhere
      R"([{"op":"copy","from":"/a/b/9","path":"/c"}])",  // copy from nowhere
      R"([{"op":"test","path":"/zz","value":null}])",    // test a missing member
      R"([{"op":"test","path":"/s"}])",                  // test without value
  };
  for (const char* ops : bad) check_refused(doc, Json::parse(ops));
}

TEST_CASE("a refused patch names the operation that failed and leaves the input alone") {
  Json doc = R"({"a":1})"_json;
  auto result =
      apply_patch(doc, R"([{"op":"add","path":"/b","value":2},{"op":"remove","path":"/zz"}])"_json);
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().message.find("operation 1") != std::string::npos);
  CHECK(result.error().message.find("/zz") != std::string::npos);
  CHECK(doc == R"({"a":1})"_json);
}

// --- diff ----------------------------------------------------------------------------------------

TEST_CASE("equal documents give an empty patch") {
  RandomJson random(1);
  for (int i = 0; i < 200; ++i) {
    Json a = random.value(5);
    CHECK(diff(a, a) == Json::array());
  }
}

TEST_CASE("diff then apply gives exactly the target over random documents and random edits") {
  RandomJson random(20240601);
  for (int i = 0; i < 3000; ++i) {
    Json a = random.value(1 + static_cast<int>(random.below(6)));
    Json b = random.mutate(a, 1 + static_cast<int>(random.below(5)));
    check_round_trip(a, b);
    check_round_trip(b, a);
  }
}

TEST_CASE("diff then apply gives exactly the target between unrelated random documents") {
  RandomJson random(7);
  for (int i = 0; i < 1000; ++i) check_round_trip(random.value(4), random.value(4));
}

TEST_CASE("a change of number representation is a change: 1 becomes 1.0") {
  Json a = R"({"n":1,"list":[1,2],"board":"a long board that is not worth sending again"})"_json;
  Json b =
      R"({"n":1.0,"list":[1,2.0],"board":"a long board that is not worth sending again"})"_json;
  check_round_trip(a, b);
  CHECK(diff(a, b).size() == 2);
  // Signed and unsigned integers of the same value print the same: no change.
  CHECK(diff(Json(std::int64_t{3}), Json(std::uint64_t{3})).empty());
}

// Makes a document large enough that replacing it whole is not the smaller patch.
const std::string kLongText(200, '.');

TEST_CASE("keys with / and ~ are escaped in paths, and the empty key has a path of its own") {
  Json a = {{"a/b", {{"m~n", {1, 2, 3}}}}, {"", 1}, {"~1", 0}, {"log", kLongText}};
  Json b = a;
  b["a/b"]["m~n"][1] = 5;
  b[""] = 2;
  b["~1"] = 9;
  auto ops = diff(a, b);
  CHECK(ops == R"([{"op":"replace","path":"/","value":2},
                   {"op":"replace","path":"/a~1b/m~0n/1","value":5},
                   {"op":"replace","path":"/~01","value":9}])"_json);
  check_round_trip(a, b);
}

TEST_CASE("when the ops would be longer than the value, the value is replaced whole") {
  Json a = R"({"hand":["a","b","c","d"]})"_json;
  Json b = R"({"hand":["d","c","b","a"]})"_json;
  CHECK(diff(a, b) == R"([{"op":"replace","path":"/hand","value":["d","c","b","a"]}])"_json);
}

TEST_CASE("a type change replaces the value, at the root too") {
  CHECK(diff(Json{{"a", 1}}, Json{1, 2}) == R"([{"op":"replace","path":"","value":[1,2]}])"_json);
  CHECK(diff(R"({"a":{"b":1}})"_json, R"({"a":[1]})"_json) ==
        R"([{"op":"replace","path":"/a","value":[1]}])"_json);
  CHECK(diff(R"({"a":null})"_json, R"({"a":false})"_json) ==
        R"([{"op":"replace","path":"/a","value":false}])"_json);
}

TEST_CASE("one element inserted into or removed from an array is one op, wherever it is") {
  Json base = Json::array();
  for (int i = 0; i < 30; ++i) base.push_back("card-" + std::to_string(i));
  for (int at = 0; at <= 30; ++at) {
    Json more = base;
    more.insert(more.begin() + at, "new");
    CHECK(diff(base, more) ==
          Json::array(
              {{{"op", "add"}, {"path", slash(static_cast<std::size_t>(at))}, {"value", "new"}}}));
    check_round_trip(base, more);
  }
  for (int at = 0; at < 30; ++at) {
    Json fewer = base;
    fewer.erase(fewer.begin() + at);
    CHECK(diff(base, fewer) ==
          Json::array({{{"op", "remove"}, {"path", slash(static_cast<std::size_t>(at))}}}));
    check_round_trip(base, fewer);
  }
}

TEST_CASE("a card played from a hand and another drawn is two ops, not a rewrite of the hand") {
  Json hand = R"({"hand":["ace of cups","two of cups","three of cups","four of cups",
                          "five of cups","six of cups","seven of cups","eight of cups"]})"_json;
  Json next = R"({"hand":["ace of cups","two of cups","four of cups","five of cups",
                          "six of cups","seven of cups","eight of cups","nine of cups"]})"_json;
  CHECK(diff(hand, next) == R"([{"op":"remove","path":"/hand/2"},
                                {"op":"add","path":"/hand/7","value":"nine of cups"}])"_json);
}

TEST_CASE("a changed field deep inside an array element is one op at its path") {
  Json a = R"({"players":[{"name":"Anne","score":3},{"name":"Mary","score":5}],"step":4})"_json;
  a["log"] = kLongText;
  Json b = a;
  b["players"][1]["score"] = 6;
  b["step"] = 5;
  CHECK(diff(a, b) == R"([{"op":"replace","path":"/players/1/score","value":6},
                          {"op":"replace","path":"/step","value":5}])"_json);
}

TEST_CASE("a patch is never much longer than replacing the whole document") {
  RandomJson random(99);
  for (int i = 0; i < 2000; ++i) {
    Json a = random.value(5);
    Json b = random.chance(50) ? random.mutate(a, 1 + static_cast<int>(random.below(8)))
                               : random.value(5);
    const auto patch = diff(a, b).dump().size();
    const auto whole = Json::array({{{"op", "replace"}, {"path", ""}, {"value", b}}}).dump().size();
    INFO("from: " << a.dump() << "\nto:   " << b.dump() << "\nops:  " << diff(a, b).dump());
    CHECK(patch <= whole + 32);
  }
}

TEST_CASE("the library's own diff output applies correctly too") {
  // nlohmann::json::diff is a second source of valid patches for apply_patch.
  RandomJson random(5);
  for (int i = 0; i < 1000; ++i) {
    Json a = random.value(4);
    Json b = random.mutate(a, 3);
    auto patched = apply_patch(a, Json::diff(a, b));
    REQUIRE(patched.ok());
    CHECK(*patched == b);
  }
}

TEST_CASE("random garbage ops never throw") {
  RandomJson random(3);
  const char* names[] = {"add", "remove", "replace", "move", "copy", "test", "nope"};
  auto random_path = [&] {
    std::string path;
    for (std::size_t n = random.below(4); n > 0; --n) {
      switch (random.below(4)) {
        case 0:
          path += slash(random.below(6));
          break;
        case 1:
          path += "/-";
          break;
        case 2:
          path += random.chance(20) ? "/~" : "/~1";
          break;
        default:
          path += slash(random.key());
      }
    }
    return path;
  };
  for (int i = 0; i < 5000; ++i) {
    Json doc = random.value(4);
    Json ops = Json::array();
    for (std::size_t n = 1 + random.below(4); n > 0; --n) {
      Json op = {{"op", names[random.below(7)]}, {"path", random_path()}};
      if (random.chance(80)) op["value"] = random.value(2);
      if (random.chance(50)) op["from"] = random_path();
      if (random.chance(5)) op = random.value(2);
      ops.push_back(op);
    }
    if (random.chance(3)) ops = random.value(2);
    INFO("doc: " << doc.dump() << "\nops: " << ops.dump());
    CHECK_NOTHROW(apply_patch(doc, ops));
  }
}
