// JSON for the load generator's clients. A client's view lives in a pool of its own, and the
// message being read in another one, reused for every message: once the pools have grown,
// reading a patch and applying it to the view allocates nothing from the heap, and a view stays
// together in a few kilobytes of memory. (With nlohmann's trees, a node allocated per member on
// parsing and freed, out of the cache, when a patch replaces it, JSON took more than half of the
// load generator's time.) It does what the bench needs and no more: parse, look up, apply JSON
// Patch add, remove and replace, and write a value back out.
//
// A pool has three arrays: nodes of 32 bytes, the bytes of texts and long names, and the
// children lists of arrays and objects (each child with a hash of its name, so that looking up a
// member reads one short list and the node found only; names of up to 16 bytes are kept in their
// node). Bytes and children lists are blocks of a power-of-two size, reused through one free list
// per size, and the whole pool starts afresh whenever its last value is released. Parsing copies
// the text into one block and unescapes its strings in place, so that texts are pieces of it;
// copying a value into another pool copies all its texts into one block too. A block belongs to
// the node it was made for and goes back to its free list with it; the nodes below it use pieces
// of it.
//
// Arrays and objects below the first levels of a message are checked but kept as their text,
// and read into nodes only when something looks inside them: most of what a patch brings (a
// board's new rows, say) is only ever written over by a later patch, or sent back as it came
// (a legal action).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
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
  // Gives a value's nodes and blocks back to the pool.
  void release(Node node);
  // Nodes the pool holds, in use or free.
  std::size_t pool_size() const { return nodes_.size(); }
  // Asks the CPU to start fetching the pool's nodes and children lists (their first 8 KiB each)
  // into its caches, and returns at once: called when a message for a document comes, before
  // reading the message, it lets the fetches of a document out of the cache overlap that
  // reading rather than stall each step of a walk through the document.
  void prefetch() const;
  // Bytes the pool's blocks take (names, texts and children lists), in use or free.
  std::size_t block_bytes() const { return bytes_.size + kids_.size * sizeof(Kid); }

  // The value's kind; never Kind::text (a value kept as text is read first).
  Kind kind(Node n) {
    read(n);
    return nodes_[n].kind;
  }
  // An object's member by name, an array's element by index; kNone if there is none (or `n` is
  // kNone or of another kind).
  Node member(Node object, std::string_view key);
  Node element(Node array, std::size_t index);
  // An array's or object's number of children; 0 for other kinds.
  std::size_t size(Node container) {
    read(container);
    return is_container(nodes_[container].kind) ? nodes_[container].len : 0;
  }
  // A string's value (unescaped); empty for other kinds. Valid until the pool next changes.
  std::string_view string(Node n) const;
  std::optional<std::int64_t> integer(Node n) const;
  bool is_true(Node n) const;
  // Copies a value of another pool into this one.
  Node copy(const FlatJson& from, Node n) { return copy(from, n, {}); }
  // Appends the value as compact JSON.
  void dump(Node n, std::string& out) const;

  // Applies a JSON Patch (`ops`, an array in another pool, which keeps it) to the document at
  // `root`, copying the ops' values into it. Only add, remove and replace, all the server sends:
  // false when an op is of another kind or does not apply, and the document may then be partly
  // patched (the client syncs). A value that replaces another takes its node (so that a
  // document's nodes stay where they were first laid out); nodes below it are released.
  bool apply_patch(Node& root, FlatJson& from, Node ops);

 private:
  static constexpr std::size_t kShortName = 16;
  static constexpr std::uint8_t kLongName = 0xff;
  struct Slot {  // 32 bytes: two to a cache line
    // The member's name, when in an object: itself if it is at most kShortName bytes long,
    // else its place and length in bytes_ (two uint32_t), and name_len is kLongName.
    char name[kShortName] = {};
    // A string's value, a number's text or a value kept as text, in bytes_; an array's or
    // object's children in kids_ (at is kNone when it has no block); a boolean's value in len.
    std::uint32_t at = kNone, len = 0;  // at is the next free node while free
    std::uint32_t block = kNone;        // a block of bytes_ that this node owns
    Kind kind = Kind::null;
    std::uint8_t name_len = 0;
    std::uint8_t block_size = 0;  // log2 of the sizes of the blocks
    std::uint8_t kids_size = 0;
  };
  static_assert(sizeof(Slot) == 32);
  struct Kid {
    Node node;
    std::uint32_t hash;  // of the member's name, in an object
  };
  // Blocks of 2^k units, with a free list for each k (its links in the blocks' first units).
  template <class T>
  struct Blocks {
    std::unique_ptr<T[]> units;  // not initialized
    std::size_t size = 0, capacity = 0;
    std::array<std::uint32_t, 32> free;
    Blocks() { free.fill(kNone); }
    T* data() const { return units.get(); }
    std::uint32_t allocate(unsigned k);
    void release(std::uint32_t at, unsigned k);
    void clear() {
      size = 0;
      free.fill(kNone);
    }
  };

  static bool is_container(Kind k) { return k == Kind::array || k == Kind::object; }
  // log2 of the smallest block of at least n units (and of at least 2^least).
  static unsigned size_class(std::size_t n, unsigned least);
  static std::uint32_t hash(std::string_view key);

  Node make(Kind kind);
  // Gives a value's nodes and blocks back, without starting the pool afresh.
  void drop(Node node);
  std::string_view key(Node n) const;
  // Names `n`; a long name is kept where it is, at `at` in bytes_.
  void set_key(Node n, std::string_view name, std::uint32_t at);
  std::string_view text(Node n) const { return {bytes_.data() + nodes_[n].at, nodes_[n].len}; }
  const Kid* kids(Node n) const { return kids_.data() + nodes_[n].at; }
  std::uint32_t offset(const char* p) const {
    return static_cast<std::uint32_t>(p - bytes_.data());
  }
  // Containers deeper than `levels_` are checked and kept as text. Strings are unescaped in
  // place: `p` is in bytes_ (which does not move while parsing).
  Node parse_value(char*& p, const char* end, int depth);
  // Gives `n` the children stack_ holds from `base` on, which it then drops.
  void adopt(Node n, std::size_t base);
  // Reads an array or object kept as text into nodes, one level: its own children that are
  // arrays or objects stay text. The text was checked when it came, and its pieces become the
  // children's names and values.
  void read(Node n) {
    if (n != kNone && nodes_[n].kind == Kind::text) read_text(n);
  }
  void read_text(Node n);
  Node read_checked(char*& p, const char* end);
  // Copies `n` of `from` into a block of its own, named `name`.
  Node copy(const FlatJson& from, Node n, std::string_view name);
  // Makes `c`, named `name`, a copy of `n` of `from` in place of what it held (its node stays).
  void copy_over(Node c, const FlatJson& from, Node n, std::string_view name);
  std::size_t text_bytes(Node n) const;  // the bytes of a value's texts and long names
  // Makes `c` (made of n's kind) a copy of `n`, its bytes going to `cursor` on.
  void copy_into(Node c, const FlatJson& from, Node n, std::string_view name,
                 std::uint32_t& cursor);
  // The index of an object's member, or of the end.
  std::size_t find(Node object, std::string_view key, std::uint32_t h) const;
  bool apply_op(Node& root, FlatJson& from, Node op);
  void insert_kid(Node parent, std::size_t index, Kid kid);
  void erase_kid(Node parent, std::size_t index);

  std::vector<Slot> nodes_;
  Node free_ = kNone;
  std::size_t live_ = 0;  // nodes in use
  Blocks<char> bytes_;
  Blocks<Kid> kids_;
  std::vector<Kid> stack_;     // children being gathered
  std::vector<Node> release_;  // for release
  std::string token_;          // for apply_op
  int levels_ = 0;
};

}  // namespace tortuga::bench
