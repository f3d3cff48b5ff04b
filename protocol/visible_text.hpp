// Which characters a name or a chat line may hold, by Unicode's own properties (ICU): text another
// player sees must show what it says, hide nothing and never look blank (docs/protocol.md,
// "hello"). Refused anywhere in it: control characters (Cc), format characters (Cf: text-direction
// marks, zero-width joiners, the soft hyphen, tag characters ...), line and paragraph separators
// (Zl, Zp), private-use and unassigned code points (Co, Cn), and every Default_Ignorable_Code_Point
// (Hangul fillers, the Mongolian vowel separator ...), but for one variation selector right after
// a character that shows (how an emoji is chosen to be drawn in colour). And at least one
// character must show: one that is not white space, a combining mark, a default-ignorable code
// point, nor a character that is drawn blank (U+2800 BRAILLE PATTERN BLANK).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tortuga::protocol {

struct TextFault {
  enum Kind { hidden, blank } kind;
  char32_t code_point = 0;  // the refused character, for `hidden`
};

// `text` is valid UTF-8 (the JSON parser has checked it). None when it may be shown.
std::optional<TextFault> text_fault(std::string_view text);

// Whether `c` is white space (Unicode's White_Space property): what a name is trimmed of.
bool is_white_space(char32_t c);

// Decodes one code point of valid UTF-8 at `i` and advances `i` past it.
char32_t next_code_point(std::string_view s, std::size_t& i);

}  // namespace tortuga::protocol
