#include "protocol/shape.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace tortuga::protocol {
namespace {

constexpr std::size_t kMax = std::numeric_limits<std::uint32_t>::max();
// Slots of ViewWriter::reuse are small numbers chosen by the game (a ship's id, say).
constexpr std::uint32_t kMaxSlots = 1 << 16;

// The short escapes Json::dump() uses; 0 where it writes \u00XX (or nothing to escape).
char short_escape(unsigned char c) {
  switch (c) {
    case '"':
      return '"';
    case '\\':
      return '\\';
    case '\b':
      return 'b';
    case '\f':
      return 'f';
    case '\n':
      return 'n';
    case '\r':
      return 'r';
    case '\t':
      return 't';
    default:
      return 0;
  }
}

// The bytes a JSON string holds as they are: printable ASCII but the quote and the backslash.
constexpr auto kAsIs = [] {
  std::array<bool, 256> as_is{};
  for (int c = 0x20; c < 0x80; ++c) as_is[c] = c != '"' && c != '\\';
  return as_is;
}();

void refuse(const char* what) {
  throw std::logic_error(std::string("a view written out of JSON's order: ") + what);
}

}  // namespace

void append_quoted(std::string& out, std::string_view s) {
  bool as_is = true;  // the common case: nothing to escape, nothing to check
  for (char c : s) as_is &= kAsIs[static_cast<unsigned char>(c)];
  if (as_is) {
    const std::size_t at = out.size();
    out.resize(at + s.size() + 2);
    out[at] = '"';
    if (!s.empty()) std::memcpy(out.data() + at + 1, s.data(), s.size());
    out.back() = '"';
    return;
  }
  const std::size_t start = out.size();
  out += '"';
  std::size_t plain = 0;  // where the run of characters written as they are starts
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') continue;
    if (c >= 0x80) {  // UTF-8 to check: nlohmann's own writer does it, rarely needed in views
      out.resize(start);
      out += Json(std::string(s)).dump(-1, ' ', false, Json::error_handler_t::replace);
      return;
    }
    out.append(s, plain, i - plain);
    plain = i + 1;
    if (const char e = short_escape(c)) {
      out += '\\';
      out += e;
    } else {
      char code[7];
      std::snprintf(code, sizeof code, "\\u%04x", c);
      out += code;
    }
  }
  out.append(s, plain);
  out += '"';
}

std::size_t quoted_size(std::string_view s) {
  std::size_t n = 2;
  for (unsigned char c : s) n += kAsIs[c] || c >= 0x80 ? 1 : short_escape(c) ? 2 : 6;
  return n;
}

// ---- Shape ------------------------------------------------------------------------------------

void Shape::assign(const Json& doc) {
  ShapeWriter(*this).value(doc);
}

Shape shape_of(const Json& doc) {
  return Shape(doc);
}

std::string merged_object_text(const Shape& base, const Shape& over) {
  if (base[0].type != Json::value_t::object || over[0].type != Json::value_t::object)
    throw std::logic_error("merged_object_text: both shapes must be objects");
  std::string out;
  out.reserve(base.text().size() + over.text().size());
  out += '{';
  auto member = [&](const Shape& from, std::size_t node) {
    if (out.size() > 1) out += ',';
    append_quoted(out, from.key(node));
    out += ':';
    out += from.text(node);
  };
  for_each_member_pair(base, 0, over, 0, [&](std::size_t b, std::size_t o) {
    if (o != kNoMember)
      member(over, o);  // over wins where both have the key
    else
      member(base, b);
  });
  out += '}';
  return out;
}

// ---- ShapeWriter ------------------------------------------------------------------------------

ShapeWriter::ShapeWriter(Shape& into, const Shape* last) : shape_(into), last_(last) {
  if (last == &into) throw std::logic_error("a shape cannot be written over itself");
  shape_.nodes_.clear();
  shape_.keys_.clear();
  shape_.text_.clear();
  shape_.marks_.clear();
}

bool ShapeWriter::reuse(std::uint32_t slot, std::uint64_t stamp) {
  if (slot >= kMaxSlots) throw std::logic_error("a reuse slot of 65536 or more");
  // Within a value written whole there is no node to mark or copy: the value is written.
  if (within_whole()) return false;
  if (slot >= shape_.marks_.size()) shape_.marks_.resize(slot + 1);
  // Marked whether copied or about to be written: the next writing may copy it in turn.
  shape_.marks_[slot] = {stamp, static_cast<std::uint32_t>(shape_.nodes_.size()), true};
  if (!last_ || slot >= last_->marks_.size()) return false;
  const Shape::Mark& mark = last_->marks_[slot];
  if (!mark.set || mark.stamp != stamp) return false;
  copy(*last_, mark.node);
  return true;
}

void ShapeWriter::whole() {
  if (!within_whole()) whole_next_ = true;  // within a value written whole, it is whole already
}

void ShapeWriter::integers(std::span<const int> list) {
  if (!within_whole() && !whole_next_) return ViewWriter::integers(list);  // a node each
  // Within a value written whole, or the whole value itself: only the text.
  const std::size_t at = start(Json::value_t::array);
  std::string& text = shape_.text_;
  const std::size_t from = text.size();
  text.resize(from + 2 + list.size() * 12);  // 11 characters an int at most, and its comma
  char* out = text.data() + from;
  *out++ = '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i > 0) *out++ = ',';
    out = std::to_chars(out, out + 11, list[i]).ptr;
  }
  *out++ = ']';
  text.resize(static_cast<std::size_t>(out - text.data()));
  finish(at, static_cast<std::uint32_t>(list.size()));
}

void ShapeWriter::copy(const Shape& from, std::size_t node) {
  const Shape::Node& root = from.nodes_[node];
  whole_next_ = false;  // the copy is whole if the value copied was
  const std::size_t at = start(root.type);
  const std::size_t base = shape_.text_.size();
  if (base + root.text >= kMax || shape_.nodes_.size() + root.size >= kMax)
    throw std::length_error("a document too large for a shape");
  shape_.text_.append(from.text(node));
  // The subtree's nodes follow its root, and its members' keys lie together in the key pool, in
  // the same order: both are copied whole, then each node is pointed at where its text and key
  // now are.
  const auto first = from.nodes_.begin() + static_cast<std::ptrdiff_t>(node + 1);
  const auto last = from.nodes_.begin() + static_cast<std::ptrdiff_t>(node + root.size);
  std::size_t keys_from = from.keys_.size(), keys_to = 0;
  for (auto n = first; n != last; ++n) {
    if (n->key_size == 0) continue;
    keys_from = std::min<std::size_t>(keys_from, n->key);
    keys_to = std::max<std::size_t>(keys_to, n->key + n->key_size);
  }
  const std::size_t keys_base = shape_.keys_.size();
  if (keys_to > keys_from) shape_.keys_.append(from.keys_, keys_from, keys_to - keys_from);
  if (shape_.keys_.size() >= kMax) throw std::length_error("a document too large for a shape");
  const std::size_t copied = shape_.nodes_.size();
  shape_.nodes_.insert(shape_.nodes_.end(), first, last);
  for (auto n = shape_.nodes_.begin() + static_cast<std::ptrdiff_t>(copied);
       n != shape_.nodes_.end(); ++n) {
    n->at = static_cast<std::uint32_t>(n->at - root.at + base);
    n->key = n->key_size == 0 ? 0 : static_cast<std::uint32_t>(n->key - keys_from + keys_base);
  }
  shape_.nodes_[at].whole = root.whole;
  finish(at, root.count);
}

std::size_t ShapeWriter::start(Json::value_t type) {
  std::uint32_t key = 0, key_size = 0;
  if (open_.empty()) {
    if (done_) refuse("a second value after the root");
  } else if (open_.back().object) {
    if (!open_.back().keyed) refuse("a member without a key");
    key = key_;
    key_size = key_size_;
  } else if (open_.back().count > 0) {
    shape_.text_ += ',';
  }
  if (within_whole()) return kInside;  // only the text of what a whole value holds
  const std::size_t at = shape_.nodes_.size();
  if (at >= kMax || shape_.text_.size() >= kMax)
    throw std::length_error("a document too large for a shape");
  shape_.nodes_.push_back(
      {1, 0, key, key_size, static_cast<std::uint32_t>(shape_.text_.size()), 0, type, whole_next_});
  if (whole_next_) {
    whole_ = at;
    whole_keys_ = shape_.keys_.size();
    whole_next_ = false;
  }
  return at;
}

void ShapeWriter::finish(std::size_t at, std::uint32_t count) {
  if (at != kInside) {
    Shape::Node& node = shape_.nodes_[at];
    const std::size_t text = shape_.text_.size() - node.at;
    if (text >= kMax) throw std::length_error("a document too large for a shape");
    node.size = static_cast<std::uint32_t>(shape_.nodes_.size() - at);
    node.count = node.whole ? 0 : count;
    node.text = static_cast<std::uint32_t>(text);
    if (at == whole_) {  // its members' keys were needed only to check their order
      shape_.keys_.resize(whole_keys_);
      whole_ = kNoWhole;
    }
  }
  if (open_.empty()) {
    done_ = true;
    return;
  }
  Open& parent = open_.back();
  parent.keyed = false;
  ++parent.count;
}

void ShapeWriter::key(std::string_view key) {
  if (open_.empty() || !open_.back().object || open_.back().keyed) refuse("a key out of place");
  Open& object = open_.back();
  if (object.count > 0) {
    // The previous member is the last child that ended: the one whose key is last in the pool.
    const std::string_view previous(shape_.keys_.data() + key_, key_size_);
    if (!(previous < key)) refuse("members not in ascending order of their keys");
    shape_.text_ += ',';
  }
  if (shape_.keys_.size() + key.size() >= kMax)
    throw std::length_error("a document too large for a shape");
  key_ = static_cast<std::uint32_t>(shape_.keys_.size());
  key_size_ = static_cast<std::uint32_t>(key.size());
  shape_.keys_ += key;
  append_quoted(shape_.text_, key);
  shape_.text_ += ':';
  object.keyed = true;
}

void ShapeWriter::begin_object() {
  const std::size_t at = start(Json::value_t::object);
  shape_.text_ += '{';
  open_.push_back({at, 0, key_, key_size_, true, false});
}

void ShapeWriter::begin_array() {
  const std::size_t at = start(Json::value_t::array);
  shape_.text_ += '[';
  open_.push_back({at, 0, key_, key_size_, false, false});
}

void ShapeWriter::close(bool object) {
  if (open_.empty() || open_.back().object != object || open_.back().keyed)
    refuse("an end that closes nothing open");
  shape_.text_ += object ? '}' : ']';
  const Open done = open_.back();
  open_.pop_back();
  // A member's key is the pending one again once its object's members are done.
  if (!open_.empty() && open_.back().object) {
    key_ = done.key;
    key_size_ = done.key_size;
  }
  finish(done.node, done.count);
}

void ShapeWriter::end_object() {
  close(true);
}

void ShapeWriter::end_array() {
  close(false);
}

void ShapeWriter::null() {
  const std::size_t at = start(Json::value_t::null);
  shape_.text_ += "null";
  finish(at, 0);
}

void ShapeWriter::boolean(bool b) {
  const std::size_t at = start(Json::value_t::boolean);
  shape_.text_ += b ? "true" : "false";
  finish(at, 0);
}

void ShapeWriter::signed_integer(std::int64_t n) {
  const std::size_t at = start(Json::value_t::number_integer);
  char digits[24];
  shape_.text_.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
  finish(at, 0);
}

void ShapeWriter::unsigned_integer(std::uint64_t n) {
  const std::size_t at = start(Json::value_t::number_unsigned);
  char digits[24];
  shape_.text_.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
  finish(at, 0);
}

void ShapeWriter::floating(double d) {
  const std::size_t at = start(Json::value_t::number_float);
  if (std::isfinite(d)) {
    // What Json::dump() writes, by the very function its serializer calls (shortest round-trip
    // form), without a Json and a serializer for each number: Riff Raff writes ~100 a board.
    char digits[64];
    shape_.text_.append(digits, nlohmann::detail::to_chars(digits, digits + sizeof digits, d));
  } else {
    shape_.text_ += "null";  // as Json::dump() writes NaN and infinities
  }
  finish(at, 0);
}

void ShapeWriter::string(std::string_view s) {
  const std::size_t at = start(Json::value_t::string);
  append_quoted(shape_.text_, s);
  finish(at, 0);
}

}  // namespace tortuga::protocol
