// A JSON document as a diff needs it: its structure, a hash of each subtree and its compact text,
// in flat arrays. The server keeps, for each audience, the shape of the view it last sent, and
// builds the shape of the new one directly from the game's writing (ShapeWriter), without a tree:
// a diff walks the two flat forms side by side and its ops cut their values out of the new text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/views/view_writer.hpp"

namespace tortuga::protocol {

using Json = nlohmann::json;

// Nodes are in depth-first order, the root first: node i's first child is i + 1, and the next
// sibling of a child c is c + nodes[c].size. The text is what Json::dump() writes (invalid UTF-8
// replaced by U+FFFD), and each node knows where its own value's text lies in it. Two values are
// equal to the diff when their texts are: 1 and 1.0 differ, a signed and an unsigned integer of
// equal value do not, and a patch reproduces the new document's text, not only its values. (The
// text is canonical: members in order, numbers in one form. Comparing it where a diff needs an
// answer costs less than hashing every node as a shape is written.)
//
// A value written whole (ViewWriter::whole) is one node, without nodes for what it holds: its
// count is 0 and its size 1, its text all of it. A diff compares it by that text and replaces it
// whole where it changed.
class Shape {
 public:
  struct Node {
    std::uint32_t size;      // nodes in the subtree, this one included
    std::uint32_t count;     // children (members or elements)
    std::uint32_t key;       // for an object's member: where its key starts in the key pool
    std::uint32_t key_size;  // and its length in bytes
    std::uint32_t at;        // where the subtree's compact JSON text starts in text()
    std::uint32_t text;      // and its length
    Json::value_t type;
    bool whole;  // written whole: one node, never walked into
  };

  // The shape of null.
  Shape() { assign(Json()); }
  explicit Shape(const Json& doc) { assign(doc); }

  // Makes this the shape of `doc`, reusing the storage already held. Throws std::length_error for
  // documents whose compact text is 4 GiB or more.
  void assign(const Json& doc);

  std::size_t size() const { return nodes_.size(); }
  const Node& operator[](std::size_t i) const { return nodes_[i]; }
  std::string_view key(std::size_t i) const {
    return {keys_.data() + nodes_[i].key, nodes_[i].key_size};
  }
  // The compact JSON text of the document, and of node i's subtree.
  std::string_view text() const { return text_; }
  std::string_view text(std::size_t i) const {
    return {text_.data() + nodes_[i].at, nodes_[i].text};
  }
  // Whether node i holds the same value as node j of `other`.
  bool same(std::size_t i, const Shape& other, std::size_t j) const {
    return text(i) == other.text(j);
  }

 private:
  friend class ShapeWriter;

  // Where the value offered under each slot of ViewWriter::reuse lies, and its stamp.
  struct Mark {
    std::uint64_t stamp = 0;
    std::uint32_t node = 0;
    bool set = false;
  };

  std::vector<Node> nodes_;
  std::string keys_;  // every object member's key, one after the other
  std::string text_;
  std::vector<Mark> marks_;
};

Shape shape_of(const Json& doc);

// Marks a member that one side of for_each_member_pair does not have.
inline constexpr std::size_t kNoMember = static_cast<std::size_t>(-1);

// Walks the members of two objects (node `a` of `left`, node `b` of `right`) side by side in the
// order of their keys, which is how shapes hold them: `visit(l, r)` for each key, with the
// member's node on each side, or kNoMember on the side that lacks the key.
template <class Visit>
void for_each_member_pair(const Shape& left, std::size_t a, const Shape& right, std::size_t b,
                          Visit&& visit) {
  std::size_t l = a + 1, l_left = left[a].count;
  std::size_t r = b + 1, r_left = right[b].count;
  while (l_left > 0 || r_left > 0) {
    const int order = l_left == 0 ? 1 : r_left == 0 ? -1 : left.key(l).compare(right.key(r));
    visit(order <= 0 ? l : kNoMember, order >= 0 ? r : kNoMember);
    if (order <= 0) l += left[l].size, --l_left;
    if (order >= 0) r += right[r].size, --r_left;
  }
}

// The compact text of one object holding the members of two (both roots must be objects), in
// the order of their keys as Json::dump() writes them; where both hold a key, `over`'s value is
// taken. A room's whole view is its shared board with an audience's own members over it.
std::string merged_object_text(const Shape& base, const Shape& over);

// Builds a Shape from a document written value by value (see ViewWriter). It replaces what the
// shape held, keeping its storage. Members out of order (see view_writer.hpp), a key outside an
// object, unbalanced ends or a second root throw std::logic_error: they are errors in the code
// that writes, and tests catch them. The shape is complete once the root value is written.
//
// Given the shape it wrote last (`last`), the writer copies from it each value offered for reuse
// whose slot and stamp match (see ViewWriter::reuse): the result is the shape written afresh,
// node for node.
class ShapeWriter final : public ViewWriter {
 public:
  explicit ShapeWriter(Shape& into, const Shape* last = nullptr);

  void begin_object() override;
  void end_object() override;
  void begin_array() override;
  void end_array() override;
  void key(std::string_view key) override;
  void null() override;
  void boolean(bool b) override;
  void signed_integer(std::int64_t n) override;
  void unsigned_integer(std::uint64_t n) override;
  void floating(double d) override;
  void string(std::string_view s) override;
  bool reuse(std::uint32_t slot, std::uint64_t stamp) override;
  void whole() override;
  void integers(std::span<const int> list) override;
  using ViewWriter::value;

 private:
  // What start returns for a value inside a value written whole, which has no node.
  static constexpr std::size_t kInside = static_cast<std::size_t>(-1);
  // What whole_ holds while no value is being written whole.
  static constexpr std::size_t kNoWhole = static_cast<std::size_t>(-1);

  struct Open {
    std::size_t node;  // or kInside
    std::uint32_t count;
    std::uint32_t key, key_size;  // its own key in the key pool, as a member of an object
    bool object;
    bool keyed;  // an object's key is written and waits for its value
  };
  // Starts a value's node (after its key's text, inside an object) and returns its index, or
  // kInside within a value written whole.
  std::size_t start(Json::value_t type);
  // Ends node `at` with its counts, and counts it in the container around it.
  void finish(std::size_t at, std::uint32_t count);
  void close(bool object);
  // Appends node `node` of `from`, with its subtree, as the next value.
  void copy(const Shape& from, std::size_t node);
  // Within a value written whole, whose inner values have no nodes.
  bool within_whole() const { return whole_ != kNoWhole; }

  Shape& shape_;
  const Shape* last_;
  std::vector<Open> open_;
  std::uint32_t key_ = 0, key_size_ = 0;  // the pending key, in the shape's key pool
  bool done_ = false;
  bool whole_next_ = false;       // whole() was called: the next value is written whole
  std::size_t whole_ = kNoWhole;  // the node of the value being written whole, if one is
  std::size_t whole_keys_ = 0;    // the key pool's size when it started: its keys are dropped
};

// Appends `s` as a JSON string, quoted and escaped exactly as Json::dump() writes it (invalid
// UTF-8 replaced by U+FFFD).
void append_quoted(std::string& out, std::string_view s);
// The length of that text for a string of valid UTF-8.
std::size_t quoted_size(std::string_view s);

}  // namespace tortuga::protocol
