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

#include "protocol/shape.hpp"
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
// Equal values are recognized by their compact text (see Shape): this is the diff from
// shape_of(from) to shape_of(to) below.
Json diff(const Json& from, const Json& to);

// Like diff, for two objects compared member by member, never replacing the root: the ops for
// one part of a document whose other members another diff covers (so the two lists can be
// concatenated into one patch). Objects only; both must be objects.
Json diff_members(const Json& from, const Json& to);

// diff and diff_members from the old document known only by its shape (see shape.hpp) to the new
// one known by its shape: the same ops, written as the text of a JSON array (each op's value cut
// out of `to`'s text). Two values are taken as equal when their texts are. (So a NaN, which JSON
// text cannot hold and writes as null, equals null here: what a client receives is the same.) A
// value either shape holds whole (ViewWriter::whole) is replaced whole where it changed.
// This is what the server runs: it keeps each audience's last shape and builds the new one
// without a tree.
std::string diff_text(const Shape& from, const Shape& to);
std::string diff_members_text(const Shape& from, const Shape& to);
// The same, as Json.
Json diff(const Shape& from, const Json& to);
Json diff_members(const Shape& from, const Json& to);

// Appends "/" and `key` escaped as a pointer's segment.
void append_segment(std::string& path, std::string_view key);

// Applies the ops in order to a copy of `doc` (add, remove, replace, move, copy, test). Never
// throws: a malformed patch, a path that does not resolve or a failed test gives a bad_patch error
// naming the op, and nothing of the partly patched copy is returned.
Expected<Json> apply_patch(const Json& doc, const Json& ops);

}  // namespace tortuga::protocol
