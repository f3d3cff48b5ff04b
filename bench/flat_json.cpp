#include "bench/flat_json.hpp"

#include <charconv>

#include "bench/json_text.hpp"

namespace tortuga::bench {
using namespace json_text;

FlatJson::Node FlatJson::make(Kind kind) {
  Node n = free_;
  if (n != kNone) {
    free_ = nodes_[n].next;
  } else {
    n = static_cast<Node>(nodes_.size());
    nodes_.emplace_back();
  }
  Slot& slot = nodes_[n];
  slot.kind = kind;
  slot.first = slot.next = kNone;
  slot.size = 0;
  slot.key.clear();  // keeps its storage for the next use
  slot.text.clear();
  return n;
}

void FlatJson::release(Node node) {
  if (node == kNone) return;
  stack_.clear();
  stack_.push_back(node);
  while (!stack_.empty()) {
    const Node n = stack_.back();
    stack_.pop_back();
    for (Node c = nodes_[n].first; c != kNone; c = nodes_[c].next) stack_.push_back(c);
    nodes_[n].next = free_;
    free_ = n;
  }
}

FlatJson::Node FlatJson::parse(std::string_view text, int levels) {
  levels_ = levels;
  const char* p = text.data();
  const char* end = p + text.size();
  skip_space(p, end);
  const Node root = parse_value(p, end, 0);
  if (root == kNone) return kNone;
  skip_space(p, end);
  if (p != end) {
    release(root);
    return kNone;
  }
  return root;
}

FlatJson::Node FlatJson::parse_value(const char*& p, const char* end, int depth) {
  if (p >= end || depth > kMaxDepth) return kNone;
  auto literal = [&](std::string_view word, Kind kind) {
    if (static_cast<std::size_t>(end - p) < word.size() || std::string_view(p, word.size()) != word)
      return kNone;
    p += word.size();
    const Node n = make(kind);
    if (kind == Kind::boolean) nodes_[n].text = word;
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
      const Node n = make(Kind::string);
      if (read_string(p, end, nodes_[n].text)) return n;
      release(n);
      return kNone;
    }
    case '[':
    case '{': {
      if (depth > levels_) {
        const char* from = p;
        if (!skip_value(p, end, depth, key_)) return kNone;
        const Node n = make(Kind::text);
        nodes_[n].text.assign(from, p);
        return n;
      }
      const bool object = *p == '{';
      const char close = object ? '}' : ']';
      ++p;
      const Node n = make(object ? Kind::object : Kind::array);
      skip_space(p, end);
      if (p < end && *p == close) {
        ++p;
        return n;
      }
      Node last = kNone;
      for (;;) {
        skip_space(p, end);
        const char* key = p;
        if (object) {
          // Checked here, stored once the value has its node (parsing may move the pool).
          if (!read_string(p, end, key_)) break;
          skip_space(p, end);
          if (p >= end || *p++ != ':') break;
          skip_space(p, end);
        }
        const Node child = parse_value(p, end, depth + 1);
        if (child == kNone) break;
        if (object) read_string(key, end, nodes_[child].key);
        link(n, last, child);
        last = child;
        skip_space(p, end);
        if (p < end && *p == ',') {
          ++p;
          continue;
        }
        if (p < end && *p == close) {
          ++p;
          return n;
        }
        break;
      }
      release(n);
      return kNone;
    }
    default: {
      const char* from = p;
      if (!read_number(p, end)) return kNone;
      const Node n = make(Kind::number);
      nodes_[n].text.assign(from, p);
      return n;
    }
  }
}

void FlatJson::read_text(Node n) {
  // Parsing may move the pool, and with it a short text: it is read from scratch_.
  scratch_.swap(nodes_[n].text);
  const int levels = levels_;
  levels_ = 0;
  const char* p = scratch_.data();
  const Node r = parse_value(p, p + scratch_.size(), 0);
  levels_ = levels;
  if (r == kNone) {  // cannot happen: the text was checked when it came
    nodes_[n].kind = Kind::null;
    return;
  }
  // `r` gives its children to `n`, which keeps its place and name.
  Slot& slot = nodes_[n];
  slot.kind = nodes_[r].kind;
  slot.first = nodes_[r].first;
  slot.size = nodes_[r].size;
  slot.text.clear();
  nodes_[r].first = kNone;
  release(r);
}

FlatJson::Node FlatJson::member(Node object, std::string_view key) {
  read(object);
  if (object == kNone || nodes_[object].kind != Kind::object) return kNone;
  for (Node c = nodes_[object].first; c != kNone; c = nodes_[c].next)
    if (nodes_[c].key == key) return c;
  return kNone;
}

FlatJson::Node FlatJson::element(Node array, std::size_t index) {
  read(array);
  if (array == kNone || nodes_[array].kind != Kind::array) return kNone;
  Node c = nodes_[array].first;
  for (; c != kNone && index > 0; --index) c = nodes_[c].next;
  return c;
}

std::string_view FlatJson::string(Node n) const {
  if (n == kNone || nodes_[n].kind != Kind::string) return {};
  return nodes_[n].text;
}

std::optional<std::int64_t> FlatJson::integer(Node n) const {
  if (n == kNone || nodes_[n].kind != Kind::number) return std::nullopt;
  const std::string& text = nodes_[n].text;
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

bool FlatJson::is_true(Node n) const {
  return n != kNone && nodes_[n].kind == Kind::boolean && nodes_[n].text == "true";
}

FlatJson::Node FlatJson::before(Node parent, Node child) const {
  Node prev = kNone;
  for (Node c = nodes_[parent].first; c != child; c = nodes_[c].next) prev = c;
  return prev;
}

void FlatJson::unlink(Node parent, Node child) {
  const Node prev = before(parent, child);
  (prev == kNone ? nodes_[parent].first : nodes_[prev].next) = nodes_[child].next;
  nodes_[child].next = kNone;
  --nodes_[parent].size;
}

void FlatJson::link(Node parent, Node prev, Node child) {
  Node& at = prev == kNone ? nodes_[parent].first : nodes_[prev].next;
  nodes_[child].next = at;
  at = child;
  ++nodes_[parent].size;
}

FlatJson::Node FlatJson::copy(const FlatJson& from, Node n) {
  const Slot& source = from.nodes_[n];  // another pool: making nodes here does not move it
  const Node c = make(source.kind);
  nodes_[c].text = source.text;
  Node last = kNone;
  for (Node child = source.first; child != kNone; child = from.nodes_[child].next) {
    const Node d = copy(from, child);
    nodes_[d].key = from.nodes_[child].key;
    link(c, last, d);
    last = d;
  }
  return c;
}

void FlatJson::dump(Node n, std::string& out) const {
  const Slot& slot = nodes_[n];
  switch (slot.kind) {
    case Kind::null:
      out += "null";
      return;
    case Kind::boolean:
    case Kind::number:
    case Kind::text:
      out += slot.text;
      return;
    case Kind::string:
      write_string(slot.text, out);
      return;
    case Kind::array:
    case Kind::object: {
      const bool object = slot.kind == Kind::object;
      out += object ? '{' : '[';
      for (Node c = slot.first; c != kNone; c = nodes_[c].next) {
        if (c != slot.first) out += ',';
        if (object) {
          write_string(nodes_[c].key, out);
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
  bool ok = ops != kNone && from.kind(ops) == Kind::array;
  for (Node op = ok ? from.nodes_[ops].first : kNone; op != kNone && ok; op = from.nodes_[op].next)
    ok = apply_op(root, from, op);
  return ok;
}

bool FlatJson::apply_op(Node& root, FlatJson& from, Node op) {
  const std::string_view name = from.string(from.member(op, "op"));
  const Node path_node = from.member(op, "path");
  if (path_node == kNone || from.kind(path_node) != Kind::string) return false;
  const std::string_view path = from.nodes_[path_node].text;
  const bool add = name == "add", remove = name == "remove", replace = name == "replace";
  if (!add && !remove && !replace) return false;
  Node value = kNone;
  if (!remove) {
    const Node source = from.member(op, "value");
    if (source == kNone) return false;
    value = copy(from, source);
  }

  if (path.empty()) {  // the whole document
    if (remove) return false;
    release(root);
    root = value;
    return true;
  }
  if (path[0] != '/') return release(value), false;
  // Walk to the parent of the last token.
  Node parent = root;
  std::size_t at = 1;
  for (;;) {
    const std::size_t slash = path.find('/', at);
    if (!unescape_token(path.substr(at, slash == std::string_view::npos ? slash : slash - at),
                        token_))
      return release(value), false;
    if (slash == std::string_view::npos) break;
    std::size_t i = 0;
    parent = kind(parent) == Kind::object ? member(parent, token_)
             : array_index(token_, i)            ? element(parent, i)
                                                 : kNone;
    if (parent == kNone) return release(value), false;
    at = slash + 1;
  }

  if (kind(parent) == Kind::object) {
    const Node old = member(parent, token_);
    if (old == kNone && !add) return release(value), false;
    if (remove) {
      unlink(parent, old);
      release(old);
      return true;
    }
    nodes_[value].key.swap(token_);
    if (old == kNone) {  // a new member goes last
      Node last = nodes_[parent].first;
      while (last != kNone && nodes_[last].next != kNone) last = nodes_[last].next;
      link(parent, last, value);
      return true;
    }
    const Node prev = before(parent, old);
    unlink(parent, old);
    release(old);
    link(parent, prev, value);
    return true;
  }
  if (kind(parent) != Kind::array) return release(value), false;
  const std::size_t size = nodes_[parent].size;
  std::size_t i = size;
  if (!(add && token_ == "-") && !array_index(token_, i)) return release(value), false;
  if (add ? i > size : i >= size) return release(value), false;
  const Node prev = i == 0 ? kNone : element(parent, i - 1);
  if (!add) {
    const Node old = prev == kNone ? nodes_[parent].first : nodes_[prev].next;
    unlink(parent, old);
    release(old);
  }
  if (!remove) link(parent, prev, value);
  return true;
}

}  // namespace tortuga::bench
