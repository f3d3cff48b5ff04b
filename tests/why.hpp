// The reason a refusal or a failed Expected carries, or "" when there is none. doctest evaluates
// an assertion's message even when the assertion holds (to print it under -s), so a message must
// never reach into a value that is not there.
#pragma once

#include <string>

#include "rules/core/error.hpp"

namespace tortuga {

inline std::string why(const Refusal& refused) {
  return refused ? refused->message : std::string();
}

template <class T>
std::string why(const Expected<T>& expected) {
  return expected.ok() ? std::string() : expected.error().message;
}

}  // namespace tortuga
