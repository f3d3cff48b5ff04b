// Accounts and sessions, as the store keeps them. A player may hold an account: a name that is
// theirs alone (unique under its key, which the server makes so that look-alike names collide) and
// a password hash. Every token a player holds is a session (one per device): the store keeps the
// token's hash, when the session began and was last used, and a label for people (the browser's
// user agent); deleting the session revokes the token. The store never sees a password, only the
// hash the server made of it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tortuga::store {

struct Account {
  std::int64_t player = 0;
  std::string name;           // as registered
  std::string name_key;       // the name's key (server/access/account_name.hpp): unique
  std::string password_hash;  // Argon2id, in libsodium's string form
  std::int64_t created_ms = 0;
  std::int64_t disabled_ms = 0;  // when the operator disabled it; 0: enabled
};

// A token's session, as its player may read it: never the token nor its hash.
struct Session {
  std::int64_t id = 0;
  std::int64_t player = 0;
  std::string label;
  std::int64_t created_ms = 0;
  std::int64_t last_used_ms = 0;
};

// A new account: for a guest's player, who keeps their id, seats and history (`player`), or for a
// new player (`player` 0). The device that registers gets a new session for `token_hash`, which
// replaces `replaces_session` (the guest's token on that device; 0: none).
struct NewAccount {
  std::int64_t player = 0;
  std::int64_t replaces_session = 0;
  std::string name;
  std::string name_key;
  std::string password_hash;
  std::string token_hash;
  std::string label;
};

struct Registered {
  enum class Outcome { made, name_taken, has_account };
  Outcome outcome = Outcome::made;
  std::int64_t player = 0;  // when made: the player's id, and its new session
  std::int64_t session = 0;
};

// Which of a player's sessions to delete: the one `only` names, or every one but `keep`; and, with
// `password_hash`, the account's password changed in the same transaction.
struct Revocation {
  std::int64_t player = 0;
  std::optional<std::int64_t> only;
  std::int64_t keep = 0;
  std::optional<std::string> password_hash;

  static Revocation one(std::int64_t player, std::int64_t session) {
    Revocation r;
    r.player = player;
    r.only = session;
    return r;
  }
  // Every session but `keep` (0: every one), and the password changed too if `hash` is given.
  static Revocation all_but(std::int64_t player, std::int64_t keep,
                            std::optional<std::string> hash = std::nullopt) {
    Revocation r;
    r.player = player;
    r.keep = keep;
    r.password_hash = std::move(hash);
    return r;
  }
};

// The ids of the sessions deleted.
using Revoked = std::vector<std::int64_t>;

// A login's new session, and those it ended: past the most sessions a player may hold, the ones
// used longest ago (persistence/store.hpp, add_session).
struct NewSession {
  Session session;
  Revoked ended;
};

}  // namespace tortuga::store
