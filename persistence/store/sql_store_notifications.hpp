// SqlStore's members for calling players back (persistence/notifications.hpp): settings, links'
// tokens, the outbox and its leases, digests. Each is blocking: the notifier calls them from its
// own threads. Included by a backend's store only, after sql_store_impl.hpp.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "persistence/now.hpp"
#include "persistence/store/sql_store_impl.hpp"

namespace tortuga::store {

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<NotificationSettings>>
SqlStore<Connection, Options, SchemaVersion>::notification_settings(std::int64_t player) {
  return parts_->readers.read(
      [&](Connection& db) { return select_notification_settings(db, player); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<void> SqlStore<Connection, Options, SchemaVersion>::save_notification_settings(
    const NotificationSettings& s) {
  return parts_->write_and_wait(
      "save_notification_settings", WriteKind::notification_settings_saved, [&](Connection& db) {
        if (!upsert_notification_settings(db, s))
          throw std::runtime_error("save_notification_settings(" + std::to_string(s.player) +
                                   "): no such account");
      });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<void> SqlStore<Connection, Options, SchemaVersion>::add_notification_token(
    const NotificationToken& t) {
  return parts_->write_and_wait("add_notification_token", WriteKind::notification_token,
                                [&](Connection& db) { insert_notification_token(db, t); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::optional<Redeemed>>
SqlStore<Connection, Options, SchemaVersion>::redeem_notification_token(const std::string& hash,
                                                                        std::int64_t now_ms) {
  std::optional<Redeemed> out;
  Outcome<void> written = parts_->write_and_wait(
      "redeem_notification_token", WriteKind::notification_token, [&](Connection& db) {
        out.reset();
        const auto token = take_notification_token(db, hash, now_ms);
        if (!token) return;
        auto settings = select_notification_settings(db, token->player);
        // A link names the address it was sent to: once the account has another, it does
        // nothing, so that an old mail can neither verify nor unsubscribe the new address.
        if (!settings || settings->email != token->email) return;
        if (token->purpose == TokenPurpose::verify_email)
          settings->email_verified = true;
        else
          settings->email_unsubscribed = true;
        upsert_notification_settings(db, *settings);
        out = Redeemed{token->player, token->purpose, token->email, settings->language};
      });
  if (!written) return written.failure();
  return out;
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::int64_t> SqlStore<Connection, Options, SchemaVersion>::queue_notification(
    const OutboxMessage& m) {
  std::int64_t id = 0;
  Outcome<void> written =
      parts_->write_and_wait("queue_notification", WriteKind::notification_queued,
                             [&](Connection& db) { id = insert_outbox_message(db, m, now_ms()); });
  if (!written) return written.failure();
  return id;
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<OutboxMessage>>
SqlStore<Connection, Options, SchemaVersion>::claim_notifications(const std::string& owner,
                                                                  std::int64_t now_ms,
                                                                  std::int64_t lease_ms,
                                                                  int limit) {
  std::vector<OutboxMessage> out;
  Outcome<void> written = parts_->write_and_wait(
      "claim_notifications", WriteKind::notification_claimed, [&](Connection& db) {
        out = claim_notification_rows(db, owner, now_ms, lease_ms,
                                      std::clamp(limit, 1, kMaxListLimit));
      });
  if (!written) return written.failure();
  std::sort(out.begin(), out.end(), [](const OutboxMessage& a, const OutboxMessage& b) {
    return std::pair(a.due_ms, a.id) < std::pair(b.due_ms, b.id);
  });
  return out;
}

template <class Connection, class Options, int SchemaVersion>
Outcome<bool> SqlStore<Connection, Options, SchemaVersion>::settle_notification(
    std::int64_t id, const std::string& owner, const Settlement& s) {
  bool settled = false;
  Outcome<void> written = parts_->write_and_wait(
      "settle_notification", WriteKind::notification_settled,
      [&](Connection& db) { settled = settle_notification_row(db, id, owner, s); });
  if (!written) return written.failure();
  return settled;
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<OutboxMessage>> SqlStore<Connection, Options, SchemaVersion>::outbox(
    std::int64_t player) {
  return parts_->readers.read([&](Connection& db) { return select_outbox(db, player); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<OutboxCounts> SqlStore<Connection, Options, SchemaVersion>::outbox_counts() {
  return parts_->readers.read([&](Connection& db) { return select_outbox_counts(db); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::int64_t> SqlStore<Connection, Options, SchemaVersion>::prune_notifications(
    std::int64_t keep_ms, std::int64_t now_ms) {
  std::int64_t gone = 0;
  Outcome<void> written = parts_->write_and_wait(
      "prune_notifications", WriteKind::notification_settled, [&](Connection& db) {
        gone = delete_settled_outbox(db, store::now_ms() - keep_ms) +
               delete_expired_tokens(db, now_ms);
      });
  if (!written) return written.failure();
  return gone;
}

template <class Connection, class Options, int SchemaVersion>
Outcome<void> SqlStore<Connection, Options, SchemaVersion>::add_digest_entry(const DigestEntry& e) {
  return parts_->write_and_wait("add_digest_entry", WriteKind::digest_entry,
                                [&](Connection& db) { upsert_digest_entry(db, e); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<void> SqlStore<Connection, Options, SchemaVersion>::remove_digest_entry(
    std::int64_t player, std::int64_t match) {
  return parts_->write_and_wait("remove_digest_entry", WriteKind::digest_entry,
                                [&](Connection& db) { delete_digest_entry(db, player, match); });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<std::vector<std::int64_t>> SqlStore<Connection, Options, SchemaVersion>::digests_due(
    std::int64_t gathered_before_ms, std::int64_t last_before_ms, int limit) {
  return parts_->readers.read([&](Connection& db) {
    return select_digests_due(db, gathered_before_ms, last_before_ms,
                              std::clamp(limit, 1, kMaxListLimit));
  });
}

template <class Connection, class Options, int SchemaVersion>
Outcome<int> SqlStore<Connection, Options, SchemaVersion>::take_digest(
    std::int64_t player, std::int64_t now_ms, std::int64_t last_before_ms,
    const ComposeDigest& compose) {
  int queued = 0;
  Outcome<void> written =
      parts_->write_and_wait("take_digest", WriteKind::digest_taken, [&](Connection& db) {
        queued = 0;
        if (!mark_digest_taken(db, player, now_ms, last_before_ms)) return;
        const auto settings = select_notification_settings(db, player);
        const std::vector<DigestEntry> entries = take_digest_entries(db, player);
        if (!settings || entries.empty()) return;
        for (const OutboxMessage& m : compose(*settings, entries)) {
          insert_outbox_message(db, m, now_ms);
          ++queued;
        }
      });
  if (!written) return written.failure();
  return queued;
}

}  // namespace tortuga::store
