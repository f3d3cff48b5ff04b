#include "protocol/patch.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tortuga::protocol {

void append_segment(std::string& path, std::string_view key) {
  path += '/';
  for (char c : key) {
    if (c == '~')
      path += "~0";
    else if (c == '/')
      path += "~1";
    else
      path += c;
  }
}

namespace {

// Arrays whose differing middles hold more pairs of elements than this are not aligned element
// by element (quadratic), only by their common ends.
constexpr std::size_t kAlignBudget = 4096;

std::string escape(std::string_view key) {
  std::string out;
  append_segment(out, key);
  return out.substr(1);  // without the segment's "/"
}

// An op as the diff builds it: its value is a slice of the new document's text, its path is kept
// in the ops' pool of paths, and its own text size is known, so that the diff can weigh its ops
// against replacing a value whole.
struct Op {
  const char* name;
  std::uint32_t path_at, path_size;  // in Ops::paths
  std::string_view value;            // empty for remove
  std::size_t size;                  // of its JSON text
};

// The ops of one diff. A diff runs after every action for every audience: the ops and their
// paths go to storage kept from one diff to the next, not to allocations of their own.
struct Ops {
  std::vector<Op> list;
  std::string paths;

  void clear() {
    list.clear();
    paths.clear();
  }
  std::string_view path(const Op& o) const { return {paths.data() + o.path_at, o.path_size}; }
  // The size of {"op":NAME,"path":PATH} with ,"value":VALUE when there is a value.
  static std::size_t size_of(const char* name, std::string_view path, std::string_view value) {
    std::size_t size = 15 + quoted_size(name) + quoted_size(path);
    if (!value.empty()) size += 9 + value.size();
    return size;
  }
  void add(const char* name, std::string_view path, std::string_view value = {}) {
    list.push_back({name, static_cast<std::uint32_t>(paths.size()),
                    static_cast<std::uint32_t>(path.size()), value, size_of(name, path, value)});
    paths += path;
  }
};

// Runs `walk` with the segment for `key` appended to `path`.
template <class Walk>
void below(std::string& path, std::string_view key, Walk&& walk) {
  const std::size_t size = path.size();
  append_segment(path, key);
  walk();
  path.resize(size);
}

// The ops' text, as Json::dump() writes an array of {op, path, value?} objects.
std::string write(const Ops& ops) {
  std::size_t size = 2 + ops.list.size();
  for (const Op& o : ops.list) size += o.size;
  std::string out;
  out.reserve(size);
  out += '[';
  for (const Op& o : ops.list) {
    if (out.size() > 1) out += ',';
    out += R"({"op":")";
    out += o.name;
    out += R"(","path":)";
    append_quoted(out, ops.path(o));
    if (!o.value.empty()) {
      out += R"(,"value":)";
      out += o.value;
    }
    out += '}';
  }
  out += ']';
  return out;
}

// --- diffing two shapes ------------------------------------------------------------------------

// The walk: node indices into the old document's shape `from` and the new one's `to`, equality by
// text (Shape::same). Objects' sorted members are walked side by side; arrays are aligned on their
// common ends, then on their longest common run of elements within kAlignBudget; wherever a
// subtree's ops would be longer than the subtree, it is replaced whole. So is a value written
// whole that changed, without a walk.
class ShapeDiff {
 public:
  ShapeDiff(const Shape& from, const Shape& to, Ops& ops) : from_(from), to_(to), ops_(ops) {}

  void into(std::size_t f, std::size_t t) {
    if (from_.same(f, to_, t)) return;  // equal values: nothing below them changed
    const auto from_type = from_[f].type, to_type = to_[t].type;
    const bool both_arrays = from_type == Json::value_t::array && to_type == from_type;
    const bool both_objects = from_type == Json::value_t::object && to_type == from_type;
    // A value written whole (ViewWriter::whole) is not walked into: it changed all at once.
    if ((!both_arrays && !both_objects) || from_[f].whole || to_[t].whole) {
      replace(t);
      return;
    }
    const std::size_t first = ops_.list.size();
    if (both_arrays)
      arrays(f, t);
    else
      objects(f, t);
    const std::size_t mine = ops_.list.size() - first;
    if (mine > 1) {
      std::size_t parts = mine - 1;  // the commas between them
      for (std::size_t i = first; i < ops_.list.size(); ++i) parts += ops_.list[i].size;
      if (Ops::size_of("replace", path_, to_.text(t)) < parts) {
        // The value whole is shorter: it takes the place of the ops below it. (Their paths stay
        // in the pool, unused.)
        ops_.list.resize(first);
        replace(t);
      }
    }
  }

  void objects(std::size_t f, std::size_t t) {
    for_each_member_pair(from_, f, to_, t, [&](std::size_t old, std::size_t now) {
      if (now == kNoMember)
        below(path_, from_.key(old), [&] { ops_.add("remove", path_); });
      else if (old == kNoMember)
        below(path_, to_.key(now), [&] { ops_.add("add", path_, to_.text(now)); });
      else if (!from_.same(old, to_, now))
        below(path_, to_.key(now), [&] { into(old, now); });
    });
  }

 private:
  void replace(std::size_t t) { ops_.add("replace", path_, to_.text(t)); }

  static std::vector<std::size_t> text_hashes(const Shape& s, const std::vector<std::size_t>& nodes,
                                              std::size_t from, std::size_t count) {
    std::vector<std::size_t> out(count);
    for (std::size_t i = 0; i < count; ++i)
      out[i] = std::hash<std::string_view>{}(s.text(nodes[from + i]));
    return out;
  }

  static std::vector<std::size_t> children(const Shape& s, std::size_t node) {
    std::vector<std::size_t> out(s[node].count);
    std::size_t c = node + 1;
    for (auto& o : out) {
      o = c;
      c += s[c].size;
    }
    return out;
  }

  void arrays(std::size_t f, std::size_t t) {
    const std::size_t n = from_[f].count, m = to_[t].count;
    if ((n == 0 && m > 1) || (m == 0 && n > 1)) {
      replace(t);
      return;
    }
    const auto fc = children(from_, f), tc = children(to_, t);
    auto equal = [&](std::size_t i, std::size_t j) { return from_.same(fc[i], to_, tc[j]); };
    std::size_t head = 0;
    while (head < n && head < m && equal(head, head)) ++head;
    std::size_t tail = 0;
    while (tail < n - head && tail < m - head && equal(n - 1 - tail, m - 1 - tail)) ++tail;
    const std::size_t a = n - head - tail, b = m - head - tail;
    if (a == 0 || b == 0 || a * b > kAlignBudget) {
      gap(fc, head, a, tc, head, b);
      return;
    }
    // The alignment compares every old element with every new one: each text is hashed once, and
    // texts are compared only where their hashes agree.
    const auto fh = text_hashes(from_, fc, head, a), th = text_hashes(to_, tc, head, b);
    auto mid = [&](std::size_t i, std::size_t j) {
      return fh[i] == th[j] && equal(head + i, head + j);
    };
    std::vector<std::uint16_t> lcs((a + 1) * (b + 1), 0);
    auto at = [&](std::size_t i, std::size_t j) -> std::uint16_t& { return lcs[i * (b + 1) + j]; };
    for (std::size_t i = a; i-- > 0;)
      for (std::size_t j = b; j-- > 0;)
        at(i, j) = static_cast<std::uint16_t>(mid(i, j) ? at(i + 1, j + 1) + 1
                                                        : std::max(at(i + 1, j), at(i, j + 1)));
    std::size_t i = 0, j = 0, gap_i = 0, gap_j = 0;
    while (i < a && j < b) {
      if (mid(i, j) && at(i, j) == at(i + 1, j + 1) + 1) {
        gap(fc, head + gap_i, i - gap_i, tc, head + gap_j, j - gap_j);
        gap_i = ++i;
        gap_j = ++j;
      } else if (at(i + 1, j) >= at(i, j + 1)) {
        ++i;
      } else {
        ++j;
      }
    }
    gap(fc, head + gap_i, a - gap_i, tc, head + gap_j, b - gap_j);
  }

  // One run of unmatched elements: old elements [f, f + k) became new ones [t, t + l). Everything
  // before it already matches the new document, so positions are counted in it.
  void gap(const std::vector<std::size_t>& fc, std::size_t f, std::size_t k,
           const std::vector<std::size_t>& tc, std::size_t t, std::size_t l) {
    const std::size_t paired = std::min(k, l);
    for (std::size_t j = 0; j < paired; ++j)
      below(path_, std::to_string(t + j), [&] { into(fc[f + j], tc[t + j]); });
    for (std::size_t j = paired; j < k; ++j)
      below(path_, std::to_string(t + paired), [&] { ops_.add("remove", path_); });
    for (std::size_t j = paired; j < l; ++j)
      below(path_, std::to_string(t + j), [&] { ops_.add("add", path_, to_.text(tc[t + j])); });
  }

  const Shape& from_;
  const Shape& to_;
  Ops& ops_;
  std::string path_;  // one buffer for the whole walk, copied only into the ops kept
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

}  // namespace

namespace {

// Each thread's ops, reused by every diff it runs (a diff does not run another).
Ops& fresh_ops() {
  thread_local Ops ops;
  ops.clear();
  return ops;
}

}  // namespace

std::string diff_text(const Shape& from, const Shape& to) {
  Ops& ops = fresh_ops();
  ShapeDiff(from, to, ops).into(0, 0);
  return write(ops);
}

std::string diff_members_text(const Shape& from, const Shape& to) {
  Ops& ops = fresh_ops();
  ShapeDiff(from, to, ops).objects(0, 0);
  return write(ops);
}

Json diff(const Shape& from, const Json& to) {
  return Json::parse(diff_text(from, Shape(to)));
}

Json diff_members(const Shape& from, const Json& to) {
  return Json::parse(diff_members_text(from, Shape(to)));
}

Json diff(const Json& from, const Json& to) {
  return diff(Shape(from), to);
}

Json diff_members(const Json& from, const Json& to) {
  return diff_members(Shape(from), to);
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
