// The escapes of a JSON string literal, for the text the project writes without nlohmann: a
// client's text quoted in an error message (quote(), error.hpp) and the load generator's own JSON
// (bench/json_text.cpp). One place, so that the two cannot drift apart. protocol/shape.cpp's
// append_quoted keeps to Json::dump's escapes instead (\b and \f too), since a view's text must be
// the same however it was written.
#pragma once

#include <cstdint>
#include <string>

namespace tortuga::json_escape {

// The bytes a JSON string may not hold as they are: the quote, the backslash and the control
// characters.
constexpr bool needed(unsigned char c) {
  return c < 0x20 || c == '"' || c == '\\';
}

// \uXXXX for one UTF-16 code unit.
inline void append_unit(std::string& out, std::uint32_t unit) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(unit >> shift) & 0xf];
}

// The escape of a byte that needed() refuses as it is: \" \\ \n \r \t, else \u00XX.
inline void append(std::string& out, unsigned char c) {
  switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      append_unit(out, c);
  }
}

}  // namespace tortuga::json_escape
