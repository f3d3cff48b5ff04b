#include "rules/core/error.hpp"

#include <cstdint>

#include "rules/core/json_escape.hpp"

namespace tortuga {
namespace {

constexpr std::size_t kQuotedBytes = 40;  // of escaped text between the quotes

// The UTF-8 character at text[i] as JSON escapes it (ASCII only), and its length in bytes; a byte
// that starts no valid character stands for U+FFFD, as a decoder would show it.
std::size_t escape_one(std::string_view text, std::size_t i, std::string& out) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) {
    // DEL too, which JSON allows as it is: the message stays printable.
    if (json_escape::needed(c) || c == 0x7f)
      json_escape::append(out, c);
    else
      out += static_cast<char>(c);
    return 1;
  }
  std::size_t length = 0;
  std::uint32_t point = 0, least = 0;
  if (c >= 0xc2 && c <= 0xdf) length = 2, point = c & 0x1f, least = 0x80;
  if (c >= 0xe0 && c <= 0xef) length = 3, point = c & 0x0f, least = 0x800;
  if (c >= 0xf0 && c <= 0xf4) length = 4, point = c & 0x07, least = 0x10000;
  bool valid = length > 0 && i + length <= text.size();
  for (std::size_t k = 1; valid && k < length; ++k) {
    valid = (byte(i + k) & 0xc0) == 0x80;
    point = point << 6 | (byte(i + k) & 0x3f);
  }
  valid = valid && point >= least && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff);
  if (!valid) {
    json_escape::append_unit(out, 0xfffd);
    return 1;
  }
  if (point < 0x10000) {
    json_escape::append_unit(out, point);
  } else {
    json_escape::append_unit(out, 0xd800 + ((point - 0x10000) >> 10));
    json_escape::append_unit(out, 0xdc00 + ((point - 0x10000) & 0x3ff));
  }
  return length;
}

}  // namespace

std::string quote(std::string_view text) {
  std::string out = "\"", one;
  std::size_t i = 0;
  while (i < text.size()) {
    one.clear();
    const std::size_t length = escape_one(text, i, one);
    if (out.size() - 1 + one.size() > kQuotedBytes) break;
    out += one;
    i += length;
  }
  out += '"';
  if (i < text.size()) out += "...";
  return out;
}

std::string quote_list(std::span<const std::string_view> texts) {
  std::string list;
  for (std::string_view text : texts) list += (list.empty() ? "" : ", ") + quote(text);
  return list;
}

Error not_an_object() {
  return bad_action("an action must be a JSON object");
}

Error missing_field(std::string_view field) {
  return bad_action("missing " + quote(field));
}

Error unexpected_field(std::string_view field) {
  return bad_action("unexpected field " + quote(field));
}

Error unknown_action_type(std::string_view type, std::span<const std::string_view> known) {
  return bad_action("unknown action type " + quote(type) + ": expected one of " +
                    quote_list(known));
}

Error field_must_be(std::string_view field, std::string_view what) {
  return bad_action(quote(field) + " must be " + std::string(what));
}

Error named_twice(std::string_view field, long long value) {
  return bad_action(quote(field) + " names " + std::to_string(value) + " twice");
}

}  // namespace tortuga
