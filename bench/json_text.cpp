#include "bench/json_text.hpp"

#include <array>

#include "rules/core/json_escape.hpp"

namespace tortuga::bench::json_text {
namespace {

// The bytes that end a run of plain characters in a string literal: those JSON escapes. A table,
// for the loops over text that stop at them.
constexpr std::array<bool, 256> kStringStop = [] {
  std::array<bool, 256> stop{};
  for (int c = 0; c < 256; ++c) stop[c] = json_escape::needed(static_cast<unsigned char>(c));
  return stop;
}();

bool stops_string(char c) {
  return kStringStop[static_cast<unsigned char>(c)];
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

template <class Char>
bool read_hex4(Char*& p, const char* end, std::uint32_t& out) {
  if (end - p < 4) return false;
  out = 0;
  for (int i = 0; i < 4; ++i) {
    const int d = hex_digit(*p++);
    if (d < 0) return false;
    out = out * 16 + static_cast<std::uint32_t>(d);
  }
  return true;
}

char* put_utf8(std::uint32_t code, char* out) {
  if (code < 0x80) {
    *out++ = static_cast<char>(code);
  } else if (code < 0x800) {
    *out++ = static_cast<char>(0xc0 | (code >> 6));
    *out++ = static_cast<char>(0x80 | (code & 0x3f));
  } else if (code < 0x10000) {
    *out++ = static_cast<char>(0xe0 | (code >> 12));
    *out++ = static_cast<char>(0x80 | ((code >> 6) & 0x3f));
    *out++ = static_cast<char>(0x80 | (code & 0x3f));
  } else {
    *out++ = static_cast<char>(0xf0 | (code >> 18));
    *out++ = static_cast<char>(0x80 | ((code >> 12) & 0x3f));
    *out++ = static_cast<char>(0x80 | ((code >> 6) & 0x3f));
    *out++ = static_cast<char>(0x80 | (code & 0x3f));
  }
  return out;
}

// The string literal at p: checked and, with `write`, unescaped in place from just after its
// opening quote (`out` is then the end of the value). Without `write` nothing is written.
template <bool write, class Char>
bool scan_string(Char*& p, const char* end, Char*& out) {
  if (p >= end || *p != '"') return false;
  ++p;
  while (p < end && !stops_string(*p)) ++p;  // the common case: no escape at all
  out = p;
  for (;;) {
    if (p >= end || static_cast<unsigned char>(*p) < 0x20) return false;
    if (*p == '"') {
      ++p;
      return true;
    }
    if (*p != '\\') {
      if constexpr (write) *out = *p;
      ++out, ++p;
      continue;
    }
    if (++p >= end) return false;
    char c = 0;
    switch (*p++) {
      case '"':
        c = '"';
        break;
      case '\\':
        c = '\\';
        break;
      case '/':
        c = '/';
        break;
      case 'b':
        c = '\b';
        break;
      case 'f':
        c = '\f';
        break;
      case 'n':
        c = '\n';
        break;
      case 'r':
        c = '\r';
        break;
      case 't':
        c = '\t';
        break;
      case 'u': {
        std::uint32_t code = 0;
        if (!read_hex4(p, end, code)) return false;
        if (code >= 0xd800 && code < 0xdc00) {  // a surrogate pair
          std::uint32_t low = 0;
          if (end - p < 2 || p[0] != '\\' || p[1] != 'u') return false;
          p += 2;
          if (!read_hex4(p, end, low) || low < 0xdc00 || low >= 0xe000) return false;
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        } else if (code >= 0xdc00 && code < 0xe000) {
          return false;
        }
        if constexpr (write) out = put_utf8(code, out);
        continue;
      }
      default:
        return false;
    }
    if constexpr (write) *out = c;
    ++out;
  }
}

}  // namespace

bool read_string(char*& p, const char* end, std::uint32_t& length) {
  char* const value = p + 1;
  char* out = nullptr;
  if (!scan_string<true>(p, end, out)) return false;
  length = static_cast<std::uint32_t>(out - value);
  return true;
}

bool check_string(const char*& p, const char* end) {
  const char* out = nullptr;
  return scan_string<false>(p, end, out);
}

bool read_number(const char*& p, const char* end) {
  auto digits = [&] {
    const char* from = p;
    while (p < end && *p >= '0' && *p <= '9') ++p;
    return p > from;
  };
  if (p < end && *p == '-') ++p;
  if (p < end && *p == '0') {
    ++p;
  } else if (!digits()) {
    return false;
  }
  if (p < end && *p == '.') {
    ++p;
    if (!digits()) return false;
  }
  if (p < end && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p < end && (*p == '+' || *p == '-')) ++p;
    if (!digits()) return false;
  }
  return true;
}

bool skip_value(const char*& p, const char* end, int depth) {
  if (p >= end || depth > kMaxDepth) return false;
  auto literal = [&](std::string_view word) {
    if (static_cast<std::size_t>(end - p) < word.size() || std::string_view(p, word.size()) != word)
      return false;
    p += word.size();
    return true;
  };
  switch (*p) {
    case 'n':
      return literal("null");
    case 't':
      return literal("true");
    case 'f':
      return literal("false");
    case '"':
      return check_string(p, end);
    case '[':
    case '{': {
      const bool object = *p == '{';
      const char close = object ? '}' : ']';
      ++p;
      skip_space(p, end);
      if (p < end && *p == close) return ++p, true;
      for (;;) {
        skip_space(p, end);
        if (object) {
          if (!check_string(p, end)) return false;
          skip_space(p, end);
          if (p >= end || *p++ != ':') return false;
          skip_space(p, end);
        }
        if (!skip_value(p, end, depth + 1)) return false;
        skip_space(p, end);
        if (p < end && *p == ',') {
          ++p;
          continue;
        }
        if (p < end && *p == close) return ++p, true;
        return false;
      }
    }
    default:
      return read_number(p, end);
  }
}

void skip_checked(const char*& p, const char* end) {
  auto skip_string = [&] {
    ++p;
    while (p < end && *p != '"') p += *p == '\\' ? 2 : 1;
    ++p;
  };
  if (p >= end) return;
  if (*p == '"') return skip_string();
  if (*p != '[' && *p != '{') {  // a number or a literal
    while (p < end && *p != ',' && *p != ']' && *p != '}' && *p != ' ' && *p != '\n' &&
           *p != '\r' && *p != '\t')
      ++p;
    return;
  }
  int depth = 0;
  while (p < end) {
    switch (*p) {
      case '"':
        skip_string();
        continue;
      case '[':
      case '{':
        ++depth;
        break;
      case ']':
      case '}':
        if (--depth == 0) {
          ++p;
          return;
        }
        break;
      default:
        break;
    }
    ++p;
  }
}

void write_string(std::string_view s, std::string& out) {
  out += '"';
  for (std::size_t i = 0; i < s.size();) {
    // Runs of characters that need no escape go out whole.
    const std::size_t from = i;
    while (i < s.size() && !stops_string(s[i])) ++i;
    out.append(s.data() + from, i - from);
    if (i == s.size()) break;
    json_escape::append(out, static_cast<unsigned char>(s[i++]));
  }
  out += '"';
}

bool unescape_token(std::string_view token, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] != '~') {
      out += token[i];
    } else if (i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
      out += token[++i] == '1' ? '/' : '~';
    } else {
      return false;
    }
  }
  return true;
}

bool array_index(std::string_view token, std::size_t& index) {
  if (token.empty() || token.size() > 9 || (token.size() > 1 && token[0] == '0')) return false;
  index = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    index = index * 10 + static_cast<std::size_t>(c - '0');
  }
  return true;
}

}  // namespace tortuga::bench::json_text
