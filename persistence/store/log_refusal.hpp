// Why a match's log refused an action, in words a caller can act on, the same from every backend.
// A backend's append is one guarded statement that stores the action only if it is the next of a
// running match's log; only when it stored nothing does the backend read where the log stands and
// ask this for the reason.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "persistence/store.hpp"

namespace tortuga::store {

// Where a match's log stands: the match's status, and the seq of its last action (0: none yet).
struct LogEnd {
  MatchStatus status = MatchStatus::running;
  std::int64_t last_seq = 0;
  std::int64_t epoch = 0;  // the match's ownership epoch (PostgreSQL; SQLite's is always 0)
};

// The words that begin the reason for a refusal on a stale epoch: the room has been taken over.
inline constexpr const char* kTakenOver = "the match belongs to another node now";

// `end` is empty for an unknown match.
inline std::string log_refusal(const Action& a, const std::optional<LogEnd>& end) {
  std::string why = "append_action: action (match " + std::to_string(a.match) + ", seq " +
                    std::to_string(a.seq) + ") refused: ";
  if (a.seq < 1) return why + "seq starts at 1";
  if (!end) return why + "no such match";
  if (end->status != MatchStatus::running)
    return why + "the match has ended (" + std::string(status_name(end->status)) + ")";
  if (end->epoch != a.epoch)
    return why + kTakenOver + " (epoch " + std::to_string(end->epoch) + ", not " +
           std::to_string(a.epoch) + ")";
  if (a.seq <= end->last_seq) return why + "already stored";
  if (a.seq != end->last_seq + 1)
    return why + "would leave a gap, the next seq is " + std::to_string(end->last_seq + 1);
  return why + "by the database";
}

}  // namespace tortuga::store
