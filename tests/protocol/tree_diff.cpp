// The JSON Patch diff as it first was: a walk over both documents as trees, comparing values
// deeply. protocol::diff now walks the old document's shape instead (protocol::Shape); this
// straightforward version stays here as the oracle its ops are checked against.
#include "tests/protocol/tree_diff.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tortuga::testing {
namespace {

using Json = nlohmann::json;

// Arrays whose differing middles hold more pairs of elements than this are not aligned element
// by element (quadratic), only by their common ends.
constexpr std::size_t kAlignBudget = 4096;

// Like ==, but 1 and 1.0 differ, and so do 0.0 and -0.0: a patch must reproduce the document's
// text, not only its numbers. Signed and unsigned integers of the same value print the same, so
// they are the same.
bool same(const Json& a, const Json& b) {
  if (a.is_number_integer() && b.is_number_integer()) return a == b;
  if (a.type() != b.type()) return false;
  if (a.is_number_float()) return a.dump() == b.dump();
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!same(a[i], b[i])) return false;
    return true;
  }
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j)
      if (i.key() != j.key() || !same(*i, *j)) return false;
    return true;
  }
  return a == b;
}

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

// A hash consistent with same(): equal values hash alike. Lets the alignment of array elements
// compare hashes first, without serializing anything.
std::size_t shape_hash(const Json& v) {
  auto mix = [](std::size_t h, std::size_t x) {
    return h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  };
  switch (v.type()) {
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return mix(1, std::hash<std::uint64_t>{}(v.get<std::uint64_t>()));
    case Json::value_t::number_float:
      return mix(2, std::hash<double>{}(v.get<double>()));
    case Json::value_t::string:
      return mix(3, std::hash<std::string>{}(v.get_ref<const std::string&>()));
    case Json::value_t::boolean:
      return mix(4, v.get<bool>());
    case Json::value_t::array: {
      std::size_t h = 5;
      for (const auto& e : v) h = mix(h, shape_hash(e));
      return h;
    }
    case Json::value_t::object: {
      std::size_t h = 6;
      for (auto it = v.begin(); it != v.end(); ++it)
        h = mix(mix(h, std::hash<std::string>{}(it.key())), shape_hash(*it));
      return h;
    }
    default:
      return 7;
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

// `path` is one buffer for the whole walk: each level appends its segment and cuts it off again,
// so that a path is copied only into the ops that are kept.
void diff_into(const Json& from, const Json& to, std::string& path, Ops& ops);

// Runs `walk` with `segment` (already escaped) appended to `path`.
template <class Walk>
void below(std::string& path, std::string_view segment, Walk&& walk) {
  const std::size_t size = path.size();
  path += '/';
  path += segment;
  walk();
  path.resize(size);
}

// One run of unmatched elements: from[f, f + k) became to[t, t + l). Everything before it already
// matches `to`, so positions are counted in `to`.
void diff_gap(const Json& from, std::size_t f, std::size_t k, const Json& to, std::size_t t,
              std::size_t l, std::string& path, Ops& ops) {
  const std::size_t paired = std::min(k, l);
  for (std::size_t j = 0; j < paired; ++j)
    below(path, std::to_string(t + j), [&] { diff_into(from[f + j], to[t + j], path, ops); });
  for (std::size_t j = paired; j < k; ++j)
    ops.push_back(op("remove", path + '/' + std::to_string(t + paired)));
  for (std::size_t j = paired; j < l; ++j)
    ops.push_back(op("add", path + '/' + std::to_string(t + j), &to[t + j]));
}

void diff_arrays(const Json& from, const Json& to, std::string& path, Ops& ops) {
  const std::size_t n = from.size(), m = to.size();
  if ((n == 0 && m > 1) || (m == 0 && n > 1)) {
    // Filling an empty list, or emptying one (a player's legal actions as the turn passes):
    // one replace is always shorter than an op per element.
    ops.push_back(op("replace", path, &to));
    return;
  }
  std::size_t head = 0;
  while (head < n && head < m && same(from[head], to[head])) ++head;
  std::size_t tail = 0;
  while (tail < n - head && tail < m - head && same(from[n - 1 - tail], to[m - 1 - tail])) ++tail;
  const std::size_t a = n - head - tail, b = m - head - tail;
  if (a == 0 || b == 0 || a * b > kAlignBudget) {
    diff_gap(from, head, a, to, head, b, path, ops);
    return;
  }

  // Longest common subsequence of the middles, comparing elements by hash, then by value.
  std::vector<std::size_t> fh(a), th(b);
  for (std::size_t i = 0; i < a; ++i) fh[i] = shape_hash(from[head + i]);
  for (std::size_t j = 0; j < b; ++j) th[j] = shape_hash(to[head + j]);
  auto equal = [&](std::size_t i, std::size_t j) {
    return fh[i] == th[j] && same(from[head + i], to[head + j]);
  };
  // lcs[i][j]: length of the common subsequence of the middles' suffixes from i and j.
  std::vector<std::uint16_t> lcs((a + 1) * (b + 1), 0);
  auto at = [&](std::size_t i, std::size_t j) -> std::uint16_t& { return lcs[i * (b + 1) + j]; };
  for (std::size_t i = a; i-- > 0;)
    for (std::size_t j = b; j-- > 0;)
      at(i, j) = static_cast<std::uint16_t>(equal(i, j) ? at(i + 1, j + 1) + 1
                                                        : std::max(at(i + 1, j), at(i, j + 1)));

  std::size_t i = 0, j = 0, gap_i = 0, gap_j = 0;
  while (i < a && j < b) {
    if (equal(i, j) && at(i, j) == at(i + 1, j + 1) + 1) {
      diff_gap(from, head + gap_i, i - gap_i, to, head + gap_j, j - gap_j, path, ops);
      gap_i = ++i;
      gap_j = ++j;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      ++i;
    } else {
      ++j;
    }
  }
  diff_gap(from, head + gap_i, a - gap_i, to, head + gap_j, b - gap_j, path, ops);
}

void diff_objects(const Json& from, const Json& to, std::string& path, Ops& ops) {
  // Both objects keep their members sorted by key: one walk through the two side by side.
  auto old = from.begin(), now = to.begin();
  while (old != from.end() || now != to.end()) {
    const int order = old == from.end() ? 1 : now == to.end() ? -1 : old.key().compare(now.key());
    if (order < 0) {
      below(path, escape(old.key()), [&] { ops.push_back(op("remove", path)); });
      ++old;
    } else if (order > 0) {
      below(path, escape(now.key()), [&] { ops.push_back(op("add", path, &*now)); });
      ++now;
    } else {
      below(path, escape(now.key()), [&] { diff_into(*old, *now, path, ops); });
      ++old;
      ++now;
    }
  }
}

// The pointers of the values written whole, for the diff under way.
const std::set<std::string>* wholes = nullptr;

void diff_into(const Json& from, const Json& to, std::string& path, Ops& ops) {
  const bool both_arrays = from.is_array() && to.is_array();
  const bool both_objects = from.is_object() && to.is_object();
  if ((!both_arrays && !both_objects) || (wholes && wholes->count(path))) {
    // Containers are walked, not compared whole first: each node is visited once per diff.
    if (!same(from, to)) ops.push_back(op("replace", path, &to));
    return;
  }
  Ops mine;
  if (both_arrays)
    diff_arrays(from, to, path, mine);
  else
    diff_objects(from, to, path, mine);
  if (mine.size() > 1) {
    std::size_t parts = mine.size() - 1;  // the commas between them
    for (const Op& o : mine) parts += o.size;
    Op whole = op("replace", path, &to);
    if (whole.size < parts) {
      ops.push_back(std::move(whole));
      return;
    }
  }
  for (auto& o : mine) ops.push_back(std::move(o));
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

Json tree_diff(const Json& from, const Json& to, const std::set<std::string>& whole) {
  Ops ops;
  std::string path;
  wholes = &whole;
  diff_into(from, to, path, ops);
  wholes = nullptr;
  return to_json(ops);
}

Json tree_diff_members(const Json& from, const Json& to, const std::set<std::string>& whole) {
  Ops ops;
  std::string path;
  wholes = &whole;
  diff_objects(from, to, path, ops);
  wholes = nullptr;
  return to_json(ops);
}

}  // namespace tortuga::testing
