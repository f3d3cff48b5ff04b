// Names follow the documented rule, by Unicode's own properties (protocol/visible_text.hpp): no
// control, format, default-ignorable, private-use or unassigned character, and at least one
// character that shows. The refused examples are those a name once passed with.
#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "protocol/command.hpp"
#include "protocol/visible_text.hpp"

namespace tortuga::protocol {
namespace {

// `s` as UTF-8.
std::string utf8(std::u32string_view s) {
  std::string out;
  for (char32_t c : s) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

Parsed hello(std::u32string_view name) {
  return parse_command(nlohmann::json{{"type", "hello"}, {"name", utf8(name)}}.dump());
}

TEST_CASE("a name holding an invisible or formatting character is refused, naming it") {
  // Each hidden in an otherwise fine name: between letters, where it hides best.
  const char32_t hidden[] = {
      0x061C,   // ARABIC LETTER MARK (Cf)
      0x200C,   // ZERO WIDTH NON-JOINER (Cf, default-ignorable)
      0x200D,   // ZERO WIDTH JOINER
      0x2060,   // WORD JOINER
      0x2062,   // INVISIBLE TIMES
      0x00AD,   // SOFT HYPHEN
      0xE0041,  // TAG LATIN CAPITAL LETTER A
      0x180E,   // MONGOLIAN VOWEL SEPARATOR
      0x3164,   // HANGUL FILLER (Lo, but default-ignorable)
      0x115F,   // HANGUL CHOSEONG FILLER
      0xFFA0,   // HALFWIDTH HANGUL FILLER
      0x200B,   // ZERO WIDTH SPACE
      0x202E,   // RIGHT-TO-LEFT OVERRIDE
      0xFEFF,   // ZERO WIDTH NO-BREAK SPACE
      0x0007,   // BELL (Cc)
      0x2028,   // LINE SEPARATOR (Zl)
      0xE000,   // a private-use character (Co)
      0x0378,   // unassigned (Cn)
      0xFE0F,   // VARIATION SELECTOR-16, after nothing that shows
  };
  for (char32_t c : hidden) {
    CAPTURE(static_cast<unsigned>(c));
    std::u32string name = U"An";
    if (c == 0xFE0F) name = U" ";  // after a space: it selects nothing
    name += c;
    name += U"ne";
    const Parsed p = hello(name);
    REQUIRE_FALSE(p.command.ok());
    CHECK(p.command.error().code == code::kBadField);
    char hex[16];
    std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(c));
    CHECK_MESSAGE(p.command.error().message.find(hex) != std::string::npos,
                  p.command.error().message);
  }
}

TEST_CASE("a name that looks blank is refused: at least one character must show") {
  const std::u32string blank[] = {
      U"\u3164",              // HANGUL FILLER alone
      U"\u115F\u1160",        // Hangul fillers
      U"\u2800",              // BRAILLE PATTERN BLANK
      U"\u2800\u2800\u2800",  //
      U"\u0301",              // COMBINING ACUTE ACCENT alone
      U"\u0301\u0308",        // combining marks alone
      U"\u20DD",              // COMBINING ENCLOSING CIRCLE (Me) alone
      U"\u0903",              // a spacing combining mark (Mc) alone
      U"\u2800 \u2800",       // blank around a space
  };
  for (const auto& name : blank) {
    CAPTURE(utf8(name));
    const Parsed p = hello(name);
    REQUIRE_FALSE(p.command.ok());
    CHECK(p.command.error().code == code::kBadField);
    const bool says_blank = p.command.error().message.find("visible") != std::string::npos;
    const bool names_hidden = p.command.error().message.find("U+") != std::string::npos;
    CHECK_MESSAGE((says_blank || names_hidden), p.command.error().message);
  }
}

TEST_CASE("names in any script, with accents, emoji and their colour selector, are kept") {
  const std::u32string fine[] = {
      U"Anne Bonny",
      U"Ching Shih \u912D\u4E00\u5AC2",         // 鄭一嫂
      U"e\u0301mile",                           // a combining accent on a letter
      U"\u0645\u0631\u064A\u0645",              // Arabic
      U"\uD55C\uAE00",                          // Hangul syllables (not fillers)
      U"\u2764\uFE0F Mary",                     // an emoji drawn in colour
      U"\U0001F3F4 Jack",                       // a flag
      U"\U0001F44D\U0001F3FD",                  // a thumb and its skin tone
      U"\u0928\u092E\u0938\u094D\u0924\u0947",  // Devanagari with its marks
  };
  for (const auto& name : fine) {
    CAPTURE(utf8(name));
    const Parsed p = hello(name);
    REQUIRE_MESSAGE(p.command.ok(), p.command.error().message);
    CHECK(std::get<Hello>(*p.command).name == utf8(name));
  }
  // One variation selector after a character: two could carry hidden bytes.
  CHECK_FALSE(hello(U"\u2764\uFE0F\uFE0F Mary").command.ok());
  CHECK_FALSE(hello(U"\u2764\uFE0E\U000E0100 Mary").command.ok());
}

TEST_CASE("chat lines and a host's reason follow the same rule") {
  for (const char* type : {"chat", "close_room"}) {
    CAPTURE(type);
    const char* field = std::string(type) == "chat" ? "text" : "reason";
    auto with = [&](std::u32string_view text) {
      return parse_command(nlohmann::json{{"type", type}, {"room", 1}, {field, utf8(text)}}.dump());
    };
    CHECK(with(U"Fair winds \u2764\uFE0F").command.ok());
    CHECK_FALSE(with(U"hid\u200Bden").command.ok());
    CHECK_FALSE(with(U"\u3164").command.ok());
    CHECK_FALSE(with(U"\u2800 \u2800").command.ok());
  }
}

}  // namespace
}  // namespace tortuga::protocol
