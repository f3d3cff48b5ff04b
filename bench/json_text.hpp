// JSON's text, piece by piece, for the load generator's FlatJson: reading and checking strings,
// numbers and whole values, writing strings, and JSON Pointer tokens. A reader takes the position
// `p`, moves it past what it read, and returns false on text that is not JSON.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tortuga::bench::json_text {

inline constexpr int kMaxDepth = 128;  // arrays and objects nested deeper are refused

// For text being read (const char) and text being unescaped in place (char) alike.
template <class Char>
void skip_space(Char*& p, const char* end) {
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
}
// Reads the string literal at p (its opening quote) and unescapes it in place: its value then
// starts just after the quote and is `length` bytes long (an escape is never shorter than what
// it stands for, so the value never overtakes the text still to read).
bool read_string(char*& p, const char* end, std::uint32_t& length);
// Checks the string literal at p and moves past it, changing nothing.
bool check_string(const char*& p, const char* end);
bool read_number(const char*& p, const char* end);
// Checks the value at p and moves past it, building nothing.
bool skip_value(const char*& p, const char* end, int depth);
// Moves past the value at p in text that was checked already, checking nothing.
void skip_checked(const char*& p, const char* end);
// Appends `s` as a string literal.
void write_string(std::string_view s, std::string& out);
// A JSON Pointer token, unescaped (~1 is '/', ~0 is '~'); false on a '~' followed by another.
bool unescape_token(std::string_view token, std::string& out);
// An array index as JSON Pointer writes it: digits, no leading zero.
bool array_index(std::string_view token, std::size_t& index);

}  // namespace tortuga::bench::json_text
