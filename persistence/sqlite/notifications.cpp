// The SQLite backend's statements on calling players back: settings, links' tokens, the outbox
// and its leases, digests.
#include <algorithm>
#include <utility>

#include "persistence/sqlite/statements.hpp"

namespace tortuga::store::sqlite {

namespace {

constexpr const char* kOutboxColumns =
    "id, player_id, channel, recipient, subject, body, headers, due_ms, tries, state, last_error";

OutboxMessage outbox_row(Query& q) {
  OutboxMessage m;
  m.id = q.int64(0);
  m.player = q.int64(1);
  m.channel = q.text(2) == "webhook" ? Channel::webhook : Channel::email;
  m.recipient = q.text(3);
  m.subject = q.text(4);
  m.body = q.text(5);
  m.headers = q.text(6);
  m.due_ms = q.int64(7);
  m.tries = static_cast<int>(q.int64(8));
  const std::string state = q.text(9);
  m.state = state == "sent"     ? OutboxState::sent
            : state == "failed" ? OutboxState::failed
                                : OutboxState::queued;
  m.last_error = q.text(10);
  return m;
}

}  // namespace

std::optional<NotificationSettings> select_notification_settings(Connection& db,
                                                                 std::int64_t player) {
  auto q = db.query(
      "SELECT email, email_verified, email_unsubscribed, webhook_url, webhook_secret, mode, "
      "language, changes_since_ms, changes, last_digest_ms FROM notification_settings "
      "WHERE player_id = ?1");
  q.bind(1, player);
  if (!q.step()) return std::nullopt;
  NotificationSettings s;
  s.player = player;
  s.email = q.text(0);
  s.email_verified = q.int64(1) != 0;
  s.email_unsubscribed = q.int64(2) != 0;
  s.webhook_url = q.text(3);
  s.webhook_secret = q.text(4);
  s.mode = mode_named(q.text(5)).value_or(NotifyMode::digest);
  s.language = q.text(6);
  s.changes_since_ms = q.int64(7);
  s.changes = static_cast<int>(q.int64(8));
  s.last_digest_ms = q.int64(9);
  return s;
}

bool upsert_notification_settings(Connection& db, const NotificationSettings& s) {
  if (!select_account(db, s.player)) return false;
  db.query(
        "INSERT INTO notification_settings (player_id, email, email_verified, email_unsubscribed, "
        "webhook_url, webhook_secret, mode, language, changes_since_ms, changes, last_digest_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (player_id) DO UPDATE "
        "SET email = excluded.email, email_verified = excluded.email_verified, "
        "email_unsubscribed = excluded.email_unsubscribed, webhook_url = excluded.webhook_url, "
        "webhook_secret = excluded.webhook_secret, mode = excluded.mode, "
        "language = excluded.language, changes_since_ms = excluded.changes_since_ms, "
        "changes = excluded.changes, last_digest_ms = excluded.last_digest_ms")
      .bind(1, s.player)
      .bind(2, s.email)
      .bind(3, std::int64_t{s.email_verified})
      .bind(4, std::int64_t{s.email_unsubscribed})
      .bind(5, s.webhook_url)
      .bind(6, s.webhook_secret)
      .bind(7, std::string(mode_name(s.mode)))
      .bind(8, s.language)
      .bind(9, s.changes_since_ms)
      .bind(10, std::int64_t{s.changes})
      .bind(11, s.last_digest_ms)
      .run();
  return true;
}

void insert_notification_token(Connection& db, const NotificationToken& t) {
  db.query(
        "INSERT INTO notification_tokens (token_hash, player_id, purpose, email, expires_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(1, t.token_hash)
      .bind(2, t.player)
      .bind(3, std::string(purpose_name(t.purpose)))
      .bind(4, t.email)
      .bind(5, t.expires_ms)
      .run();
}

std::optional<NotificationToken> take_notification_token(Connection& db, const std::string& hash,
                                                         std::int64_t now_ms) {
  auto q = db.query(
      "SELECT player_id, purpose, email, expires_ms FROM notification_tokens "
      "WHERE token_hash = ?1");
  q.bind(1, hash);
  if (!q.step()) return std::nullopt;
  NotificationToken t;
  t.token_hash = hash;
  t.player = q.int64(0);
  t.purpose = q.text(1) == "unsubscribe" ? TokenPurpose::unsubscribe : TokenPurpose::verify_email;
  t.email = q.text(2);
  t.expires_ms = q.int64(3);
  if (t.purpose == TokenPurpose::verify_email || t.expires_ms <= now_ms)
    db.query("DELETE FROM notification_tokens WHERE token_hash = ?1").bind(1, hash).run();
  if (t.expires_ms <= now_ms) return std::nullopt;
  return t;
}

std::int64_t insert_outbox_message(Connection& db, const OutboxMessage& m, std::int64_t now_ms) {
  db.query(
        "INSERT INTO notification_outbox (player_id, channel, recipient, subject, body, headers, "
        "state, due_ms, tries, lease_owner, lease_until_ms, last_error, created_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, 0, '', 0, '', ?8)")
      .bind(1, m.player)
      .bind(2, std::string(channel_name(m.channel)))
      .bind(3, m.recipient)
      .bind(4, m.subject)
      .bind(5, m.body)
      .bind(6, m.headers)
      .bind(7, m.due_ms)
      .bind(8, now_ms)
      .run();
  return db.last_id();
}

std::vector<OutboxMessage> claim_notification_rows(Connection& db, const std::string& owner,
                                                   std::int64_t now_ms, std::int64_t lease_ms,
                                                   int limit) {
  // One node's writer is the only one: the UPDATE's own transaction is the claim.
  auto q =
      db.query(std::string("UPDATE notification_outbox SET lease_owner = ?1, lease_until_ms = ?2, "
                           "tries = tries + 1 WHERE id IN (SELECT id FROM notification_outbox "
                           "WHERE state = 'queued' AND due_ms <= ?3 AND lease_until_ms <= ?3 "
                           "ORDER BY due_ms, id LIMIT ?4) RETURNING ") +
               kOutboxColumns);
  q.bind(1, owner).bind(2, now_ms + lease_ms).bind(3, now_ms).bind(4, std::int64_t{limit});
  std::vector<OutboxMessage> out;
  while (q.step()) out.push_back(outbox_row(q));
  return out;
}

bool settle_notification_row(Connection& db, std::int64_t id, const std::string& owner,
                             const Settlement& s) {
  db.query(
        "UPDATE notification_outbox SET state = ?3, due_ms = CASE WHEN ?3 = 'queued' THEN ?4 "
        "ELSE due_ms END, lease_owner = '', lease_until_ms = 0, last_error = ?5 "
        "WHERE id = ?1 AND lease_owner = ?2 AND state = 'queued'")
      .bind(1, id)
      .bind(2, owner)
      .bind(3, std::string(state_name(s.state)))
      .bind(4, s.retry_at_ms)
      .bind(5, s.error)
      .run();
  return db.changes() == 1;
}

std::vector<OutboxMessage> select_outbox(Connection& db, std::int64_t player) {
  auto q = db.query(std::string("SELECT ") + kOutboxColumns +
                    " FROM notification_outbox WHERE player_id = ?1 ORDER BY id");
  q.bind(1, player);
  std::vector<OutboxMessage> out;
  while (q.step()) out.push_back(outbox_row(q));
  return out;
}

OutboxCounts select_outbox_counts(Connection& db) {
  // Each count from its partial index: the sent rows, which stay, are never read.
  auto q = db.query(
      "SELECT (SELECT COUNT(*) FROM notification_outbox WHERE state = 'queued'), "
      "(SELECT COUNT(*) FROM notification_outbox WHERE state = 'failed')");
  q.step();
  return {q.int64(0), q.int64(1)};
}

std::int64_t delete_settled_outbox(Connection& db, std::int64_t created_before_ms) {
  db.query("DELETE FROM notification_outbox WHERE state <> 'queued' AND created_ms < ?1")
      .bind(1, created_before_ms)
      .run();
  return db.changes();
}

std::int64_t delete_expired_tokens(Connection& db, std::int64_t now_ms) {
  db.query("DELETE FROM notification_tokens WHERE expires_ms <= ?1").bind(1, now_ms).run();
  return db.changes();
}

void upsert_digest_entry(Connection& db, const DigestEntry& e) {
  db.query(
        "INSERT INTO notification_digests (player_id, match_id, room_id, game, deadline_ms, "
        "added_ms) VALUES (?1, ?2, ?6, ?3, ?4, ?5) ON CONFLICT (player_id, match_id) DO UPDATE "
        "SET room_id = excluded.room_id, game = excluded.game, deadline_ms = excluded.deadline_ms")
      .bind(1, e.player)
      .bind(2, e.match)
      .bind(3, e.game)
      .bind(4, e.deadline_ms)
      .bind(5, e.added_ms)
      .bind(6, e.room)
      .run();
}

void delete_digest_entry(Connection& db, std::int64_t player, std::int64_t match) {
  db.query("DELETE FROM notification_digests WHERE player_id = ?1 AND match_id = ?2")
      .bind(1, player)
      .bind(2, match)
      .run();
}

std::vector<std::int64_t> select_digests_due(Connection& db, std::int64_t gathered_before_ms,
                                             std::int64_t last_before_ms, int limit) {
  auto q = db.query(
      "SELECT d.player_id FROM notification_digests d JOIN notification_settings s "
      "ON s.player_id = d.player_id WHERE s.last_digest_ms < ?2 GROUP BY d.player_id "
      "HAVING MIN(d.added_ms) <= ?1 ORDER BY MIN(d.added_ms), d.player_id LIMIT ?3");
  q.bind(1, gathered_before_ms).bind(2, last_before_ms).bind(3, std::int64_t{limit});
  std::vector<std::int64_t> out;
  while (q.step()) out.push_back(q.int64(0));
  return out;
}

bool mark_digest_taken(Connection& db, std::int64_t player, std::int64_t now_ms,
                       std::int64_t last_before_ms) {
  db.query(
        "UPDATE notification_settings SET last_digest_ms = ?2 WHERE player_id = ?1 AND "
        "last_digest_ms < ?3")
      .bind(1, player)
      .bind(2, now_ms)
      .bind(3, last_before_ms)
      .run();
  return db.changes() == 1;
}

std::vector<DigestEntry> take_digest_entries(Connection& db, std::int64_t player) {
  auto q = db.query(
      "DELETE FROM notification_digests WHERE player_id = ?1 "
      "RETURNING player_id, match_id, room_id, game, deadline_ms, added_ms");
  q.bind(1, player);
  std::vector<DigestEntry> out;
  while (q.step())
    out.push_back({q.int64(0), q.int64(1), q.int64(2), q.text(3), q.int64(4), q.int64(5)});
  std::sort(out.begin(), out.end(), [](const DigestEntry& a, const DigestEntry& b) {
    return std::pair(a.deadline_ms, a.match) < std::pair(b.deadline_ms, b.match);
  });
  return out;
}

}  // namespace tortuga::store::sqlite
