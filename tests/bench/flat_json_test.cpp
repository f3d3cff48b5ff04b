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

TEST_CASE("flat json writes a string with JSON's escapes and its other bytes as they are") {
  // The actions the bench sends are written so: the escapes those of the project's error
  // messages (rules/core/json_escape.hpp), UTF-8 and DEL left as they are.
  FlatJson doc;
  const auto root = doc.parse(R"({"k\"\\":"\"\\\n\r\t\b\f\u0001\u001f\u007f\u00e9/"})");
  REQUIRE(root != FlatJson::kNone);
  std::string text;
  doc.dump(root, text);
  CHECK(text == "{\"k\\\"\\\\\":\"\\\"\\\\\\n\\r\\t\\u0008\\u000c\\u0001\\u001f\x7f\xc3\xa9/\"}");
}

TEST_CASE("flat json refuses what is not JSON and keeps no node of it") {
  FlatJson doc;
  const char* const bad[] = {"",
                             "{",
                             "[1,]",
                             "{\"a\" 1}",
                             "01",
                             "1.",
                             "-",
                             "tru",
                             "\"\\x\"",
                             "\"a\nb\"",
                             "[1] 2",
                             "{\"a\":1,}",
                             "\"\\ud800\"",
                             "[[[{\"a\":[1,2,{\"b\":}]}]]]"};
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

// `doc` with some names made long (past what a node holds itself) and every string made long,
// both with characters that JSON and JSON Pointer escape. The same name always becomes the same.
Json lengthen(const Json& doc) {
  if (doc.is_string())
    return doc.get<std::string>() +
           "\xc3\xa9 and a long tail: \"quoted\", back\\slash, tab\t, nl\n";
  if (doc.is_array()) {
    Json out = Json::array();
    for (const auto& v : doc) out.push_back(lengthen(v));
    return out;
  }
  if (!doc.is_object()) return doc;
  Json out = Json::object();
  for (const auto& [key, value] : doc.items()) {
    const bool long_name = key.size() % 2 == 1;
    out[long_name ? key + " is a much longer name/with ~ and \"quotes\"" : key] = lengthen(value);
  }
  return out;
}

TEST_CASE("flat json applies patches with long names and long escaped strings") {
  test::RandomJson random(11);
  for (int i = 0; i < 300; ++i) {
    Json now = lengthen(random.value(4));
    FlatJson doc, messages;
    auto root = doc.parse(now.dump(), i % 4);
    REQUIRE(root != FlatJson::kNone);
    REQUIRE(read_back(doc, root) == now);
    for (int step = 0; step < 3; ++step) {
      const Json next = lengthen(random.mutate(now, 1 + static_cast<int>(random.below(4))));
      const Json ops = protocol::diff(now, next);
      REQUIRE(*protocol::apply_patch(now, ops) == next);
      const auto m = messages.parse(Json({{"type", "patch"}, {"ops", ops}}).dump());
      REQUIRE(doc.apply_patch(root, messages, messages.member(m, "ops")));
      messages.release(m);
      REQUIRE(read_back(doc, root) == next);
      now = next;
    }
  }
}

TEST_CASE("flat json reads escaped names and strings, also in values kept as text") {
  FlatJson doc, other;
  const std::string long_name(40, 'n');
  const std::string long_text(5000, 't');
  const Json value = {{"a\"b", {{"x\ny", "\u00e9\"\\"}, {long_name, long_text}}},
                      {"list", {Json::array({"\t", 1}), {{"k\u0001", "v"}}}}};
  for (int levels : {0, 1, 5}) {
    const auto root = doc.parse(value.dump(), levels);
    REQUIRE(root != FlatJson::kNone);
    const auto inner = doc.member(root, "a\"b");
    CHECK(doc.string(doc.member(inner, "x\ny")) == "\xc3\xa9\"\\");
    CHECK(doc.string(doc.member(inner, long_name)) == long_text);
    const auto list = doc.member(root, "list");
    CHECK(doc.string(doc.element(doc.element(list, 0), 0)) == "\t");
    CHECK(doc.string(doc.member(doc.element(list, 1), "k\x01")) == "v");
    // A copy into another pool, and that copy's text, are the same JSON.
    const auto copied = other.copy(doc, root);
    CHECK(read_back(other, copied) == value);
    CHECK(read_back(doc, root) == value);
    CHECK(other.string(other.member(other.member(copied, "a\"b"), long_name)) == long_text);
    other.release(copied);
    doc.release(root);
  }
}

TEST_CASE("a pool's memory is reused: patching a document over and over takes no more") {
  FlatJson doc, messages;
  auto root = doc.parse(R"({"legal":[],"step":0,"board":{"rows":[]},"log":[]})");
  REQUIRE(root != FlatJson::kNone);
  const auto legal = doc.member(root, "legal");
  std::size_t nodes = 0, bytes = 0;
  Json last;
  for (int round = 0; round < 300; ++round) {
    // Values of changing sizes, read into nodes, members added and removed; every 100 rounds
    // the same again.
    const int cycle = round % 100;
    Json list = Json::array();
    for (int i = 0; i < cycle % 40; ++i)
      list.push_back({{"type", "move"}, {"to", {i, cycle}}, {"note", std::string(i * 7, 'x')}});
    const Json ops = {
        {{"op", "replace"}, {"path", "/legal"}, {"value", list}},
        {{"op", "replace"}, {"path", "/step"}, {"value", cycle}},
        {{"op", "add"}, {"path", "/board/rows/-"}, {"value", {cycle, std::string(cycle, 'r')}}},
        {{"op", "add"}, {"path", "/log/0"}, {"value", "turn " + std::to_string(cycle)}},
        {{"op", "add"}, {"path", "/extra"}, {"value", {{"a", cycle}}}},
        {{"op", "remove"}, {"path", "/extra"}},
        {{"op", "remove"}, {"path", "/board/rows/0"}},
        {{"op", "remove"}, {"path", "/log/0"}}};
    const auto m = messages.parse(Json({{"ops", ops}}).dump());
    REQUIRE(doc.apply_patch(root, messages, messages.member(m, "ops")));
    messages.release(m);
    last = list;
    // What a client does with a view: look into its legal list.
    REQUIRE(doc.size(doc.member(root, "legal")) == static_cast<std::size_t>(cycle % 40));
    if (cycle % 40 > 0) {
      std::string action;
      doc.dump(doc.element(doc.member(root, "legal"), 0), action);
      CHECK(Json::parse(action) == list[0]);
    }
    CHECK(doc.integer(doc.member(root, "step")) == cycle);
    // A replaced value takes the node of the one it replaces.
    CHECK(doc.member(root, "legal") == legal);
    if (round == 99) {
      nodes = doc.pool_size();
      bytes = doc.block_bytes();
    }
  }
  CHECK(read_back(doc, root) == Json({{"legal", last},
                                      {"step", 99},
                                      {"board", {{"rows", Json::array()}}},
                                      {"log", Json::array()}}));
  // The second and third hundred rounds took no more memory than the first.
  CHECK(doc.pool_size() == nodes);
  CHECK(doc.block_bytes() == bytes);
  doc.prefetch();
  // Once its last value is released, a pool starts afresh.
  doc.release(root);
  CHECK(doc.pool_size() == 0);
  CHECK(doc.block_bytes() == 0);
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
  for (const char* ops :
       {R"([{"op":"remove","path":"/x"}])", R"([{"op":"replace","path":"/a/2","value":1}])",
        R"([{"op":"add","path":"/a/3","value":1}])", R"([{"op":"add","path":"/a/01","value":1}])",
        R"([{"op":"add","path":"/b/c","value":1}])", R"([{"op":"remove","path":""}])",
        R"([{"op":"move","from":"/a","path":"/c"}])", R"([{"op":"add","path":"/c"}])",
        R"([{"op":"add","path":"c","value":1}])", R"([{"op":"add","path":"/~2","value":1}])"}) {
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
