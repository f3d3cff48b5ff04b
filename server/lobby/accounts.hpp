// Accounts and sessions (docs/protocol.md, Accounts): register, login, the player's sessions and
// password, and the operator's reset and disabling (the admin API's).
//
// A password is hashed and checked on the Passwords threads, never on a connection's thread or a
// room's strand; the store's answers come on its writer thread, and what follows them (a welcome
// that resumes seats, reads) is posted to the io_context. A command that answers later holds its
// connection's next message back (`next`, as Lobby::handle says) until it is answered, so that
// what the client sent behind a login finds it welcomed.
//
// Wrong passwords are guesses (Guesses): counted per address and per account, and past a few
// free ones each doubles the wait before that address, or anybody for that account, is heard
// again (too_many_logins, with retry_after_ms). Whether an account exists is not told by a login:
// an unknown name is answered as a wrong password is, after as long (Passwords::verify).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>

#include "persistence/store.hpp"
#include "protocol/command.hpp"
#include "server/access/allowance.hpp"
#include "server/access/passwords.hpp"
#include "server/lobby/guesses.hpp"
#include "server/lobby/signed_in.hpp"
#include "server/room/client.hpp"

namespace tortuga {

class Accounts {
 public:
  using Json = nlohmann::json;
  using Next = std::function<void()>;
  // Welcomes `c` as `player` (its account, if it has one; `token`, its session's) and resumes its
  // seats: the lobby's, as after a hello. On the io_context, never on the store's thread.
  using Welcome = std::function<void(const std::shared_ptr<Client>& c, const Json& re,
                                     const store::Player& player, bool account,
                                     const std::string& token, std::int64_t session)>;
  // The operator's calls are answered with what was done, or why not.
  using Done = std::function<void(Expected<Json>)>;

  Accounts(boost::asio::io_context& io, store::Store& store, Guesses& guesses,
           Allowance& new_players, PasswordSettings passwords, int max_sessions, Welcome welcome);

  // The commands that answer later take the connection's `next`, and call it once answered (a
  // command refused at once leaves it to the caller). The others answer before they return.
  void on(const std::shared_ptr<Client>& c, const Json& re, protocol::Register m, Next& next);
  void on(const std::shared_ptr<Client>& c, const Json& re, protocol::Login m, Next& next);
  void on(const std::shared_ptr<Client>& c, const Json& re, protocol::ChangePassword m, Next& next);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::RevokeSession& m,
          Next& next);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::RevokeOtherSessions& m,
          Next& next);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::ListSessions& m);

  // Whether hello's token may speak: refuses `c` (bad_token, account_disabled) and answers false
  // when not. A hello that speaks marks its session used.
  bool admits(const std::shared_ptr<Client>& c, const Json& re,
              const std::optional<store::SignedIn>& in);
  // The connections that speak for a player (for signing them out).
  SignedIn& signed_in() { return signed_in_; }

  // The operator's: a new password for the account (every session revoked, its connections
  // signed out), and an account disabled (its connections signed out; it may not log in, nor its
  // tokens say hello) or enabled again.
  void reset_password(std::int64_t player, std::string password, Done done);
  void set_disabled(std::int64_t player, bool disabled, Done done);

 private:
  // How long `c` must wait before guessing the password of the account keyed `key`: none, or
  // refused (too_many_logins) and true.
  bool barred(const std::shared_ptr<Client>& c, const Json& re, const std::string& key);
  void guessed_wrong(const std::shared_ptr<Client>& c, const std::string& key);
  // A new session for `account` on `c`'s device, then the welcome.
  void log_in(const std::shared_ptr<Client>& c, const Json& re, const store::Account& account,
              Next next);
  void make_account(const std::shared_ptr<Client>& c, const Json& re, store::NewAccount account,
                    std::string token, Next next);
  // Deletes sessions as `r` says, signs their connections out, then answers `c` with the sessions
  // left (or no_such_session when `r` named one that is not the player's).
  void revoke(const std::shared_ptr<Client>& c, const Json& re, const store::Revocation& r,
              Next next);
  void send_sessions(const std::shared_ptr<Client>& c, const Json& re);
  // Signs out the connections that speak with one of `ids`, telling each its session was revoked.
  void sign_out_sessions(const store::Revoked& ids);
  // Refuses `c` for a full hashing queue.
  void busy(const std::shared_ptr<Client>& c, const Json& re);
  // `then`, on the io_context.
  void later(std::function<void()> then);

  boost::asio::io_context& io_;
  store::Store& store_;
  Guesses& guesses_;
  Allowance& new_players_;
  Welcome welcome_;
  const int max_sessions_;  // per player: a login past it ends the one used longest ago
  SignedIn signed_in_;
  Passwords passwords_;  // last: its threads stop first, before what their work uses
};

}  // namespace tortuga
