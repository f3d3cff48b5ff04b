#include "protocol/patch.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tortuga::protocol {
namespace {

// Arrays whose differing middles hold more pairs of elements than this are not aligned element
// by element (quadratic), only by their common ends.
constexpr std::size_t kAlignBudget = 4096;

std::string escape(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

// The length of v's compact JSON text, counted without writing it: diffs run for every audience
// after every action, and serializing subtrees just to compare sizes dominated their cost.
std::size_t digits(std::uint64_t n) {
  std::size_t d = 1;
  while (n >= 10) n /= 10, ++d;
  return d;
}

std::size_t quoted_size(std::string_view text) {
  std::size_t n = 2;
  for (unsigned char c : text) n += c == '"' || c == '\\' ? 2 : c < 0x20 ? 6 : 1;
  return n;
}

std::size_t text_size(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null:
      return 4;
    case Json::value_t::boolean:
      return v.get<bool>() ? 4 : 5;
    case Json::value_t::number_integer: {
      const auto i = v.get<std::int64_t>();
      return i < 0 ? 1 + digits(0 - static_cast<std::uint64_t>(i)) : digits(i);
    }
    case Json::value_t::number_unsigned:
      return digits(v.get<std::uint64_t>());
    case Json::value_t::string:
      return quoted_size(v.get_ref<const std::string&>());
    case Json::value_t::array: {
      std::size_t n = v.empty() ? 2 : 1 + v.size();
      for (const auto& e : v) n += text_size(e);
      return n;
    }
    case Json::value_t::object: {
      std::size_t n = v.empty() ? 2 : 1 + v.size();
      for (auto it = v.begin(); it != v.end(); ++it)
        n += quoted_size(it.key()) + 1 + text_size(*it);
      return n;
    }
    default:  // floats and the rest: rare in views, measured the slow way
      return v.dump(-1, ' ', false, Json::error_handler_t::replace).size();
  }
}

// An op as the diff builds it: the value is pointed to, not copied, and the op's text size is
// known, so that the diff can weigh its ops against replacing a value whole and copy only the
// values of the ops it keeps.
struct Op {
  const char* name;
  std::string path;
  const Json* value;  // null for remove
  std::size_t size;   // of its JSON text
};
using Ops = std::vector<Op>;

// An op whose value's text size is already known.
Op sized_op(const char* name, std::string path, const Json* value, std::size_t value_size) {
  // {"op":NAME,"path":PATH} and ,"value":VALUE
  std::size_t size = 15 + quoted_size(name) + quoted_size(path);
  if (value) size += 9 + value_size;
  return {name, std::move(path), value, size};
}

Op op(const char* name, std::string path, const Json* value = nullptr) {
  return sized_op(name, std::move(path), value, value ? text_size(*value) : 0);
}

// Runs `walk` with `segment` (already escaped) appended to `path`.
template <class Walk>
void below(std::string& path, std::string_view segment, Walk&& walk) {
  const std::size_t size = path.size();
  path += '/';
  path += segment;
  walk();
  path.resize(size);
}

// --- diffing from a shape ----------------------------------------------------------------------

// The walk: the old document is known by its shape (node indices into `from`), the new one by its
// value and its shape (node indices into `to_shape`), and equality is by hash. Objects' sorted
// members are walked side by side; arrays are aligned on their common ends, then on their longest
// common run of elements within kAlignBudget; wherever a subtree's ops would be longer than the
// subtree, it is replaced whole.
class ShapeDiff {
 public:
  ShapeDiff(const Shape& from, const Shape& to_shape, Ops& ops)
      : from_(from), to_(to_shape), ops_(ops) {}

  void into(std::size_t f, const Json& to, std::size_t t) {
    const auto from_type = from_[f].type;
    const bool both_arrays = from_type == Json::value_t::array && to.is_array();
    const bool both_objects = from_type == Json::value_t::object && to.is_object();
    if (!both_arrays && !both_objects) {
      if (from_[f].hash != to_[t].hash) ops_.push_back(replace(to, t));
      return;
    }
    Ops mine;
    std::swap(mine, ops_);
    if (both_arrays)
      arrays(f, to, t);
    else
      objects(f, to, t);
    std::swap(mine, ops_);
    if (mine.size() > 1) {
      std::size_t parts = mine.size() - 1;  // the commas between them
      for (const Op& o : mine) parts += o.size;
      Op whole = replace(to, t);
      if (whole.size < parts) {
        ops_.push_back(std::move(whole));
        return;
      }
    }
    for (auto& o : mine) ops_.push_back(std::move(o));
  }

  void objects(std::size_t f, const Json& to, std::size_t t) {
    std::size_t old = f + 1, old_left = from_[f].count;
    std::size_t next = t + 1;
    auto now = to.begin();
    while (old_left > 0 || now != to.end()) {
      const int order = old_left == 0     ? 1
                        : now == to.end() ? -1
                                          : from_.key(old).compare(now.key());
      if (order < 0) {
        below(path_, escape(from_.key(old)), [&] { ops_.push_back(op("remove", path_)); });
        old += from_[old].size;
        --old_left;
      } else if (order > 0) {
        below(path_, escape(now.key()),
              [&] { ops_.push_back(sized_op("add", path_, &*now, to_[next].text)); });
        next += to_[next].size;
        ++now;
      } else {
        below(path_, escape(now.key()), [&] { into(old, *now, next); });
        old += from_[old].size;
        --old_left;
        next += to_[next].size;
        ++now;
      }
    }
  }

  std::string path_;

 private:
  Op replace(const Json& to, std::size_t t) { return sized_op("replace", path_, &to, to_[t].text); }

  static std::vector<std::size_t> children(const Shape& s, std::size_t node) {
    std::vector<std::size_t> out(s[node].count);
    std::size_t c = node + 1;
    for (auto& o : out) {
      o = c;
      c += s[c].size;
    }
    return out;
  }

  void arrays(std::size_t f, const Json& to, std::size_t t) {
    const std::size_t n = from_[f].count, m = to.size();
    if ((n == 0 && m > 1) || (m == 0 && n > 1)) {
      ops_.push_back(replace(to, t));
      return;
    }
    const auto fc = children(from_, f), tc = children(to_, t);
    auto equal = [&](std::size_t i, std::size_t j) { return from_[fc[i]].hash == to_[tc[j]].hash; };
    std::size_t head = 0;
    while (head < n && head < m && equal(head, head)) ++head;
    std::size_t tail = 0;
    while (tail < n - head && tail < m - head && equal(n - 1 - tail, m - 1 - tail)) ++tail;
    const std::size_t a = n - head - tail, b = m - head - tail;
    if (a == 0 || b == 0 || a * b > kAlignBudget) {
      gap(fc, head, a, to, tc, head, b);
      return;
    }
    auto mid = [&](std::size_t i, std::size_t j) { return equal(head + i, head + j); };
    std::vector<std::uint16_t> lcs((a + 1) * (b + 1), 0);
    auto at = [&](std::size_t i, std::size_t j) -> std::uint16_t& { return lcs[i * (b + 1) + j]; };
    for (std::size_t i = a; i-- > 0;)
      for (std::size_t j = b; j-- > 0;)
        at(i, j) = static_cast<std::uint16_t>(mid(i, j) ? at(i + 1, j + 1) + 1
                                                        : std::max(at(i + 1, j), at(i, j + 1)));
    std::size_t i = 0, j = 0, gap_i = 0, gap_j = 0;
    while (i < a && j < b) {
      if (mid(i, j) && at(i, j) == at(i + 1, j + 1) + 1) {
        gap(fc, head + gap_i, i - gap_i, to, tc, head + gap_j, j - gap_j);
        gap_i = ++i;
        gap_j = ++j;
      } else if (at(i + 1, j) >= at(i, j + 1)) {
        ++i;
      } else {
        ++j;
      }
    }
    gap(fc, head + gap_i, a - gap_i, to, tc, head + gap_j, b - gap_j);
  }

  void gap(const std::vector<std::size_t>& fc, std::size_t f, std::size_t k, const Json& to,
           const std::vector<std::size_t>& tc, std::size_t t, std::size_t l) {
    const std::size_t paired = std::min(k, l);
    for (std::size_t j = 0; j < paired; ++j)
      below(path_, std::to_string(t + j), [&] { into(fc[f + j], to[t + j], tc[t + j]); });
    for (std::size_t j = paired; j < k; ++j)
      ops_.push_back(op("remove", path_ + '/' + std::to_string(t + paired)));
    for (std::size_t j = paired; j < l; ++j)
      ops_.push_back(
          sized_op("add", path_ + '/' + std::to_string(t + j), &to[t + j], to_[tc[t + j]].text));
  }

  const Shape& from_;
  const Shape& to_;
  Ops& ops_;
};

// --- shapes' hashes --------------------------------------------------------------------------

// The murmur3 64-bit finalizer: a bijection that spreads every input bit over the output.
std::uint64_t fmix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

// Order-dependent; a bijection of h for each x and of x for each h.
std::uint64_t combine(std::uint64_t h, std::uint64_t x) {
  return fmix64((h * 0x9e3779b97f4a7c15ULL) ^ fmix64(x + 0x632be59bd9b4e019ULL));
}

std::uint64_t string_hash(std::string_view s) {
  return combine(std::hash<std::string_view>{}(s), s.size());
}

// One seed per kind of value: values of different kinds never share a hash by construction.
enum Seed : std::uint64_t {
  kNullSeed = 0x1a2b3c4d5e6f7081ULL,
  kBoolSeed = 0x2f1e3d5c7b9a0812ULL,
  kIntegerSeed = 0x3c5a7e9f1b2d4f63ULL,
  kFloatSeed = 0x4d7f2a6c8e1b3d54ULL,
  kStringSeed = 0x5e8a1c3b7d9f2e45ULL,
  kArraySeed = 0x6f9b4d2e8a1c7f36ULL,
  kObjectSeed = 0x7a1c5e3f9b2d8e27ULL,
  kOtherSeed = 0x8b2d6f4a1c3e9f18ULL,
};

// --- applying ---------------------------------------------------------------------------------

using Tokens = std::vector<std::string>;

Error refuse(std::string message) {
  return {code::kBadPatch, std::move(message)};
}

Expected<Tokens> pointer(const Json& op, const char* member) {
  auto it = op.find(member);
  if (it == op.end()) return refuse(std::string("it has no \"") + member + "\"");
  if (!it->is_string()) return refuse(std::string("its \"") + member + "\" is not a string");
  const auto& text = it->get_ref<const std::string&>();
  Tokens tokens;
  if (text.empty()) return tokens;  // the whole document
  if (text[0] != '/') return refuse("the pointer \"" + text + "\" does not start with \"/\"");
  std::string token;
  for (std::size_t i = 1; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '/') {
      tokens.push_back(std::move(token));
      token.clear();
    } else if (text[i] == '~') {
      if (i + 1 < text.size() && (text[i + 1] == '0' || text[i + 1] == '1')) {
        token += text[i + 1] == '0' ? '~' : '/';
        ++i;
      } else {
        return refuse("the pointer \"" + text + "\" has a \"~\" not followed by 0 or 1");
      }
    } else {
      token += text[i];
    }
  }
  return tokens;
}

std::string show(const Tokens& tokens, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) out += '/' + escape(tokens[i]);
  return out.empty() ? "the document" : '"' + out + '"';
}

// An array index as RFC 6901 writes it: "0", or digits without a leading zero.
bool index(const std::string& token, std::size_t& out) {
  if (token.empty() || token.size() > 15) return false;
  if (token.size() > 1 && token[0] == '0') return false;
  std::size_t n = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<std::size_t>(c - '0');
  }
  out = n;
  return true;
}

// The value the first `count` tokens lead to, or null.
Json* resolve(Json& doc, const Tokens& tokens, std::size_t count) {
  Json* at = &doc;
  for (std::size_t i = 0; i < count; ++i) {
    if (at->is_object()) {
      auto it = at->find(tokens[i]);
      if (it == at->end()) return nullptr;
      at = &*it;
    } else if (at->is_array()) {
      std::size_t k;
      if (!index(tokens[i], k) || k >= at->size()) return nullptr;
      at = &(*at)[k];
    } else {
      return nullptr;
    }
  }
  return at;
}

Refusal add(Json& doc, const Tokens& path, Json value) {
  if (path.empty()) {
    doc = std::move(value);
    return std::nullopt;
  }
  Json* parent = resolve(doc, path, path.size() - 1);
  if (!parent) return refuse(show(path, path.size() - 1) + " does not exist");
  const std::string& last = path.back();
  if (parent->is_object()) {
    (*parent)[last] = std::move(value);
    return std::nullopt;
  }
  if (!parent->is_array())
    return refuse(show(path, path.size() - 1) + " is neither an object nor an array");
  if (last == "-") {
    parent->push_back(std::move(value));
    return std::nullopt;
  }
  std::size_t k;
  if (!index(last, k) || k > parent->size())
    return refuse(show(path, path.size()) + " is not a position in an array of " +
                  std::to_string(parent->size()));
  parent->insert(parent->begin() + static_cast<std::ptrdiff_t>(k), std::move(value));
  return std::nullopt;
}

Refusal remove(Json& doc, const Tokens& path) {
  if (path.empty()) return refuse("the whole document cannot be removed");
  Json* parent = resolve(doc, path, path.size() - 1);
  if (parent && parent->is_object()) {
    auto it = parent->find(path.back());
    if (it != parent->end()) {
      parent->erase(it);
      return std::nullopt;
    }
  } else if (parent && parent->is_array()) {
    std::size_t k;
    if (index(path.back(), k) && k < parent->size()) {
      parent->erase(parent->begin() + static_cast<std::ptrdiff_t>(k));
      return std::nullopt;
    }
  }
  return refuse(show(path, path.size()) + " does not exist");
}

bool is_proper_prefix(const Tokens& prefix, const Tokens& of) {
  return prefix.size() < of.size() && std::equal(prefix.begin(), prefix.end(), of.begin());
}

Refusal apply_one(Json& doc, const Json& op) {
  if (!op.is_object()) return refuse("it is not an object");
  auto name_it = op.find("op");
  if (name_it == op.end() || !name_it->is_string()) return refuse("it has no string \"op\"");
  const auto& name = name_it->get_ref<const std::string&>();
  auto path = pointer(op, "path");
  if (!path) return path.error();
  auto value = op.find("value");
  const bool needs_value = name == "add" || name == "replace" || name == "test";
  if (needs_value && value == op.end()) return refuse("it has no \"value\"");

  if (name == "add") return add(doc, *path, *value);
  if (name == "remove") return remove(doc, *path);
  if (name == "replace") {
    Json* target = resolve(doc, *path, path->size());
    if (!target) return refuse(show(*path, path->size()) + " does not exist");
    *target = *value;
    return std::nullopt;
  }
  if (name == "test") {
    Json* target = resolve(doc, *path, path->size());
    if (!target) return refuse(show(*path, path->size()) + " does not exist");
    if (*target != *value) return refuse(show(*path, path->size()) + " differs from the value");
    return std::nullopt;
  }
  if (name == "move" || name == "copy") {
    auto from = pointer(op, "from");
    if (!from) return from.error();
    Json* source = resolve(doc, *from, from->size());
    if (!source) return refuse(show(*from, from->size()) + " does not exist");
    Json moved = *source;
    if (name == "move") {
      if (is_proper_prefix(*from, *path)) return refuse("a value cannot be moved into itself");
      if (auto refused = remove(doc, *from)) return refused;
    }
    return add(doc, *path, std::move(moved));
  }
  return refuse("\"" + name + "\" is not an operation of RFC 6902");
}

Json to_json(Ops& ops) {
  Json out = Json::array();
  for (Op& o : ops) {
    Json one = {{"op", o.name}, {"path", std::move(o.path)}};
    if (o.value) one["value"] = *o.value;
    out.push_back(std::move(one));
  }
  return out;
}

}  // namespace

void Shape::assign(const Json& doc) {
  nodes_.clear();
  keys_.clear();
  build(doc, 0, 0);
}

std::size_t Shape::build(const Json& v, std::uint32_t key, std::uint32_t key_size) {
  const std::size_t at = nodes_.size();
  if (at >= std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("a document too large for a shape");
  nodes_.push_back({0, 1, 0, key, key_size, 0, v.type()});
  std::uint64_t hash = 0;
  std::size_t text = 0;
  switch (v.type()) {
    case Json::value_t::null:
      hash = fmix64(kNullSeed);
      text = 4;
      break;
    case Json::value_t::boolean:
      hash = combine(kBoolSeed, v.get<bool>());
      text = text_size(v);
      break;
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:  // same() compares integers by value, whatever the sign
      hash = combine(kIntegerSeed, v.get<std::uint64_t>());
      text = text_size(v);
      break;
    case Json::value_t::number_float: {
      const double d = v.get<double>();
      hash = combine(kFloatSeed, std::bit_cast<std::uint64_t>(d == 0 ? 0.0 : d));  // -0.0 == 0.0
      text = text_size(v);
      break;
    }
    case Json::value_t::string:
      hash = combine(kStringSeed, string_hash(v.get_ref<const std::string&>()));
      text = text_size(v);
      break;
    case Json::value_t::array: {
      hash = kArraySeed;
      text = v.empty() ? 2 : 1 + v.size();
      for (const auto& e : v) {
        const std::size_t c = build(e, 0, 0);
        hash = combine(hash, nodes_[c].hash);
        text += nodes_[c].text;
      }
      hash = combine(hash, v.size());
      break;
    }
    case Json::value_t::object: {
      hash = kObjectSeed;
      text = v.empty() ? 2 : 1 + v.size();
      for (auto it = v.begin(); it != v.end(); ++it) {
        const std::string& k = it.key();
        if (keys_.size() + k.size() > std::numeric_limits<std::uint32_t>::max())
          throw std::length_error("a document too large for a shape");
        const auto offset = static_cast<std::uint32_t>(keys_.size());
        keys_ += k;
        const std::size_t c = build(*it, offset, static_cast<std::uint32_t>(k.size()));
        hash = combine(combine(hash, string_hash(k)), nodes_[c].hash);
        text += quoted_size(k) + 1 + nodes_[c].text;
      }
      hash = combine(hash, v.size());
      break;
    }
    default:  // binary and the rest: never in views
      hash =
          combine(kOtherSeed, string_hash(v.dump(-1, ' ', false, Json::error_handler_t::replace)));
      text = text_size(v);
      break;
  }
  if (text > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("a document too large for a shape");
  Node& node = nodes_[at];
  node.hash = hash;
  node.size = static_cast<std::uint32_t>(nodes_.size() - at);
  node.count = static_cast<std::uint32_t>(v.is_array() || v.is_object() ? v.size() : 0);
  node.text = static_cast<std::uint32_t>(text);
  return at;
}

Shape shape_of(const Json& doc) {
  return Shape(doc);
}

Json diff(const Shape& from, const Json& to, const Shape& to_shape) {
  Ops ops;
  ShapeDiff walk(from, to_shape, ops);
  walk.into(0, to, 0);
  return to_json(ops);
}

Json diff_members(const Shape& from, const Json& to, const Shape& to_shape) {
  Ops ops;
  ShapeDiff walk(from, to_shape, ops);
  walk.objects(0, to, 0);
  return to_json(ops);
}

Json diff(const Json& from, const Json& to) {
  return diff(Shape(from), to, Shape(to));
}

Json diff_members(const Json& from, const Json& to) {
  return diff_members(Shape(from), to, Shape(to));
}

Expected<Json> apply_patch(const Json& doc, const Json& ops) {
  if (!ops.is_array()) return refuse("a patch must be an array of operations");
  Json result = doc;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (auto refused = apply_one(result, ops[i]))
      return refuse("operation " + std::to_string(i) + ": " + refused->message);
  }
  return result;
}

}  // namespace tortuga::protocol
