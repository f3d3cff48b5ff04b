// Which writes run under a SAVEPOINT of their own inside their batch's transaction: the savepoint
// policy, which each backend states (its store's .cpp), because what a failing statement leaves
// behind is its database's.
//
// A savepoint is what lets a write fail alone while the rest of its batch commits; it costs a
// round trip (or two) each, so a write that cannot need one goes without. An appended action, the
// write made most often, never needs one in either backend and is not asked about.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>

namespace tortuga::store {

enum class Savepoint : bool {
  none,  // the write's failure leaves nothing to undo, and its transaction usable
  own,   // SAVEPOINT before the write; ROLLBACK TO it if the write fails
};

// The writes the store queues, besides an appended action.
enum class WriteKind {
  new_player,
  player_renamed,
  new_match,  // the match and its seats (and, on a cluster, its room's row)
  match_ended,
  seat_replaced,
  chat_line,
  admin_action,
  probe,        // Store::probe_write
  new_account,  // the account, perhaps its player, and its device's session
  session_added,
  session_used,
  sessions_revoked,  // and perhaps the password changed
  account_disabled,
  seat_gone,
  match_rated,  // the match recorded, the ratings and the history: several statements
  ratings_rebuilt,
  correspondence_saved,  // a match's pace and every seat's clock, replacing what was stored
  vacation_saved,
  notification_settings_saved,
  notification_token,  // added, or redeemed with its effect on the settings
  notification_queued,
  notification_claimed,  // several rows leased at once
  notification_settled,
  digest_entry,
  digest_taken,  // the settings' last digest, its entries taken, its messages queued
};
inline constexpr std::size_t kWriteKinds = 25;

// A backend's savepoint policy: the kinds of writes that get a savepoint of their own.
class SavepointPolicy {
 public:
  constexpr SavepointPolicy(std::initializer_list<WriteKind> guarded) {
    for (WriteKind kind : guarded) own_[static_cast<std::size_t>(kind)] = true;
  }
  constexpr Savepoint operator()(WriteKind kind) const {
    return own_[static_cast<std::size_t>(kind)] ? Savepoint::own : Savepoint::none;
  }

 private:
  std::array<bool, kWriteKinds> own_{};
};

}  // namespace tortuga::store
