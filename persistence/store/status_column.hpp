// A match's status as its column holds it, for the backends' reads. The tables allow only the
// three words (a CHECK), so another one is a database edited by hand: the read fails rather than
// guess.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "persistence/store.hpp"

namespace tortuga::store {

inline MatchStatus status_from_column(std::string_view text) {
  if (const std::optional<MatchStatus> status = status_named(text)) return *status;
  throw std::runtime_error("a match status the store does not know: '" + std::string(text) + "'");
}

}  // namespace tortuga::store
