// JSON Patch (RFC 6902) between two views: the server sends each audience the ops that take its
// previous view to the new one, and clients apply them. Pointers follow RFC 6901: "~" is written
// "~0" and "/" is written "~1" inside a key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga::code {
// What apply_patch reports. Never sent by the server: a client that gets it resyncs (sync).
inline constexpr const char* kBadPatch = "bad_patch";
}  // namespace tortuga::code

namespace tortuga::protocol {

using Json = nlohmann::json;

// Ops (an array, empty when the documents are equal) that apply_patch turns `from` into exactly
// `to`: same values, same types (1 and 1.0 differ). Small changes give small patches: objects
// are compared key by key, arrays are aligned on their longest common run of equal elements so
// that an insertion or a removal is one op, and wherever the ops for a subtree would be longer
// than the subtree itself, the subtree is replaced whole. Only add, remove and replace are used.
// Equal values are recognized by a 64-bit hash of their subtrees (see Shape): this is the diff
// from shape_of(from) below.
Json diff(const Json& from, const Json& to);

// Like diff, for two objects compared member by member, never replacing the root: the ops for
// one part of a document whose other members another diff covers (so the two lists can be
// concatenated into one patch). Objects only; both must be objects.
Json diff_members(const Json& from, const Json& to);

// What a diff needs of the document it starts from, without its values: the server keeps this for
// each audience instead of the view it last sent (ops carry only new values, and removes only
// paths), so that a diff walks one small contiguous array instead of a tree gone cold in the cache.
//
// Nodes are in depth-first order, the root first: node i's first child is i + 1, and the next
// sibling of a child c is c + nodes[c].size. Each node holds a 64-bit hash of its subtree that
// follows diff's notion of equal values: 1 and 1.0 hash differently, a signed and an unsigned
// integer of equal value alike, 0.0 and -0.0 alike; objects hash their keys and values in order,
// arrays their elements in order, each kind of value from its own seed. Hashes are combined with
// the murmur3 64-bit finalizer.
class Shape {
 public:
  struct Node {
    std::uint64_t hash;      // of the whole subtree
    std::uint32_t size;      // nodes in the subtree, this one included
    std::uint32_t count;     // children (members or elements)
    std::uint32_t key;       // for an object's member: where its key starts in the key pool
    std::uint32_t key_size;  // and its length in bytes
    std::uint32_t text;      // length of the subtree's compact JSON text
    Json::value_t type;
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
  std::uint64_t hash() const { return nodes_[0].hash; }

 private:
  std::size_t build(const Json& v, std::uint32_t key, std::uint32_t key_size);

  std::vector<Node> nodes_;
  std::string keys_;  // every object member's key, one after the other
};

Shape shape_of(const Json& doc);

// diff and diff_members from a document known only by its shape: the same ops for every document
// of that shape. Two values are taken as equal when their hashes are, rather than compared in
// full; a collision of two different 64-bit subtree hashes is negligible. (So is the one other
// consequence: a NaN, which JSON text cannot hold, equals itself here.) `to_shape` must be
// shape_of(to): a caller that keeps the new shape for the next diff builds it once.
Json diff(const Shape& from, const Json& to, const Shape& to_shape);
Json diff_members(const Shape& from, const Json& to, const Shape& to_shape);
inline Json diff(const Shape& from, const Json& to) {
  return diff(from, to, shape_of(to));
}
inline Json diff_members(const Shape& from, const Json& to) {
  return diff_members(from, to, shape_of(to));
}

// Applies the ops in order to a copy of `doc` (add, remove, replace, move, copy, test). Never
// throws: a malformed patch, a path that does not resolve or a failed test gives a bad_patch error
// naming the op, and nothing of the partly patched copy is returned.
Expected<Json> apply_patch(const Json& doc, const Json& ops);

}  // namespace tortuga::protocol
