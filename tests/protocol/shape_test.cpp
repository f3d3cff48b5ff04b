#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocol/patch.hpp"
#include "random_json.hpp"
#include "tests/protocol/tree_diff.hpp"
#include "tests/why.hpp"

using namespace tortuga;
using namespace tortuga::protocol;
using tortuga::test::RandomJson;

namespace {

// The shape-based diff gives the tree-walking reference diff's ops exactly, and they take `a` to
// `b`.
void check_same_ops(const Json& a, const Json& b) {
  INFO("from: " << a.dump() << "\nto:   " << b.dump());
  const Json by_tree = testing::tree_diff(a, b);
  // Byte for byte: the text the server sends is the text of the tree diff's ops.
  CHECK(diff_text(shape_of(a), shape_of(b)) == by_tree.dump());
  const Json by_shape = diff(shape_of(a), b);
  CHECK(by_shape.dump() == by_tree.dump());
  auto patched = apply_patch(a, by_shape);
  REQUIRE_MESSAGE(patched.ok(), tortuga::why(patched));
  CHECK(patched->dump() == b.dump());
  if (a.is_object() && b.is_object()) {
    const Json members_by_tree = testing::tree_diff_members(a, b);
    CHECK(diff_members_text(shape_of(a), shape_of(b)) == members_by_tree.dump());
    const Json members_by_shape = diff_members(shape_of(a), b);
    CHECK(members_by_shape.dump() == members_by_tree.dump());
    auto members_patched = apply_patch(a, members_by_shape);
    REQUIRE_MESSAGE(members_patched.ok(), tortuga::why(members_patched));
    CHECK(members_patched->dump() == b.dump());
  }
}

// Whether the diff takes two values as the same.
bool same(const Json& a, const Json& b) {
  const Shape x = shape_of(a), y = shape_of(b);
  return x.same(0, y, 0);
}

}  // namespace

TEST_CASE("a shape lists the nodes depth first with their sizes, counts and keys") {
  const Json doc = R"({"a":[1,{"x":null}],"a/b":"s","":true})"_json;
  const Shape s = shape_of(doc);
  REQUIRE(s.size() == 7);
  CHECK(s[0].type == Json::value_t::object);
  CHECK(s[0].size == 7);
  CHECK(s[0].count == 3);
  CHECK(s[0].text == doc.dump().size());
  // Members in the object's order: "", "a", "a/b".
  CHECK(s.key(1) == "");
  CHECK(s[1].type == Json::value_t::boolean);
  CHECK(s.key(2) == "a");
  CHECK(s[2].size == 4);
  CHECK(s[2].count == 2);
  CHECK(s[2].text == doc["a"].dump().size());
  CHECK(s[3].type == Json::value_t::number_unsigned);
  CHECK(s[4].count == 1);
  CHECK(s.key(5) == "x");
  CHECK(s.key(6) == "a/b");
  CHECK(s[6].text == 3);
  CHECK(Shape().size() == 1);
  CHECK(Shape()[0].type == Json::value_t::null);
  // Each node's text is its value's, cut out of the document's.
  CHECK(s.text() == doc.dump());
  CHECK(s.text(2) == R"([1,{"x":null}])");
  CHECK(s.text(4) == R"({"x":null})");
  CHECK(s.text(6) == R"("s")");
}

TEST_CASE("a shape's text is the document's dump, escapes, numbers and UTF-8 included") {
  const Json docs[] = {
      Json("tab\tnew\nline\rback\bfeed\fquote\"slash\\bell\x07"
           "del\x7f"),
      Json::parse(R"({"\u0001key":["caf\u00e9","\u20ac","\ud83d\ude00"]})"),
      Json(std::string("bad \xff utf-8")),
      Json::array({std::int64_t{-9223372036854775807LL - 1}, std::uint64_t{18446744073709551615ULL},
                   0.1, -0.0, 1e300, 3.0, std::nan(""), false, nullptr}),
  };
  for (const Json& doc : docs) {
    const Shape s = shape_of(doc);
    CHECK(s.text() == doc.dump(-1, ' ', false, Json::error_handler_t::replace));
    CHECK(s[0].text == s.text().size());
  }
  std::string quoted;
  append_quoted(quoted, "a\"b\\c\nd\x01");
  CHECK(quoted == Json("a\"b\\c\nd\x01").dump());
  CHECK(quoted_size("a\"b\\c\nd\x01") == quoted.size());
}

TEST_CASE("a shape written value by value is the shape of the same document as a tree") {
  RandomJson random(99);
  for (int i = 0; i < 2000; ++i) {
    const Json doc = random.value(1 + static_cast<int>(random.below(5)));
    Shape written;
    JsonWriter tree;
    {
      ShapeWriter out(written);
      out.value(doc);  // ViewWriter's walk: every call a game can make
      tree.value(doc);
    }
    const Shape built = shape_of(doc);
    REQUIRE(written.size() == built.size());
    CHECK(written.text() == doc.dump());
    CHECK(tree.take().dump() == doc.dump());
    bool same = true;
    for (std::size_t n = 0; n < built.size(); ++n)
      same = same && written.same(n, built, n) && written[n].size == built[n].size &&
             written[n].count == built[n].count && written[n].text == built[n].text &&
             written[n].at == built[n].at && written.key(n) == built.key(n);
    CHECK(same);
  }
}

TEST_CASE("a shape writer refuses what a Json object could not hold or JSON could not say") {
  Shape shape;
  auto refused = [&](auto&& write) {
    ShapeWriter out(shape);
    CHECK_THROWS_AS(write(out), std::logic_error);
  };
  refused([](ShapeWriter& out) {
    out.begin_object();
    out.member("b", 1);
    out.member("a", 2);  // members must ascend, as nlohmann keeps them
  });
  refused([](ShapeWriter& out) {
    out.begin_object();
    out.member("a", 1);
    out.member("a", 2);
  });
  refused([](ShapeWriter& out) {
    out.begin_object();
    out.value(1);  // no key
  });
  refused([](ShapeWriter& out) {
    out.begin_array();
    out.key("a");
  });
  refused([](ShapeWriter& out) {
    out.begin_array();
    out.end_object();
  });
  refused([](ShapeWriter& out) {
    out.value(1);
    out.value(2);
  });
  // Keys order byte by byte, nested objects keep their own order.
  ShapeWriter out(shape);
  out.begin_object();
  out.key("B");
  out.begin_object();
  out.member("z", 1);
  out.end_object();
  out.member("a", 2);
  out.member("a~", 3);
  out.end_object();
  CHECK(shape.text() == R"({"B":{"z":1},"a":2,"a~":3})");
  CHECK(shape.same(0, shape_of(Json::parse(shape.text())), 0));
}

TEST_CASE("values are the same to the diff when their texts are") {
  CHECK_FALSE(same(Json(1), Json(1.0)));
  CHECK(same(Json(std::int64_t{7}), Json(std::uint64_t{7})));
  CHECK_FALSE(same(Json(0.0), Json(-0.0)));
  CHECK_FALSE(same(Json(0), Json(false)));
  CHECK_FALSE(same(Json(nullptr), Json(false)));
  CHECK_FALSE(same(Json("1"), Json(1)));
  CHECK_FALSE(same(Json::array(), Json::object()));
  CHECK_FALSE(same(R"([1,2])"_json, R"([2,1])"_json));
  CHECK_FALSE(same(R"([[1],2])"_json, R"([1,[2]])"_json));
  CHECK_FALSE(same(R"({"a":1,"b":2})"_json, R"({"a":2,"b":1})"_json));
  CHECK_FALSE(same(R"({"ab":1})"_json, R"({"a":1})"_json));
  CHECK_FALSE(same(R"([""])"_json, R"([])"_json));
  CHECK(same(R"({"a":[1,{"b":2}]})"_json, R"({"a":[1,{"b":2}]})"_json));
  // Inner nodes too: the second elements of these arrays are the same, the first ones are not.
  const Shape x = shape_of(R"([{"a":1},[true,"s"]])"_json),
              y = shape_of(R"([{"a":2},[true,"s"]])"_json);
  CHECK_FALSE(x.same(1, y, 1));
  CHECK(x.same(x[1].size + 1, y, y[1].size + 1));
}

TEST_CASE("among many random values, the same to the diff means equal and leaves no op") {
  RandomJson random(5);
  std::map<std::string, Json> seen;
  int met = 0;
  for (int i = 0; i < 20000; ++i) {
    const Json v = random.value(1 + static_cast<int>(random.below(4)));
    const Shape shape = shape_of(v);
    auto [it, added] = seen.emplace(std::string(shape.text()), v);
    if (added) continue;
    ++met;
    INFO(it->first);
    CHECK(it->second == v);
    CHECK(shape_of(it->second).same(0, shape, 0));
    CHECK(diff(it->second, v).empty());
  }
  CHECK(met > 0);  // small values repeat: the check above ran
}

TEST_CASE("the shape diff gives the tree diff's ops over random documents and random edits") {
  RandomJson random(314159);
  for (int i = 0; i < 4000; ++i) {
    Json a = random.value(1 + static_cast<int>(random.below(6)));
    Json b = random.mutate(a, 1 + static_cast<int>(random.below(5)));
    check_same_ops(a, b);
  }
}

TEST_CASE("the shape diff gives the tree diff's ops between unrelated random documents") {
  RandomJson random(271828);
  for (int i = 0; i < 2000; ++i) check_same_ops(random.value(4), random.value(4));
}

TEST_CASE("the shape diff gives the tree diff's ops between random objects, member by member") {
  RandomJson random(161803);
  for (int i = 0; i < 2000; ++i) {
    Json a = Json::object(), b;
    for (std::size_t n = random.below(8); n > 0; --n) a[random.key()] = random.value(3);
    b = random.chance(70) ? random.mutate(a, 1 + static_cast<int>(random.below(4))) : a;
    if (!b.is_object()) b = Json::object({{random.key(), b}});
    check_same_ops(a, b);
  }
}

TEST_CASE("the shape diff on the edge cases: escaped and empty keys, numbers, types, lengths") {
  check_same_ops(R"({"a/b":1,"m~n":2,"":3,"~1":4})"_json, R"({"a/b":2,"":[],"~0":4})"_json);
  check_same_ops(R"({"":{"":1}})"_json, R"({"":{"":1.0}})"_json);
  check_same_ops(R"([1,2,3])"_json, R"([1.0,2,3.0])"_json);
  check_same_ops(R"({"n":1})"_json, R"({"n":1.0})"_json);
  check_same_ops(Json(1), Json(1.0));
  check_same_ops(Json(std::int64_t{3}), Json(std::uint64_t{3}));
  check_same_ops(R"([1,2])"_json, R"({"0":1,"1":2})"_json);
  check_same_ops(R"({"a":[1,2]})"_json, R"({"a":"[1,2]"})"_json);
  check_same_ops(Json::array(), R"([1,2,3])"_json);
  check_same_ops(R"([1,2,3])"_json, Json::array());
  check_same_ops(R"([1])"_json, Json::array());
  check_same_ops(Json::array(), R"([1])"_json);
  check_same_ops(R"([1,2,3,4,5,6,7,8,9])"_json, R"([1,2,3,4,5,6,7,8,9,10,11,12])"_json);
  check_same_ops(R"([1,2,3,4,5,6,7,8,9,10,11,12])"_json, R"([1,2,3,4,5,6,7,8,9])"_json);
  check_same_ops(R"([{"a":1},{"b":2},{"c":3}])"_json, R"([{"b":2},{"c":3},{"a":1}])"_json);
  check_same_ops(nullptr, Json::object());
  check_same_ops(Json::object(), nullptr);
}

TEST_CASE("long arrays beyond the alignment budget give the tree diff's ops") {
  RandomJson random(42);
  for (int i = 0; i < 20; ++i) {
    Json a = Json::array();
    for (int n = 0; n < 150; ++n) a.push_back(static_cast<std::int64_t>(random.below(40)));
    Json b = a;
    for (int n = 0; n < 10; ++n) {
      b.erase(b.begin() + static_cast<std::ptrdiff_t>(random.below(b.size())));
      b.insert(b.begin() + static_cast<std::ptrdiff_t>(random.below(b.size() + 1)),
               static_cast<std::int64_t>(random.below(40)));
    }
    check_same_ops(a, b);
    check_same_ops(Json{{"list", a}}, Json{{"list", b}});
  }
}

TEST_CASE("a chain of shape diffs, each from the last shape, follows a changing document") {
  RandomJson random(8);
  Json doc = random.value(4);
  Shape shape = shape_of(doc);
  for (int i = 0; i < 1000; ++i) {
    Json next = random.mutate(doc, 1 + static_cast<int>(random.below(3)));
    Shape next_shape = shape_of(next);
    const Json ops = Json::parse(diff_text(shape, next_shape));
    CHECK(ops.dump() == diff(doc, next).dump());
    auto patched = apply_patch(doc, ops);
    REQUIRE(patched.ok());
    CHECK(patched->dump() == next.dump());
    doc = std::move(next);
    shape = std::move(next_shape);
  }
}

TEST_CASE("two objects merged as text are the object holding both, the second's values winning") {
  RandomJson random(57721);
  for (int i = 0; i < 2000; ++i) {
    Json base = Json::object(), over = Json::object();
    for (std::size_t n = random.below(8); n > 0; --n) base[random.key()] = random.value(3);
    for (std::size_t n = random.below(8); n > 0; --n) over[random.key()] = random.value(3);
    if (!base.empty() && random.chance(50)) over[base.begin().key()] = random.value(2);
    Json both = base;
    for (auto it = over.begin(); it != over.end(); ++it) both[it.key()] = *it;
    INFO("base: " << base.dump() << "\nover: " << over.dump());
    CHECK(merged_object_text(shape_of(base), shape_of(over)) == both.dump());
  }
  const Json escaped = {{"a\"b", 1}, {"", {1, 2}}, {"\n", "x"}};
  CHECK(merged_object_text(shape_of(escaped), shape_of(Json{{"b", nullptr}})) ==
        Json{{"a\"b", 1}, {"", {1, 2}}, {"\n", "x"}, {"b", nullptr}}.dump());
  CHECK(merged_object_text(shape_of(Json::object()), shape_of(Json::object())) == "{}");
  CHECK_THROWS_AS(merged_object_text(shape_of(Json::array()), shape_of(Json::object())),
                  std::logic_error);
}

namespace {

// A board with a long track of frames, offered whole or not, and a score beside it.
void write_board(ViewWriter& out, const std::vector<int>& frames, int score, bool whole) {
  out.begin_object();
  out.key("motion");
  if (whole) out.whole();
  out.begin_object();
  out.key("frames");
  out.integers(frames);
  out.member("settled", true);
  out.end_object();
  out.member("score", score);
  out.end_object();
}

Shape written_board(const std::vector<int>& frames, int score, bool whole) {
  Shape shape;
  ShapeWriter out(shape);
  write_board(out, frames, score, whole);
  return shape;
}

}  // namespace

TEST_CASE("a value written whole is one node with its text, and a diff replaces it whole") {
  std::vector<int> frames(60, 7), moved = frames;
  moved[30] = -12;  // one frame changed: a walk would find one replace
  const Shape walked = written_board(frames, 1, false), whole = written_board(frames, 1, true);
  // The same text, the motion one node without its members' nodes.
  CHECK(whole.text() == walked.text());
  REQUIRE(whole.size() == 3);
  CHECK(walked.size() == 65);
  CHECK(whole[1].whole);
  CHECK(whole[1].size == 1);
  CHECK(whole[1].count == 0);
  CHECK(whole.key(1) == "motion");
  CHECK(whole.text(1) == walked.text(1));
  CHECK(whole.key(2) == "score");
  CHECK(whole[0].count == 2);
  // Where it changed, the walk names the frame; the whole value is replaced whole.
  const Shape walked_after = written_board(moved, 2, false);
  const Shape whole_after = written_board(moved, 2, true);
  CHECK(diff_members_text(walked, walked_after) ==
        R"([{"op":"replace","path":"/motion/frames/30","value":-12},)"
        R"({"op":"replace","path":"/score","value":2}])");
  const std::string ops = diff_members_text(whole, whole_after);
  CHECK(ops == R"([{"op":"replace","path":"/motion","value":)" + std::string(whole_after.text(1)) +
                   R"(},{"op":"replace","path":"/score","value":2}])");
  auto patched = apply_patch(Json::parse(whole.text()), Json::parse(ops));
  REQUIRE(patched.ok());
  CHECK(patched->dump() == whole_after.text());
  // Unchanged, it is left alone like any equal value.
  CHECK(diff_members_text(whole, written_board(frames, 2, true)) ==
        R"([{"op":"replace","path":"/score","value":2}])");
}

TEST_CASE("a value written whole is copied whole, and what it holds is still checked") {
  Shape first, second;
  {
    ShapeWriter out(first);
    out.begin_object();
    out.key("motion");
    out.whole();
    CHECK_FALSE(out.reuse(1, 5));
    out.begin_object();
    out.key("b");
    out.integers(std::vector<int>{1, -2, 3});
    out.key("c");
    out.begin_array();
    CHECK_FALSE(out.reuse(2, 0));  // within a whole value nothing is offered: it is written
    out.value(4.5);
    out.end_array();
    out.end_object();
    out.member("z", 1);
    out.end_object();
  }
  CHECK(first.text() == R"({"motion":{"b":[1,-2,3],"c":[4.5]},"z":1})");
  REQUIRE(first.size() == 3);
  {
    ShapeWriter out(second, &first);
    out.begin_object();
    out.key("motion");
    CHECK(out.reuse(1, 5));
    out.member("z", 2);
    out.end_object();
  }
  CHECK(second.text() == R"({"motion":{"b":[1,-2,3],"c":[4.5]},"z":2})");
  REQUIRE(second.size() == 3);
  CHECK(second[1].whole);
  CHECK(second.key(2) == "z");
  // Members out of order inside a whole value are refused as anywhere else.
  Shape bad;
  ShapeWriter out(bad);
  out.begin_object();
  out.key("m");
  out.whole();
  out.begin_object();
  out.member("b", 1);
  CHECK_THROWS_AS(out.key("a"), std::logic_error);
}

TEST_CASE("integers written at once are the array written element by element") {
  const std::vector<int> list = {0, -1, 2147483647, -2147483647 - 1, 42};
  Shape at_once, one_by_one;
  {
    ShapeWriter out(at_once);
    out.integers(list);
  }
  {
    ShapeWriter out(one_by_one);
    out.begin_array();
    for (int n : list) out.value(n);
    out.end_array();
  }
  CHECK(at_once.text() == Json(list).dump());
  REQUIRE(at_once.size() == one_by_one.size());
  for (std::size_t n = 0; n < at_once.size(); ++n) {
    CHECK(at_once[n].at == one_by_one[n].at);
    CHECK(at_once[n].text == one_by_one[n].text);
    CHECK(at_once[n].size == one_by_one[n].size);
  }
  JsonWriter tree;
  tree.integers(list);
  CHECK(tree.take() == Json(list));
  Shape empty;
  ShapeWriter out(empty);
  out.whole();
  out.integers({});
  CHECK(empty.text() == "[]");
  CHECK(empty.size() == 1);
}

TEST_CASE("floating numbers are written as Json::dump() writes them, whole numbers too") {
  std::vector<double> numbers = {0.0,
                                 -0.0,
                                 1.0,
                                 -1.0,
                                 90.0,
                                 -180.0,
                                 0.5,
                                 -0.001,
                                 1e14,
                                 1e15,
                                 -1e15,
                                 1e16,
                                 1e21,
                                 1e300,
                                 5e-5,
                                 1e-4,
                                 2.5e-7,
                                 1e15 - 1,
                                 -(1e15 - 1),
                                 123456789012345.0,
                                 9007199254740992.0};
  for (int i = -2000; i <= 2000; ++i) numbers.push_back(i * 0.25);
  for (double d : numbers) {
    INFO(d);
    Shape shape;
    ShapeWriter out(shape);
    out.value(d);
    CHECK(shape.text() == Json(d).dump());
  }
}
