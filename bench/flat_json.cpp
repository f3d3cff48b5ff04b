#include "bench/flat_json.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <type_traits>

#include "bench/json_text.hpp"

namespace tortuga::bench {
using namespace json_text;

template <class T>
std::uint32_t FlatJson::Blocks<T>::allocate(unsigned k) {
  std::uint32_t at = free[k];
  if (at != kNone) {
    if constexpr (std::is_same_v<T, Kid>)
      free[k] = units[at].node;
    else
      std::memcpy(&free[k], data() + at, sizeof(std::uint32_t));
    return at;
  }
  const std::size_t need = size + (std::size_t{1} << k);
  if (need > capacity) {
    const std::size_t grown = std::max({need, 2 * capacity, std::size_t{256}});
    auto fresh = std::make_unique_for_overwrite<T[]>(grown);
    if (size > 0) std::memcpy(fresh.get(), data(), size * sizeof(T));
    units = std::move(fresh);
    capacity = grown;
  }
  at = static_cast<std::uint32_t>(size);
  size = need;
  return at;
}

template <class T>
void FlatJson::Blocks<T>::release(std::uint32_t at, unsigned k) {
  if constexpr (std::is_same_v<T, Kid>)
    units[at].node = free[k];
  else
    std::memcpy(data() + at, &free[k], sizeof(std::uint32_t));
  free[k] = at;
}

unsigned FlatJson::size_class(std::size_t n, unsigned least) {
  const unsigned k = n <= 1 ? 0u : static_cast<unsigned>(std::bit_width(n - 1));
  return k < least ? least : k;
}

std::uint32_t FlatJson::hash(std::string_view key) {
  std::uint32_t h = 2166136261u ^ static_cast<std::uint32_t>(key.size());
  for (char c : key) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

namespace {
constexpr unsigned kLeastBytes = 3;  // blocks of bytes hold 8 at least (and a free list's link)
constexpr unsigned kLeastKids = 2;
}  // namespace

void FlatJson::prefetch() const {
  static constexpr std::size_t kLine = 64, kMost = 8192;
  auto fetch = [](const void* data, std::size_t bytes) {
    const char* p = static_cast<const char*>(data);
    for (std::size_t i = 0; i < std::min(bytes, kMost); i += kLine) __builtin_prefetch(p + i);
  };
  fetch(nodes_.data(), nodes_.size() * sizeof(Slot));
  fetch(kids_.data(), kids_.size * sizeof(Kid));
}

FlatJson::Node FlatJson::make(Kind kind) {
  Node n = free_;
  if (n != kNone) {
    free_ = nodes_[n].at;
    nodes_[n] = Slot{};
  } else {
    n = static_cast<Node>(nodes_.size());
    nodes_.emplace_back();
  }
  nodes_[n].kind = kind;
  ++live_;
  return n;
}

void FlatJson::release(Node node) {
  drop(node);
  if (live_ == 0) {  // start afresh: what comes next is laid out in order, from the start
    nodes_.clear();
    free_ = kNone;
    bytes_.clear();
    kids_.clear();
  }
}

void FlatJson::drop(Node node) {
  if (node == kNone) return;
  release_.clear();
  release_.push_back(node);
  while (!release_.empty()) {
    const Node n = release_.back();
    release_.pop_back();
    Slot& slot = nodes_[n];
    if (is_container(slot.kind) && slot.at != kNone) {
      const Kid* k = kids(n);
      for (std::uint32_t i = 0; i < slot.len; ++i) release_.push_back(k[i].node);
      kids_.release(slot.at, slot.kids_size);
    }
    if (slot.block != kNone) bytes_.release(slot.block, slot.block_size);
    slot.block = kNone;
    slot.kind = Kind::null;
    slot.at = free_;
    free_ = n;
    --live_;
  }
}

std::string_view FlatJson::key(Node n) const {
  const Slot& slot = nodes_[n];
  if (slot.name_len != kLongName) return {slot.name, slot.name_len};
  std::uint32_t place[2];
  std::memcpy(place, slot.name, sizeof place);
  return {bytes_.data() + place[0], place[1]};
}

void FlatJson::set_key(Node n, std::string_view name, std::uint32_t at) {
  Slot& slot = nodes_[n];
  if (name.size() <= kShortName) {
    if (!name.empty()) std::memcpy(slot.name, name.data(), name.size());
    slot.name_len = static_cast<std::uint8_t>(name.size());
    return;
  }
  const std::uint32_t place[2] = {at, static_cast<std::uint32_t>(name.size())};
  std::memcpy(slot.name, place, sizeof place);
  slot.name_len = kLongName;
}

FlatJson::Node FlatJson::parse(std::string_view text, int levels) {
  levels_ = levels;
  const unsigned k = size_class(text.size(), kLeastBytes);
  const std::uint32_t block = bytes_.allocate(k);
  char* p = bytes_.data() + block;
  if (!text.empty()) std::memcpy(p, text.data(), text.size());
  const char* end = p + text.size();
  skip_space(p, end);
  Node root = parse_value(p, end, 0);
  skip_space(p, end);
  if (root != kNone && p != end) {
    drop(root);
    root = kNone;
  }
  if (root == kNone) {
    bytes_.release(block, k);
    return kNone;
  }
  nodes_[root].block = block;
  nodes_[root].block_size = static_cast<std::uint8_t>(k);
  return root;
}

void FlatJson::adopt(Node n, std::size_t base) {
  const std::size_t count = stack_.size() - base;
  Slot& slot = nodes_[n];
  slot.len = static_cast<std::uint32_t>(count);
  if (count == 0) return;
  const unsigned k = size_class(count, kLeastKids);
  const std::uint32_t at = kids_.allocate(k);
  std::memcpy(kids_.data() + at, stack_.data() + base, count * sizeof(Kid));
  nodes_[n].at = at;
  nodes_[n].kids_size = static_cast<std::uint8_t>(k);
  stack_.resize(base);
}

FlatJson::Node FlatJson::parse_value(char*& p, const char* end, int depth) {
  if (p >= end || depth > kMaxDepth) return kNone;
  auto literal = [&](std::string_view word, Kind kind) {
    if (static_cast<std::size_t>(end - p) < word.size() || std::string_view(p, word.size()) != word)
      return kNone;
    p += word.size();
    const Node n = make(kind);
    nodes_[n].len = word == "true";
    return n;
  };
  switch (*p) {
    case 'n':
      return literal("null", Kind::null);
    case 't':
      return literal("true", Kind::boolean);
    case 'f':
      return literal("false", Kind::boolean);
    case '"': {
      const std::uint32_t at = offset(p + 1);
      std::uint32_t len = 0;
      if (!read_string(p, end, len)) return kNone;
      const Node n = make(Kind::string);
      nodes_[n].at = at;
      nodes_[n].len = len;
      return n;
    }
    case '[':
    case '{': {
      if (depth > levels_) {
        const char* q = p;
        if (!skip_value(q, end, depth)) return kNone;
        const Node n = make(Kind::text);
        nodes_[n].at = offset(p);
        nodes_[n].len = static_cast<std::uint32_t>(q - p);
        p += q - p;
        return n;
      }
      const bool object = *p == '{';
      const char close = object ? '}' : ']';
      ++p;
      const std::size_t base = stack_.size();
      skip_space(p, end);
      bool ok = p < end && *p == close;
      if (ok) ++p;
      while (!ok) {
        skip_space(p, end);
        std::uint32_t key_at = 0, key_len = 0;
        if (object) {
          key_at = offset(p + 1);
          if (!read_string(p, end, key_len)) break;
          skip_space(p, end);
          if (p >= end || *p++ != ':') break;
          skip_space(p, end);
        }
        const Node child = parse_value(p, end, depth + 1);
        if (child == kNone) break;
        const std::string_view name(bytes_.data() + key_at, key_len);
        set_key(child, name, key_at);
        stack_.push_back({child, object ? hash(name) : std::uint32_t{0}});
        skip_space(p, end);
        if (p < end && *p == ',') {
          ++p;
          continue;
        }
        if (p < end && *p == close) {
          ++p;
          ok = true;
        }
        break;
      }
      if (!ok) {
        for (std::size_t i = base; i < stack_.size(); ++i) drop(stack_[i].node);
        stack_.resize(base);
        return kNone;
      }
      const Node n = make(object ? Kind::object : Kind::array);
      adopt(n, base);
      return n;
    }
    default: {
      const char* q = p;
      if (!read_number(q, end)) return kNone;
      const Node n = make(Kind::number);
      nodes_[n].at = offset(p);
      nodes_[n].len = static_cast<std::uint32_t>(q - p);
      p += q - p;
      return n;
    }
  }
}

void FlatJson::read_text(Node n) {
  // The text was checked when it came, and bytes_ does not move while its pieces are read.
  char* p = bytes_.data() + nodes_[n].at;
  const char* end = p + nodes_[n].len;
  const bool object = *p == '{';
  const char close = object ? '}' : ']';
  ++p;
  const std::size_t base = stack_.size();
  for (;;) {
    skip_space(p, end);
    if (p >= end || *p == close) break;
    std::uint32_t key_at = 0, key_len = 0, h = 0;
    if (object) {
      key_at = offset(p + 1);
      read_string(p, end, key_len);
      h = hash({bytes_.data() + key_at, key_len});
      skip_space(p, end);
      ++p;  // the colon
      skip_space(p, end);
    }
    const Node child = read_checked(p, end);
    set_key(child, {bytes_.data() + key_at, key_len}, key_at);
    stack_.push_back({child, h});
    skip_space(p, end);
    if (p < end && *p == ',') ++p;
  }
  // `n` keeps its place, its name and its block; its text is now its children's.
  Slot& slot = nodes_[n];
  slot.kind = object ? Kind::object : Kind::array;
  slot.at = kNone;
  adopt(n, base);
}

FlatJson::Node FlatJson::read_checked(char*& p, const char* end) {
  Node n = kNone;
  const char* q = p;
  switch (*p) {
    case 'n':
      p += 4;
      return make(Kind::null);
    case 't':
    case 'f':
      n = make(Kind::boolean);
      nodes_[n].len = *p == 't';
      p += *p == 't' ? 4 : 5;
      return n;
    case '"': {
      const std::uint32_t at = offset(p + 1);
      std::uint32_t len = 0;
      read_string(p, end, len);
      n = make(Kind::string);
      nodes_[n].at = at;
      nodes_[n].len = len;
      return n;
    }
    case '[':
    case '{':
      n = make(Kind::text);
      break;
    default:
      n = make(Kind::number);
  }
  skip_checked(q, end);
  nodes_[n].at = offset(p);
  nodes_[n].len = static_cast<std::uint32_t>(q - p);
  p += q - p;
  return n;
}

std::size_t FlatJson::find(Node object, std::string_view key, std::uint32_t h) const {
  const Slot& slot = nodes_[object];
  if (slot.len == 0) return 0;
  const Kid* k = kids(object);
  std::size_t i = 0;
  for (; i < slot.len; ++i)
    if (k[i].hash == h && this->key(k[i].node) == key) break;
  return i;
}

FlatJson::Node FlatJson::member(Node object, std::string_view key) {
  read(object);
  if (object == kNone || nodes_[object].kind != Kind::object) return kNone;
  const std::size_t i = find(object, key, hash(key));
  return i < nodes_[object].len ? kids(object)[i].node : kNone;
}

FlatJson::Node FlatJson::element(Node array, std::size_t index) {
  read(array);
  if (array == kNone || nodes_[array].kind != Kind::array || index >= nodes_[array].len)
    return kNone;
  return kids(array)[index].node;
}

std::string_view FlatJson::string(Node n) const {
  if (n == kNone || nodes_[n].kind != Kind::string) return {};
  return text(n);
}

std::optional<std::int64_t> FlatJson::integer(Node n) const {
  if (n == kNone || nodes_[n].kind != Kind::number) return std::nullopt;
  const std::string_view t = text(n);
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return v;
}

bool FlatJson::is_true(Node n) const {
  return n != kNone && nodes_[n].kind == Kind::boolean && nodes_[n].len != 0;
}

void FlatJson::insert_kid(Node parent, std::size_t index, Kid kid) {
  Slot& slot = nodes_[parent];
  const std::size_t size = slot.len;
  const std::size_t capacity = slot.at == kNone ? 0 : std::size_t{1} << slot.kids_size;
  if (size < capacity) {
    Kid* k = kids_.data() + slot.at;
    std::memmove(k + index + 1, k + index, (size - index) * sizeof(Kid));
    k[index] = kid;
  } else {  // into a block twice as large
    const unsigned size_k = size_class(size + 1, kLeastKids);
    const std::uint32_t at = kids_.allocate(size_k);
    Kid* k = kids_.data() + at;
    if (size > 0) {
      const Kid* old = kids_.data() + slot.at;
      std::memcpy(k, old, index * sizeof(Kid));
      std::memcpy(k + index + 1, old + index, (size - index) * sizeof(Kid));
      kids_.release(slot.at, slot.kids_size);
    }
    k[index] = kid;
    slot.at = at;
    slot.kids_size = static_cast<std::uint8_t>(size_k);
  }
  ++slot.len;
}

void FlatJson::erase_kid(Node parent, std::size_t index) {
  Slot& slot = nodes_[parent];
  Kid* k = kids_.data() + slot.at;
  std::memmove(k + index, k + index + 1, (slot.len - index - 1) * sizeof(Kid));
  --slot.len;
}

std::size_t FlatJson::text_bytes(Node n) const {
  const Slot& slot = nodes_[n];
  switch (slot.kind) {
    case Kind::null:
    case Kind::boolean:
      return 0;
    case Kind::number:
    case Kind::string:
    case Kind::text:
      return slot.len;
    case Kind::array:
    case Kind::object: {
      std::size_t bytes = 0;
      const Kid* k = kids(n);
      for (std::uint32_t i = 0; i < slot.len; ++i)
        bytes += (nodes_[k[i].node].name_len == kLongName ? key(k[i].node).size() : 0) +
                 text_bytes(k[i].node);
      return bytes;
    }
  }
  return 0;
}

FlatJson::Node FlatJson::copy(const FlatJson& from, Node n, std::string_view name) {
  const Node c = make(from.nodes_[n].kind);
  copy_over(c, from, n, name);
  return c;
}

void FlatJson::copy_over(Node c, const FlatJson& from, Node n, std::string_view name) {
  // What `c` held goes back to the pool first: its blocks may then serve the copy at once.
  Slot& slot = nodes_[c];
  if (is_container(slot.kind) && slot.at != kNone) {
    for (std::uint32_t i = 0; i < slot.len; ++i) drop(kids(c)[i].node);
    kids_.release(nodes_[c].at, nodes_[c].kids_size);
  }
  if (nodes_[c].block != kNone) bytes_.release(nodes_[c].block, nodes_[c].block_size);
  nodes_[c] = Slot{};
  nodes_[c].kind = from.nodes_[n].kind;

  const std::size_t bytes = (name.size() > kShortName ? name.size() : 0) + from.text_bytes(n);
  std::uint32_t block = kNone;
  unsigned k = 0;
  if (bytes > 0) {
    k = size_class(bytes, kLeastBytes);
    block = bytes_.allocate(k);
  }
  std::uint32_t cursor = block;
  copy_into(c, from, n, name, cursor);
  nodes_[c].block = block;
  nodes_[c].block_size = static_cast<std::uint8_t>(k);
}

void FlatJson::copy_into(Node c, const FlatJson& from, Node n, std::string_view name,
                         std::uint32_t& cursor) {
  auto put = [&](std::string_view s) {
    const std::uint32_t at = cursor;
    std::memcpy(bytes_.data() + at, s.data(), s.size());
    cursor += static_cast<std::uint32_t>(s.size());
    return at;
  };
  set_key(c, name, name.size() > kShortName ? put(name) : 0);
  const Slot& source = from.nodes_[n];  // another pool: making nodes here does not move it
  switch (source.kind) {
    case Kind::null:
      return;
    case Kind::boolean:
      nodes_[c].len = source.len;
      return;
    case Kind::number:
    case Kind::string:
    case Kind::text:
      nodes_[c].len = source.len;
      nodes_[c].at = source.len > 0 ? put(from.text(n)) : 0;
      return;
    case Kind::array:
    case Kind::object:
      break;
  }
  // The children's nodes first, side by side; then what is below each of them.
  const std::size_t base = stack_.size();
  const Kid* k = from.kids(n);
  for (std::uint32_t i = 0; i < source.len; ++i)
    stack_.push_back({make(from.nodes_[k[i].node].kind), k[i].hash});
  adopt(c, base);
  for (std::uint32_t i = 0; i < source.len; ++i)
    copy_into(kids(c)[i].node, from, k[i].node, from.key(k[i].node), cursor);
}

void FlatJson::dump(Node n, std::string& out) const {
  const Slot& slot = nodes_[n];
  switch (slot.kind) {
    case Kind::null:
      out += "null";
      return;
    case Kind::boolean:
      out += slot.len != 0 ? "true" : "false";
      return;
    case Kind::number:
    case Kind::text:
      out += text(n);
      return;
    case Kind::string:
      write_string(text(n), out);
      return;
    case Kind::array:
    case Kind::object: {
      const bool object = slot.kind == Kind::object;
      out += object ? '{' : '[';
      const std::uint32_t size = slot.len;
      for (std::uint32_t i = 0; i < size; ++i) {
        const Node c = kids(n)[i].node;  // kids_ does not move while dumping
        if (i > 0) out += ',';
        if (object) {
          write_string(key(c), out);
          out += ':';
        }
        dump(c, out);
      }
      out += object ? '}' : ']';
      return;
    }
  }
}

bool FlatJson::apply_patch(Node& root, FlatJson& from, Node ops) {
  if (ops == kNone || from.kind(ops) != Kind::array) return false;
  // Reading an op kept as text may move from's children lists: the ops are taken by index.
  for (std::size_t i = 0; i < from.nodes_[ops].len; ++i)
    if (!apply_op(root, from, from.kids(ops)[i].node)) return false;
  return true;
}

bool FlatJson::apply_op(Node& root, FlatJson& from, Node op) {
  // Reading from's nodes never moves its bytes: the views stay valid.
  const std::string_view name = from.string(from.member(op, "op"));
  const Node path_node = from.member(op, "path");
  if (path_node == kNone || from.kind(path_node) != Kind::string) return false;
  const std::string_view path = from.string(path_node);
  const bool add = name == "add", remove = name == "remove", replace = name == "replace";
  if (!add && !remove && !replace) return false;
  const Node source = remove ? kNone : from.member(op, "value");
  if (!remove && source == kNone) return false;

  if (path.empty()) {  // the whole document
    if (remove) return false;
    if (root == kNone)
      root = copy(from, source);
    else
      copy_over(root, from, source, {});
    return true;
  }
  if (path[0] != '/' || root == kNone) return false;
  // Walk to the parent of the last token.
  Node parent = root;
  std::string_view token;
  for (std::size_t at = 1;;) {
    const std::size_t slash = path.find('/', at);
    token = path.substr(at, slash == std::string_view::npos ? slash : slash - at);
    if (token.find('~') != std::string_view::npos) {
      if (!unescape_token(token, token_)) return false;
      token = token_;
    }
    if (slash == std::string_view::npos) break;
    std::size_t i = 0;
    parent = kind(parent) == Kind::object ? member(parent, token)
             : array_index(token, i)      ? element(parent, i)
                                          : kNone;
    if (parent == kNone) return false;
    at = slash + 1;
  }

  const Kind parent_kind = kind(parent);
  if (parent_kind == Kind::object) {
    const std::uint32_t h = hash(token);
    const std::size_t i = find(parent, token, h);
    const bool found = i < nodes_[parent].len;
    if (!found && !add) return false;
    const Node old = found ? kids(parent)[i].node : kNone;
    if (remove) {
      erase_kid(parent, i);
      drop(old);
      return true;
    }
    if (found) {  // the value takes the old one's node, and its place
      copy_over(old, from, source, token);
      return true;
    }
    insert_kid(parent, i, {copy(from, source, token), h});  // a new member goes last
    return true;
  }
  if (parent_kind != Kind::array) return false;
  const std::size_t size = nodes_[parent].len;
  std::size_t i = size;
  if (!(add && token == "-") && !array_index(token, i)) return false;
  if (add ? i > size : i >= size) return false;
  if (remove) {
    const Node old = kids(parent)[i].node;
    erase_kid(parent, i);
    drop(old);
    return true;
  }
  if (add)
    insert_kid(parent, i, {copy(from, source), 0});
  else
    copy_over(kids(parent)[i].node, from, source, {});
  return true;
}

}  // namespace tortuga::bench
