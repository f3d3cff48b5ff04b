// Accounts: register, login and a password changed (accounts.hpp); the sessions' commands and the
// operator's are in account_sessions.cpp.
#include "server/lobby/accounts.hpp"

#include <algorithm>
#include <utility>

#include <boost/asio/post.hpp>

#include "persistence/token.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/access/account_name.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {
namespace {

// How long a client is told to wait when the hashing queue is full.
constexpr std::int64_t kBusyRetryMs = 1000;

Error weak(const std::string& why) {
  return {code::kWeakPassword,
          why + " (at least " + std::to_string(kMinPasswordLength) +
              " characters, and not the account's name)",
          {{"min_length", kMinPasswordLength}}};
}

const Error kBadLogin{code::kBadLogin, "no account has that name and password"};
const Error kNameTaken{code::kNameTaken,
                       "that name, or one that looks like it, is another account's"};
const Error kStoreDown{code::kStoreUnavailable,
                       "the store cannot be reached now: nothing was changed; try again shortly"};

}  // namespace

Accounts::Accounts(boost::asio::io_context& io, store::Store& store, Guesses& guesses,
                   Allowance& new_players, PasswordSettings passwords, int max_sessions,
                   Welcome welcome)
    : io_(io),
      store_(store),
      guesses_(guesses),
      new_players_(new_players),
      welcome_(std::move(welcome)),
      max_sessions_(max_sessions),
      passwords_(passwords) {}

void Accounts::later(std::function<void()> then) {
  boost::asio::post(io_, std::move(then));
}

void Accounts::busy(const std::shared_ptr<Client>& c, const Json& re) {
  c->send(counted_error(
      code::kPasswordsBusy,
      protocol::event::retry_later(re, code::kPasswordsBusy,
                                   "the server is checking many passwords now: try again shortly",
                                   kBusyRetryMs)));
}

bool Accounts::barred(const std::shared_ptr<Client>& c, const Json& re, const std::string& key) {
  auto by_address = guesses_.barred(Guesses::Kind::password, c->address());
  auto by_account = guesses_.barred(Guesses::Kind::account_password, key);
  if (!by_address && !by_account) return false;
  const auto wait = std::max(by_address.value_or(std::chrono::milliseconds(0)),
                             by_account.value_or(std::chrono::milliseconds(0)));
  c->send(counted_error(
      code::kTooManyLogins,
      protocol::event::retry_later(re, code::kTooManyLogins,
                                   "too many wrong passwords: try again in " +
                                       std::to_string((wait.count() + 999) / 1000) + " s",
                                   wait.count())));
  return true;
}

void Accounts::guessed_wrong(const std::shared_ptr<Client>& c, const std::string& key) {
  guesses_.failed(Guesses::Kind::password, c->address());
  guesses_.failed(Guesses::Kind::account_password, key);
}

// ---- register -------------------------------------------------------------------------------

void Accounts::on(const std::shared_ptr<Client>& c, const Json& re, protocol::Register m,
                  Next& next) {
  if (c->player() != 0 && store_.account(c->player()).value())
    return c->refuse(re, {code::kAlreadyRegistered, "this player has an account already"});
  if (auto why = weak_password(m.password, m.name)) return c->refuse(re, weak(*why));
  store::NewAccount account;
  account.name_key = account_name_key(m.name);
  if (account.name_key.empty())
    return c->refuse(re, {code::kBadField, "field \"name\" cannot be an account's name"});
  if (store_.account_by_key(account.name_key).value()) return c->refuse(re, kNameTaken);
  if (c->player() == 0) {
    // A new player, as a hello without a token makes: counted against its address.
    if (auto wait = new_players_.use(c->address(), Allowance::Clock::now())) {
      server_metrics().limit_refused(Limit::players_per_address);
      return c->send(counted_error(
          code::kTooManyPlayers,
          protocol::event::retry_later(re, code::kTooManyPlayers,
                                       "at most " + std::to_string(new_players_.most()) +
                                           " new players an hour from one address",
                                       wait->count())));
    }
  }
  account.player = c->player();
  account.replaces_session = c->session();
  account.name = std::move(m.name);
  account.label = c->agent();
  auto hashed = [this, c, re, account, next = next](std::string hash) mutable {
    if (hash.empty()) {
      c->refuse(re, {code::kInternal, "the server could not complete that request"});
      return next();
    }
    account.password_hash = std::move(hash);
    std::string token = store::new_token();
    account.token_hash = store::hash_token(token);
    make_account(c, re, std::move(account), std::move(token), std::move(next));
  };
  if (!passwords_.hash(std::move(m.password), std::move(hashed))) return busy(c, re);
  next = nullptr;  // answered later
}

void Accounts::make_account(const std::shared_ptr<Client>& c, const Json& re,
                            store::NewAccount account, std::string token, Next next) {
  const store::Player player{account.player, account.name, account.token_hash, 0};
  store_.create_account(
      account, [this, c, re, player, token = std::move(token),
                next = std::move(next)](const store::Outcome<store::Registered>& made) mutable {
        using Outcome = store::Registered::Outcome;
        if (!made) {
          // Refused: another node's account took the name meanwhile.
          const bool refused = made.failure().kind == store::Failure::Kind::refused;
          c->refuse(re, refused ? kNameTaken : kStoreDown);
        } else if (made->outcome == Outcome::name_taken) {
          c->refuse(re, kNameTaken);
        } else if (made->outcome == Outcome::has_account) {
          c->refuse(re, {code::kAlreadyRegistered, "this player has an account already"});
        } else {
          store::Player p = player;
          p.id = made->player;
          const std::int64_t session = made->session;
          return later([this, c, re, p, token, session, next = std::move(next)] {
            welcome_(c, re, p, true, token, session);
            next();
          });
        }
        next();
      });
}

// ---- login ----------------------------------------------------------------------------------

void Accounts::on(const std::shared_ptr<Client>& c, const Json& re, protocol::Login m, Next& next) {
  const std::string key = account_name_key(m.name);
  if (barred(c, re, key)) return;
  std::optional<store::Account> account = store_.account_by_key(key).value();
  std::optional<std::string> hash;
  if (account) hash = account->password_hash;
  auto checked = [this, c, re, key, account, next = next](bool right) mutable {
    if (!right) {
      guessed_wrong(c, key);
      c->refuse(re, kBadLogin);
      return next();
    }
    if (account->disabled_ms != 0) {
      c->refuse(re, {code::kAccountDisabled, "the server's operator has disabled that account"});
      return next();
    }
    if (c->player() != 0 && c->player() != account->player) {
      c->refuse(re, {code::kBadToken,
                     "this connection already speaks for another player: log in "
                     "on a new connection"});
      return next();
    }
    log_in(c, re, *account, std::move(next));
  };
  if (!passwords_.verify(std::move(hash), std::move(m.password), std::move(checked)))
    return busy(c, re);
  next = nullptr;
}

void Accounts::log_in(const std::shared_ptr<Client>& c, const Json& re,
                      const store::Account& account, Next next) {
  std::string token = store::new_token();
  const std::string hash = store::hash_token(token);
  store_.add_session(account.player, hash, c->agent(), max_sessions_,
                     [this, c, re, account, token = std::move(token), next = std::move(next)](
                         const store::Outcome<store::NewSession>& made) mutable {
                       if (!made) {
                         c->refuse(re, kStoreDown);
                         return next();
                       }
                       const store::Player p{account.player, account.name, "", 0};
                       later([this, c, re, p, token, id = made->session.id, ended = made->ended,
                              next = std::move(next)] {
                         // Past the player's most sessions, those used longest ago ended: their
                         // connections are signed out as a revocation's are.
                         if (!ended.empty()) {
                           server_metrics().sessions_ended_by_login(ended.size());
                           sign_out_sessions(ended);
                         }
                         welcome_(c, re, p, true, token, id);
                         next();
                       });
                     });
}

// ---- a password changed ---------------------------------------------------------------------

void Accounts::on(const std::shared_ptr<Client>& c, const Json& re, protocol::ChangePassword m,
                  Next& next) {
  std::optional<store::Account> account = store_.account(c->player()).value();
  if (!account) return c->refuse(re, {code::kNotRegistered, "a guest has no password to change"});
  if (barred(c, re, account->name_key)) return;
  if (auto why = weak_password(m.new_password, account->name)) return c->refuse(re, weak(*why));
  auto checked = [this, c, re, account = *account, fresh = std::move(m.new_password),
                  next = next](bool right) mutable {
    if (!right) {
      guessed_wrong(c, account.name_key);
      c->refuse(re, kBadLogin);
      return next();
    }
    auto hashed = [this, c, re, player = account.player, next](std::string hash) mutable {
      if (hash.empty()) {
        c->refuse(re, {code::kInternal, "the server could not complete that request"});
        return next();
      }
      revoke(c, re, store::Revocation::all_but(player, c->session(), std::move(hash)),
             std::move(next));
    };
    if (!passwords_.hash(std::move(fresh), std::move(hashed))) {
      busy(c, re);
      next();
    }
  };
  if (!passwords_.verify(account->password_hash, std::move(m.password), std::move(checked)))
    return busy(c, re);
  next = nullptr;
}

}  // namespace tortuga
