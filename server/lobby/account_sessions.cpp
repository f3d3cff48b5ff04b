// Accounts: the player's sessions (listed, revoked), a hello's token admitted or not, and the
// operator's reset and disabling (accounts.hpp).
#include <algorithm>
#include <utility>

#include "persistence/now.hpp"
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/lobby/accounts.hpp"
#include "server/ops/log.hpp"

namespace tortuga {
namespace {

// What a connection is told as its session ends.
Message revoked_message() {
  return std::make_shared<const std::string>(counted_error(
      code::kBadToken, protocol::event::error(nullptr, code::kBadToken,
                                              "this device's session was revoked: log in again")));
}

Message disabled_message() {
  return std::make_shared<const std::string>(
      counted_error(code::kAccountDisabled,
                    protocol::event::error(nullptr, code::kAccountDisabled,
                                           "the server's operator has disabled this account")));
}

}  // namespace

bool Accounts::admits(const std::shared_ptr<Client>& c, const Json& re,
                      const std::optional<store::SignedIn>& in) {
  if (!in) {
    c->refuse(re, {code::kBadToken, "that token belongs to no player"});
    return false;
  }
  if (in->account && in->account->disabled_ms != 0) {
    c->refuse(re, {code::kAccountDisabled, "the server's operator has disabled this account"});
    return false;
  }
  store_.touch_session(in->session.id, store::now_ms(), nullptr);
  return true;
}

void Accounts::on(const std::shared_ptr<Client>& c, const Json& re, const protocol::ListSessions&) {
  send_sessions(c, re);
}

void Accounts::send_sessions(const std::shared_ptr<Client>& c, const Json& re) {
  Json list = Json::array();
  for (const store::Session& s : store_.sessions(c->player()).value())
    list.push_back({{"id", s.id},
                    {"label", s.label},
                    {"created_ms", s.created_ms},
                    {"last_used_ms", s.last_used_ms},
                    {"current", s.id == c->session()}});
  c->send(protocol::event::sessions(re, list));
}

void Accounts::on(const std::shared_ptr<Client>& c, const Json& re,
                  const protocol::RevokeSession& m, Next& next) {
  revoke(c, re, store::Revocation::one(c->player(), m.session), std::exchange(next, nullptr));
}

void Accounts::on(const std::shared_ptr<Client>& c, const Json& re,
                  const protocol::RevokeOtherSessions&, Next& next) {
  revoke(c, re, store::Revocation::all_but(c->player(), c->session()),
         std::exchange(next, nullptr));
}

void Accounts::revoke(const std::shared_ptr<Client>& c, const Json& re, const store::Revocation& r,
                      Next next) {
  store_.revoke_sessions(r, [this, c, re, only = r.only, next = std::move(next)](
                                const store::Outcome<store::Revoked>& revoked) mutable {
    if (!revoked) {
      c->refuse(re, {code::kStoreUnavailable,
                     "the store cannot be reached now: nothing was changed; try again shortly"});
      return next();
    }
    if (only && revoked->empty()) {
      c->refuse(re, {code::kNoSuchSession, "the player has no session " + std::to_string(*only)});
      return next();
    }
    later([this, c, re, ids = *revoked, next = std::move(next)] {
      // The answer first: a connection whose own session went is closed behind it.
      try {
        send_sessions(c, re);
      } catch (const store::Unavailable&) {
        // The sessions are revoked; only the list of those left could not be read.
        c->refuse(re, {code::kStoreUnavailable,
                       "the sessions were revoked, but the store cannot list those left now"});
      }
      sign_out_sessions(ids);
      next();
    });
  });
}

void Accounts::sign_out_sessions(const store::Revoked& ids) {
  signed_in_.sign_out(
      [&](std::int64_t, std::int64_t session) {
        return std::find(ids.begin(), ids.end(), session) != ids.end();
      },
      revoked_message());
}

// ---- the operator's -------------------------------------------------------------------------

void Accounts::reset_password(std::int64_t player, std::string password, Done done) {
  std::optional<store::Account> account = store_.account(player).value();
  if (!account) return done(Error{code::kNotRegistered, "player has no account"});
  if (auto why = weak_password(password, account->name))
    return done(Error{code::kWeakPassword, *why});
  auto hashed = [this, player, done](std::string hash) {
    if (hash.empty()) return done(Error{code::kInternal, "the password could not be hashed"});
    store_.revoke_sessions(store::Revocation::all_but(player, 0, std::move(hash)),
                           [this, player, done](const store::Outcome<store::Revoked>& revoked) {
                             if (!revoked)
                               return done(Error{code::kStoreUnavailable, revoked.failure().why});
                             const std::size_t closed = signed_in_.sign_out(
                                 [&](std::int64_t who, std::int64_t) { return who == player; },
                                 revoked_message());
                             done(Json{{"player", player},
                                       {"sessions_revoked", revoked->size()},
                                       {"connections_closed", closed}});
                           });
  };
  if (!passwords_.hash(std::move(password), std::move(hashed)))
    done(Error{code::kPasswordsBusy, "the server is hashing many passwords now: try again"});
}

void Accounts::set_disabled(std::int64_t player, bool disabled, Done done) {
  store_.set_account_disabled(
      player, disabled ? store::now_ms() : 0,
      [this, player, disabled, done](const store::Outcome<void>& written) {
        if (!written) {
          const bool none = written.failure().kind == store::Failure::Kind::refused;
          return done(none ? Error{code::kNotRegistered, "player has no account"}
                           : Error{code::kStoreUnavailable, written.failure().why});
        }
        std::size_t closed = 0;
        if (disabled)
          closed = signed_in_.sign_out(
              [&](std::int64_t who, std::int64_t) { return who == player; }, disabled_message());
        done(Json{{"player", player}, {"disabled", disabled}, {"connections_closed", closed}});
      });
}

}  // namespace tortuga
