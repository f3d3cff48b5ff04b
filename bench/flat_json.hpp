// JSON for the load generator's clients. A client's view lives in a pool of nodes of its own, and
// the message being read in another one, reused for every message: once the pools have grown,
// reading a patch and applying it to the view allocates nothing, and a view's nodes stay together
// in memory. (With nlohmann's trees, a node allocated per member on parsing and freed,
// out of the cache, when a patch replaces it, JSON took more than half of the load generator's
// time.) It does what the bench needs and no more: parse, look up, apply JSON Patch add, remove
// and replace, and write a value back out.
//
// Arrays and objects below the first levels of a message are checked but kept as their text,
// and read into nodes only when something looks inside them: most of what a patch brings (a
// board's new rows, say) is only ever written over by a later patch, or sent back as it came
// (a legal action).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tortuga::bench {

class FlatJson {
 public:
  using Node = std::uint32_t;  // a value's index in the pool
  static constexpr Node kNone = 0xffffffffu;
  enum class Kind : std::uint8_t { null, boolean, number, string, array, object, text };

  // Parses one JSON text into new nodes; kNone if it is not valid JSON (nothing is kept then).
  // Arrays and objects nested deeper than `levels` are kept as text until they are looked into.
  Node parse(std::string_view text, int levels = 2);
  // Gives a value's nodes back to the pool.
  void release(Node node);
  // Nodes the pool holds, in use or free.
  std::size_t pool_size() const { return nodes_.size(); }

  // The value's kind; never Kind::text (a value kept as text is read first).
  Kind kind(Node n) {
    read(n);
    return nodes_[n].kind;
  }
  // An object's member by name, an array's element by index; kNone if there is none (or `n` is
  // kNone or of another kind).
  Node member(Node object, std::string_view key);
  Node element(Node array, std::size_t index);
  std::size_t size(Node container) {
    read(container);
    return nodes_[container].size;
  }
  // A string's value (unescaped); empty for other kinds.
  std::string_view string(Node n) const;
  std::optional<std::int64_t> integer(Node n) const;
  bool is_true(Node n) const;
  // Copies a value of another pool into this one.
  Node copy(const FlatJson& from, Node n);
  // Appends the value as compact JSON.
  void dump(Node n, std::string& out) const;

  // Applies a JSON Patch (`ops`, an array in another pool, which keeps it) to the document at
  // `root`, copying the ops' values into it. Only add, remove and replace, all the server sends:
  // false when an op is of another kind or does not apply, and the document may then be partly
  // patched (the client syncs).
  bool apply_patch(Node& root, FlatJson& from, Node ops);

 private:
  struct Slot {
    Kind kind = Kind::null;
    Node first = kNone;  // first child of an array or object
    Node next = kNone;   // next sibling; the next free slot while free
    std::uint32_t size = 0;
    std::string key;   // the member's name, when in an object
    std::string text;  // a string's value, a number's text, "true"/"false", or a value kept as text
  };

  Node make(Kind kind);
  // Containers deeper than `levels_` are checked and kept as text.
  Node parse_value(const char*& p, const char* end, int depth);
  // Reads an array or object kept as text into nodes, one level: its own children that are
  // arrays or objects stay text.
  void read(Node n) {
    if (n != kNone && nodes_[n].kind == Kind::text) read_text(n);
  }
  void read_text(Node n);
  bool apply_op(Node& root, FlatJson& from, Node op);
  // The child before `child` in `parent`, kNone when it is the first.
  Node before(Node parent, Node child) const;
  void unlink(Node parent, Node child);
  // Puts `child` into `parent` after `prev` (first when prev is kNone).
  void link(Node parent, Node prev, Node child);

  std::vector<Slot> nodes_;
  Node free_ = kNone;
  std::vector<Node> stack_;  // for release
  std::string key_;          // for parsing
  std::string token_;         // for apply_op
  std::string scratch_;       // the text being read by read_text
  int levels_ = 0;
};

}  // namespace tortuga::bench
