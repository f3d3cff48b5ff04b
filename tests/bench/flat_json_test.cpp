// The load generator's own JSON must read what the server sends and apply its patches exactly as
// protocol::apply_patch does: it is how the bench checks the server's patches.
#include <doctest/doctest.h>

#include <string>

#include "bench/flat_json.hpp"
#include "protocol/patch.hpp"
#include "tests/protocol/random_json.hpp"

namespace tortuga::bench {
namespace {

using Json = nlohmann::json;

// The document at `root`, written out and read back by nlohmann.
Json read_back(const FlatJson& doc, FlatJson::Node root) {
  std::string text;
  doc.dump(root, text);
  return Json::parse(text);
}

TEST_CASE("flat json reads values and writes them back as the same JSON") {
  FlatJson doc;
  const std::string text =
      R"( {"a": [1, -2.5e3, true, false, null], "s": "q\"\\\/\n\u00e9\ud83d\ude00",)"
      R"( "o": {"": {}, "e": []}, "n": 0} )";
  const auto root = doc.parse(text);
  REQUIRE(root != FlatJson::kNone);
  CHECK(read_back(doc, root) == Json::parse(text));
  CHECK(doc.string(doc.member(root, "s")) == "q\"\\/\n\xc3\xa9\xf0\x9f\x98\x80");
  CHECK(doc.integer(doc.member(root, "n")) == 0);
  CHECK(doc.size(doc.member(root, "a")) == 5);
  CHECK(doc.is_true(doc.element(doc.member(root, "a"), 2)));
  CHECK(!doc.is_true(doc.element(doc.member(root, "a"), 3)));
  CHECK(doc.element(doc.member(root, "a"), 5) == FlatJson::kNone);
  CHECK(doc.member(root, "missing") == FlatJson::kNone);
}

TEST_CASE("flat json refuses what is not JSON and keeps no node of it") {
  FlatJson doc;
  const char* const bad[] = {"",      "{",   "[1,]",   "{\"a\" 1}", "01",
                             "1.",    "-",   "tru",    "\"\\x\"",  "\"a\nb\"",
                             "[1] 2", "{\"a\":1,}", "\"\\ud800\"", "[[[{\"a\":[1,2,{\"b\":}]}]]]"};
  for (const char* text : bad) CHECK_MESSAGE(doc.parse(text) == FlatJson::kNone, text);
  // Every node of a refused text went back to the pool: reading them all again takes no more.
  const std::size_t grown = doc.pool_size();
  for (const char* text : bad) doc.parse(text);
  CHECK(doc.pool_size() == grown);
}

TEST_CASE("flat json applies patches exactly as protocol::apply_patch does") {
  // Each document takes several patches in a row, so that ops reach into values that an earlier
  // patch brought and that are still kept as text; and it starts read to every depth from 0 up.
  test::RandomJson random(7);
  for (int i = 0; i < 1000; ++i) {
    Json now = random.value(4);
    FlatJson doc, messages;
    auto root = doc.parse(now.dump(), i % 4);
    REQUIRE(root != FlatJson::kNone);
    for (int step = 0; step < 3; ++step) {
      const Json next = random.mutate(now, 1 + static_cast<int>(random.below(4)));
      const Json ops = protocol::diff(now, next);
      const auto expected = protocol::apply_patch(now, ops);
      REQUIRE(expected.ok());
      REQUIRE(*expected == next);

      const Json message = {{"type", "patch"}, {"ops", ops}};
      const auto m = messages.parse(message.dump());
      REQUIRE(doc.apply_patch(root, messages, messages.member(m, "ops")));
      messages.release(m);
      REQUIRE(read_back(doc, root) == next);
      now = next;
    }
  }
}

TEST_CASE("values kept as text are read when looked into") {
  FlatJson doc;
  const auto root = doc.parse(R"({"a":{"b":[10,{"c":"deep"}]}})", 0);
  CHECK(doc.kind(root) == FlatJson::Kind::object);
  const auto b = doc.member(doc.member(root, "a"), "b");
  CHECK(doc.size(b) == 2);
  CHECK(doc.integer(doc.element(b, 0)) == 10);
  CHECK(doc.string(doc.member(doc.element(b, 1), "c")) == "deep");
  // A text that is not JSON is refused whole, at any depth.
  CHECK(doc.parse(R"({"a":{"b":[10,{"c":}]}})", 0) == FlatJson::kNone);
}

TEST_CASE("flat json refuses ops that do not apply") {
  FlatJson doc, messages;
  for (const char* ops : {R"([{"op":"remove","path":"/x"}])",
                          R"([{"op":"replace","path":"/a/2","value":1}])",
                          R"([{"op":"add","path":"/a/3","value":1}])",
                          R"([{"op":"add","path":"/a/01","value":1}])",
                          R"([{"op":"add","path":"/b/c","value":1}])",
                          R"([{"op":"remove","path":""}])",
                          R"([{"op":"move","from":"/a","path":"/c"}])",
                          R"([{"op":"add","path":"/c"}])",
                          R"([{"op":"add","path":"c","value":1}])",
                          R"([{"op":"add","path":"/~2","value":1}])"}) {
    auto root = doc.parse(R"({"a":[1,2],"b":3})");
    CHECK_MESSAGE(!doc.apply_patch(root, messages, messages.parse(ops)), ops);
    doc.release(root);
  }
  auto root = doc.parse(R"({"a":[1,2],"b":3,"a/b":{"~":4}})");
  const auto ops = messages.parse(
      R"([{"op":"add","path":"/a/-","value":3},{"op":"add","path":"/a/0","value":0},)"
      R"({"op":"replace","path":"/a~1b/~0","value":5},{"op":"remove","path":"/b"}])");
  REQUIRE(doc.apply_patch(root, messages, ops));
  CHECK(read_back(doc, root) == Json::parse(R"({"a":[0,1,2,3],"a/b":{"~":5}})"));
}

}  // namespace
}  // namespace tortuga::bench
