// SqlStore's members for accounts and sessions (persistence/accounts.hpp), as sql_store_impl.hpp
// defines the others: writes queued on the writer under the backend's savepoint policy, reads on
// the read pool, the SQL the backend's (accounts.cpp).
//
// Included by sql_store_impl.hpp only.
#pragma once

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "persistence/now.hpp"
#include "persistence/store/sql_store.hpp"

namespace tortuga::store {

// The answer of a write that fills `value` as it runs: the value once committed, else the failure.
template <class T, class Answer>
Done answer_with(std::shared_ptr<T> value, Answer answer) {
  return [value = std::move(value), answer = std::move(answer)](const Outcome<void>& written) {
    answer(written ? Outcome<T>(std::move(*value)) : Outcome<T>(written.failure()));
  };
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::create_account(const NewAccount& account,
                                                                  AccountCreated created) {
  auto made = std::make_shared<Registered>();
  parts_->enqueue(
      WriteKind::new_account,
      [account, made](Connection& db) { *made = insert_account(db, account, now_ms()); },
      answer_with(made, std::move(created)));
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<Account>> SqlStore<Connection, Options, SchemaVersion>::account_by_key(
    const std::string& name_key) {
  return parts_->readers.read([&](Connection& db) { return select_account_by_key(db, name_key); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<Account>> SqlStore<Connection, Options, SchemaVersion>::account(
    std::int64_t player) {
  return parts_->readers.read([&](Connection& db) { return select_account(db, player); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<SignedIn>> SqlStore<Connection, Options, SchemaVersion>::signed_in(
    const std::string& token_hash) {
  return parts_->readers.read([&](Connection& db) { return select_signed_in(db, token_hash); });
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::add_session(std::int64_t player,
                                                               const std::string& token_hash,
                                                               const std::string& label, int most,
                                                               SessionAdded added) {
  auto made = std::make_shared<NewSession>();
  made->session = Session{0, player, label, now_ms(), 0};
  made->session.last_used_ms = made->session.created_ms;
  parts_->enqueue(
      WriteKind::session_added,
      [made, token_hash, most](Connection& db) {
        Session& s = made->session;
        s.id = insert_session(db, s.player, token_hash, s.label, s.created_ms);
        if (most <= 0) return;
        std::vector<Session> held = select_sessions(db, s.player);
        if (held.size() <= static_cast<std::size_t>(most)) return;
        // The new one is kept; of the others, those used longest ago go first.
        std::erase_if(held, [&](const Session& h) { return h.id == s.id; });
        std::sort(held.begin(), held.end(), [](const Session& a, const Session& b) {
          return std::pair(a.last_used_ms, a.id) < std::pair(b.last_used_ms, b.id);
        });
        held.resize(held.size() + 1 - static_cast<std::size_t>(most));
        for (const Session& old : held) {
          const Revoked gone = delete_sessions(db, Revocation::one(s.player, old.id));
          made->ended.insert(made->ended.end(), gone.begin(), gone.end());
        }
      },
      answer_with(made, std::move(added)));
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::touch_session(std::int64_t session,
                                                                 std::int64_t used_ms, Done done) {
  // A session revoked meanwhile is no failure: nothing is left to mark.
  parts_->enqueue(
      WriteKind::session_used,
      [session, used_ms](Connection& db) { update_session_used(db, session, used_ms); },
      std::move(done));
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<Session>> SqlStore<Connection, Options, SchemaVersion>::sessions(
    std::int64_t player) {
  return parts_->readers.read([&](Connection& db) { return select_sessions(db, player); });
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::revoke_sessions(const Revocation& r,
                                                                   SessionsRevoked revoked) {
  auto ids = std::make_shared<Revoked>();
  parts_->enqueue(
      WriteKind::sessions_revoked, [r, ids](Connection& db) { *ids = delete_sessions(db, r); },
      answer_with(ids, std::move(revoked)));
}

template <class Connection, class Options, int SchemaVersion>
void SqlStore<Connection, Options, SchemaVersion>::set_account_disabled(std::int64_t player,
                                                                        std::int64_t disabled_ms,
                                                                        Done done) {
  parts_->enqueue(
      WriteKind::account_disabled,
      [player, disabled_ms](Connection& db) {
        if (!update_account_disabled(db, player, disabled_ms))
          throw std::runtime_error("no account for player " + std::to_string(player));
      },
      std::move(done));
}

}  // namespace tortuga::store
