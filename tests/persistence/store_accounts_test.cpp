// Accounts and sessions in both stores (persistence/accounts.hpp): one name key per account, a
// guest who registers keeping their player, every token a session, revocation, password changes
// and disabled accounts.
#include <doctest/doctest.h>

#include <future>

#include "persistence/token.hpp"
#include "tests/persistence/helpers.hpp"

using namespace tortuga::store;
using tortuga::store::test::await;
using tortuga::store::test::refused;

namespace {

template <class T, class Start>
Outcome<T> answer(Start&& start) {
  auto promise = std::make_shared<std::promise<Outcome<T>>>();
  auto future = promise->get_future();
  start([promise](const Outcome<T>& outcome) { promise->set_value(outcome); });
  return future.get();
}

NewAccount account_named(const std::string& name, const std::string& key,
                         const std::string& token) {
  NewAccount a;
  a.name = name;
  a.name_key = key;
  a.password_hash = "$argon2id$hash-of-" + name;
  a.token_hash = hash_token(token);
  a.label = "Firefox on a phone";
  return a;
}

template <class S>
Registered registered(S& store, const NewAccount& a) {
  return answer<Registered>([&](AccountCreated done) { store.create_account(a, done); }).value();
}

// A login's new session for `token`, the player holding at most `most` (0: any number).
template <class S>
NewSession logged_in(S& store, std::int64_t player, const std::string& token,
                     const std::string& label = "", int most = 0) {
  return answer<NewSession>([&](SessionAdded done) {
           store.add_session(player, hash_token(token), label, most, done);
         })
      .value();
}

}  // namespace

STORE_TEST("an account made afresh is a new player, signed in by its first session") {
  Backend db;
  auto store = db.open();
  const Registered made = registered(*store, account_named("Anne", "anne", "t1"));
  REQUIRE(made.outcome == Registered::Outcome::made);
  CHECK(made.player > 0);
  CHECK(made.session > 0);

  const auto in = store->signed_in(hash_token("t1")).value();
  REQUIRE(in);
  CHECK(in->player.id == made.player);
  CHECK(in->player.name == "Anne");
  CHECK(in->session.id == made.session);
  CHECK(in->session.label == "Firefox on a phone");
  REQUIRE(in->account);
  CHECK(in->account->name_key == "anne");
  CHECK(in->account->password_hash == "$argon2id$hash-of-Anne");
  CHECK(in->account->disabled_ms == 0);
  CHECK(store->account_by_key("anne").value()->player == made.player);
  CHECK(store->account(made.player).value()->name == "Anne");
  CHECK(store->player_by_token_hash(hash_token("t1")).value()->id == made.player);
}

STORE_TEST("a name key is one account's: the second is answered name_taken, nothing stored") {
  Backend db;
  auto store = db.open();
  registered(*store, account_named("Anne", "anne", "t1"));
  const Player guest = store->create_player("Guest", hash_token("g")).value();
  NewAccount again = account_named("ANNE", "anne", "t2");
  again.player = guest.id;
  CHECK(registered(*store, again).outcome == Registered::Outcome::name_taken);
  CHECK(registered(*store, account_named("Аnne", "anne", "t3")).outcome ==
        Registered::Outcome::name_taken);
  CHECK_FALSE(store->signed_in(hash_token("t2")).value());
  CHECK_FALSE(store->signed_in(hash_token("t3")).value());
  CHECK_FALSE(store->account(guest.id).value());
  CHECK(store->player(guest.id).value()->name == "Guest");
}

STORE_TEST("a guest who registers keeps the player; the device's guest token is replaced") {
  Backend db;
  auto store = db.open();
  const Player guest = store->create_player("Mary", hash_token("guest")).value();
  const auto before = store->signed_in(hash_token("guest")).value();
  REQUIRE(before);
  CHECK_FALSE(before->account);
  NewAccount a = account_named("Mary Read", "mary read", "account");
  a.player = guest.id;
  a.replaces_session = before->session.id;
  const Registered made = registered(*store, a);
  REQUIRE(made.outcome == Registered::Outcome::made);
  CHECK(made.player == guest.id);
  CHECK_FALSE(store->signed_in(hash_token("guest")).value());
  CHECK(store->signed_in(hash_token("account")).value()->player.name == "Mary Read");
  CHECK(store->sessions(guest.id).value().size() == 1);
  // A player has one account.
  NewAccount twice = account_named("Mary", "mary", "again");
  twice.player = guest.id;
  CHECK(registered(*store, twice).outcome == Registered::Outcome::has_account);
  CHECK(store->account(guest.id).value()->name_key == "mary read");
}

STORE_TEST("sessions: added, listed oldest first, touched, revoked one or all others") {
  Backend db;
  auto store = db.open();
  const Registered made = registered(*store, account_named("Anne", "anne", "laptop"));
  const Session phone = logged_in(*store, made.player, "phone", "phone").session;
  const Session tablet = logged_in(*store, made.player, "tablet").session;
  CHECK(phone.player == made.player);
  CHECK(phone.last_used_ms == phone.created_ms);
  auto listed = store->sessions(made.player).value();
  REQUIRE(listed.size() == 3);
  CHECK(listed[0].id == made.session);
  CHECK(listed[1].label == "phone");
  CHECK(listed[2].id == tablet.id);

  CHECK(await([&](Done d) { store->touch_session(phone.id, phone.created_ms + 5000, d); }).ok);
  CHECK(store->signed_in(hash_token("phone")).value()->session.last_used_ms ==
        phone.created_ms + 5000);

  const auto one = Revocation::one(made.player, phone.id);
  CHECK(answer<Revoked>([&](SessionsRevoked d) { store->revoke_sessions(one, d); }).value() ==
        Revoked{phone.id});
  CHECK_FALSE(store->signed_in(hash_token("phone")).value());
  CHECK_FALSE(store->player_by_token_hash(hash_token("phone")).value());
  // Another player's session is not revoked by naming it.
  const Player other = store->create_player("Other", hash_token("other")).value();
  const auto others = store->signed_in(hash_token("other")).value()->session.id;
  const auto not_theirs = Revocation::one(made.player, others);
  CHECK(answer<Revoked>([&](SessionsRevoked d) { store->revoke_sessions(not_theirs, d); })
            .value()
            .empty());
  CHECK(store->signed_in(hash_token("other")).value()->player.id == other.id);

  const auto all_but = Revocation::all_but(made.player, made.session);
  CHECK(answer<Revoked>([&](SessionsRevoked d) { store->revoke_sessions(all_but, d); }).value() ==
        Revoked{tablet.id});
  CHECK(store->sessions(made.player).value().size() == 1);
  CHECK(store->signed_in(hash_token("laptop")).value());
}

STORE_TEST("a password change revokes the other sessions in the same write") {
  Backend db;
  auto store = db.open();
  const Registered made = registered(*store, account_named("Anne", "anne", "laptop"));
  logged_in(*store, made.player, "phone");
  const auto change = Revocation::all_but(made.player, made.session, "$argon2id$new");
  CHECK(answer<Revoked>([&](SessionsRevoked d) { store->revoke_sessions(change, d); })
            .value()
            .size() == 1);
  CHECK(store->account(made.player).value()->password_hash == "$argon2id$new");
  CHECK_FALSE(store->signed_in(hash_token("phone")).value());
  // A guest has no password to change: refused, and their session stays.
  const Player guest = store->create_player("Guest", hash_token("g")).value();
  const auto guests = Revocation::all_but(guest.id, 0, "$argon2id$x");
  CHECK(refused(answer<Revoked>([&](SessionsRevoked d) { store->revoke_sessions(guests, d); })));
  CHECK(store->signed_in(hash_token("g")).value());
}

STORE_TEST("a disabled account's tokens find no player; enabled again, they do") {
  Backend db;
  auto store = db.open();
  const Registered made = registered(*store, account_named("Anne", "anne", "laptop"));
  CHECK(await([&](Done d) { store->set_account_disabled(made.player, 1234, d); }).ok);
  CHECK_FALSE(store->player_by_token_hash(hash_token("laptop")).value());
  // signed_in still says whose it is, so that the server can say why it refuses.
  CHECK(store->signed_in(hash_token("laptop")).value()->account->disabled_ms == 1234);
  CHECK(await([&](Done d) { store->set_account_disabled(made.player, 0, d); }).ok);
  CHECK(store->player_by_token_hash(hash_token("laptop")).value()->id == made.player);
  const Player guest = store->create_player("Guest", hash_token("g")).value();
  CHECK_FALSE(await([&](Done d) { store->set_account_disabled(guest.id, 1, d); }).ok);
}

STORE_TEST("a player's first token is a session, and still one after a restart") {
  Backend db;
  std::int64_t id = 0;
  {
    auto store = db.open();
    id = store->create_player("Anne", hash_token("first")).value().id;
  }
  auto store = db.open();
  const auto in = store->signed_in(hash_token("first")).value();
  REQUIRE(in);
  CHECK(in->player.id == id);
  CHECK(store->sessions(id).value().size() == 1);
}

STORE_TEST("past the most sessions a player may hold, a login ends those used longest ago") {
  Backend db;
  auto store = db.open();
  const Registered made = registered(*store, account_named("Anne", "anne", "laptop"));
  const Session phone = logged_in(*store, made.player, "phone", "", 3).session;
  CHECK(logged_in(*store, made.player, "tablet", "", 3).ended.empty());
  // The laptop, the oldest, was used last: the phone is the one used longest ago.
  CHECK(await([&](Done d) { store->touch_session(made.session, phone.created_ms + 9000, d); }).ok);
  const NewSession fourth = logged_in(*store, made.player, "desk", "", 3);
  CHECK(fourth.ended == Revoked{phone.id});
  CHECK_FALSE(store->signed_in(hash_token("phone")).value());
  CHECK(store->signed_in(hash_token("laptop")).value());
  CHECK(store->signed_in(hash_token("desk")).value()->session.id == fourth.session.id);
  CHECK(store->sessions(made.player).value().size() == 3);
  // A bound lowered meanwhile: every session past it ends at the next login, never the new one.
  const NewSession only = logged_in(*store, made.player, "kiosk", "", 1);
  CHECK(only.ended.size() == 3);
  const auto left = store->sessions(made.player).value();
  REQUIRE(left.size() == 1);
  CHECK(left[0].id == only.session.id);
  // No bound: nothing ends.
  CHECK(logged_in(*store, made.player, "phone again").ended.empty());
  CHECK(store->sessions(made.player).value().size() == 2);
}
