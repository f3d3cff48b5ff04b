// Typed errors for everything a client may get wrong. Rules never throw at a client's mistake:
// they return one of these, and the state stays exactly as it was.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include <nlohmann/json.hpp>

namespace tortuga {

// Codes shared by every layer; protocol/ documents them for client authors.
namespace code {
inline constexpr const char* kBadAction = "bad_action";          // malformed action object
inline constexpr const char* kIllegalAction = "illegal_action";  // well formed, forbidden by rules
inline constexpr const char* kNotYourTurn = "not_your_turn";     // the seat may not act now
inline constexpr const char* kMatchOver = "match_over";          // nothing may act any more
inline constexpr const char* kBadOptions = "bad_options";        // match options refused
}  // namespace code

// `code` says what went wrong and is the key a translating client words it by; `message` says it
// in English, for developers and for clients that do not translate. `params` holds the values the
// code's words need (chat_too_long's limit, say), named and typed as docs/protocol.md lists them
// for each code: an object, or null for a code whose words name no value.
struct Error {
  std::string code;
  std::string message;
  nlohmann::json params = nullptr;
};

// A value or the reason there is none. Small on purpose: std::expected is C++23.
template <class T>
class Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}
  Expected(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// The result of an operation with no value: empty when it succeeded.
using Refusal = std::optional<Error>;

inline Error illegal(std::string message) {
  return {code::kIllegalAction, std::move(message)};
}
inline Error bad_action(std::string message) {
  return {code::kBadAction, std::move(message)};
}

// A client's text as it may appear in an error message: a JSON string literal with every quote,
// backslash, control and non-ASCII character escaped, so the message stays printable ASCII and
// says exactly what was sent. Only the first 40 bytes of escaped text are kept, with "..." after
// the closing quote when more was cut, so a hostile client cannot make a message long.
std::string quote(std::string_view text);
std::string quote_list(std::span<const std::string_view> texts);  // "jump", "sail", "pass"

// The one wording of each way an action can be malformed, the same in every game: all bad_action,
// every name and client text put through quote().
Error not_an_object();                           // an action must be a JSON object
Error missing_field(std::string_view field);     // missing "to"
Error unexpected_field(std::string_view field);  // unexpected field "by"
// unknown action type "fly": expected one of "jump", "sail", "pass"
Error unknown_action_type(std::string_view type, std::span<const std::string_view> known);
// "pirate" must be an integer from 0 to 3: `what` says what the field must be
Error field_must_be(std::string_view field, std::string_view what);
Error named_twice(std::string_view field, long long value);  // "cards" names 12 twice

}  // namespace tortuga
