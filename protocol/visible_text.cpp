#include "protocol/visible_text.hpp"

#include <unicode/uchar.h>

namespace tortuga::protocol {
namespace {

bool is_variation_selector(char32_t c) {
  return u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_VARIATION_SELECTOR);
}

// Characters that are assigned, not ignorable, not marks, and yet drawn as nothing at all.
bool drawn_blank(char32_t c) {
  return c == 0x2800;  // BRAILLE PATTERN BLANK
}

bool hidden(char32_t c) {
  const UChar32 u = static_cast<UChar32>(c);
  switch (u_charType(u)) {
    case U_CONTROL_CHAR:         // Cc
    case U_FORMAT_CHAR:          // Cf
    case U_LINE_SEPARATOR:       // Zl
    case U_PARAGRAPH_SEPARATOR:  // Zp
    case U_PRIVATE_USE_CHAR:     // Co
    case U_UNASSIGNED:           // Cn
    case U_SURROGATE:            // Cs (never in valid UTF-8)
      return true;
    default:
      return u_hasBinaryProperty(u, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
  }
}

bool shows(char32_t c) {
  const UChar32 u = static_cast<UChar32>(c);
  const auto type = u_charType(u);
  if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK || type == U_COMBINING_SPACING_MARK)
    return false;
  return !is_white_space(c) && !hidden(c) && !drawn_blank(c);
}

}  // namespace

bool is_white_space(char32_t c) {
  return u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_WHITE_SPACE);
}

char32_t next_code_point(std::string_view s, std::size_t& i) {
  auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(i);
  if (c < 0x80) {
    ++i;
    return c;
  }
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
  char32_t cp = c & (0x3F >> extra);
  for (int k = 1; k <= extra && i + k < s.size(); ++k) cp = (cp << 6) | (b(i + k) & 0x3F);
  i += extra + 1;
  return cp;
}

std::optional<TextFault> text_fault(std::string_view text) {
  bool visible = false;
  bool after_shown = false;  // the character before shows: a variation selector may follow it
  for (std::size_t i = 0; i < text.size();) {
    const char32_t c = next_code_point(text, i);
    if (is_variation_selector(c) && after_shown) {
      after_shown = false;  // one only: a run of them could carry hidden data
      continue;
    }
    if (hidden(c)) return TextFault{TextFault::hidden, c};
    after_shown = shows(c);
    visible = visible || after_shown;
  }
  if (!visible) return TextFault{TextFault::blank};
  return std::nullopt;
}

}  // namespace tortuga::protocol
