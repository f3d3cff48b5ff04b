// The PostgreSQL backend's statements on calling players back: settings, links' tokens, the
// outbox and its leases, digests. Several nodes share these tables: a claim skips the rows
// another node's transaction holds, and a digest is taken by whichever node marks it first.
#include <algorithm>
#include <utility>

#include "persistence/postgres/statements.hpp"

namespace tortuga::store::postgres {

namespace {

const std::string kOutboxColumns =
    "id, player_id, channel, recipient, subject, body, headers, due_ms, tries, state, last_error";

OutboxMessage outbox_row(const Result& r, int i) {
  OutboxMessage m;
  m.id = r.int64(i, 0);
  m.player = r.int64(i, 1);
  m.channel = r.text(i, 2) == "webhook" ? Channel::webhook : Channel::email;
  m.recipient = r.text(i, 3);
  m.subject = r.text(i, 4);
  m.body = r.text(i, 5);
  m.headers = r.text(i, 6);
  m.due_ms = r.int64(i, 7);
  m.tries = static_cast<int>(r.int64(i, 8));
  const std::string state = r.text(i, 9);
  m.state = state == "sent"     ? OutboxState::sent
            : state == "failed" ? OutboxState::failed
                                : OutboxState::queued;
  m.last_error = r.text(i, 10);
  return m;
}

}  // namespace

std::optional<NotificationSettings> select_notification_settings(Connection& db,
                                                                 std::int64_t player) {
  const Result r = db.query(
      "SELECT email, email_verified, email_unsubscribed, webhook_url, webhook_secret, mode, "
      "language, changes_since_ms, changes, last_digest_ms FROM notification_settings "
      "WHERE player_id = $1",
      player);
  if (r.rows() == 0) return std::nullopt;
  NotificationSettings s;
  s.player = player;
  s.email = r.text(0, 0);
  s.email_verified = r.int64(0, 1) != 0;
  s.email_unsubscribed = r.int64(0, 2) != 0;
  s.webhook_url = r.text(0, 3);
  s.webhook_secret = r.text(0, 4);
  s.mode = mode_named(r.text(0, 5)).value_or(NotifyMode::digest);
  s.language = r.text(0, 6);
  s.changes_since_ms = r.int64(0, 7);
  s.changes = static_cast<int>(r.int64(0, 8));
  s.last_digest_ms = r.int64(0, 9);
  return s;
}

bool upsert_notification_settings(Connection& db, const NotificationSettings& s) {
  if (!select_account(db, s.player)) return false;
  db.query(
      "INSERT INTO notification_settings (player_id, email, email_verified, email_unsubscribed, "
      "webhook_url, webhook_secret, mode, language, changes_since_ms, changes, last_digest_ms) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (player_id) DO UPDATE "
      "SET email = excluded.email, email_verified = excluded.email_verified, "
      "email_unsubscribed = excluded.email_unsubscribed, webhook_url = excluded.webhook_url, "
      "webhook_secret = excluded.webhook_secret, mode = excluded.mode, "
      "language = excluded.language, changes_since_ms = excluded.changes_since_ms, "
      "changes = excluded.changes, last_digest_ms = excluded.last_digest_ms",
      s.player, s.email, std::int64_t{s.email_verified}, std::int64_t{s.email_unsubscribed},
      s.webhook_url, s.webhook_secret, std::string(mode_name(s.mode)), s.language,
      s.changes_since_ms, s.changes, s.last_digest_ms);
  return true;
}

void insert_notification_token(Connection& db, const NotificationToken& t) {
  db.query(
      "INSERT INTO notification_tokens (token_hash, player_id, purpose, email, expires_ms) "
      "VALUES ($1, $2, $3, $4, $5)",
      t.token_hash, t.player, std::string(purpose_name(t.purpose)), t.email, t.expires_ms);
}

std::optional<NotificationToken> take_notification_token(Connection& db, const std::string& hash,
                                                         std::int64_t now_ms) {
  // Locked, so that a verification link followed twice at once is used once.
  const Result r = db.query(
      "SELECT player_id, purpose, email, expires_ms FROM notification_tokens "
      "WHERE token_hash = $1 FOR UPDATE",
      hash);
  if (r.rows() == 0) return std::nullopt;
  NotificationToken t;
  t.token_hash = hash;
  t.player = r.int64(0, 0);
  t.purpose =
      r.text(0, 1) == "unsubscribe" ? TokenPurpose::unsubscribe : TokenPurpose::verify_email;
  t.email = r.text(0, 2);
  t.expires_ms = r.int64(0, 3);
  if (t.purpose == TokenPurpose::verify_email || t.expires_ms <= now_ms)
    if (db.query("DELETE FROM notification_tokens WHERE token_hash = $1", hash).changed() != 1)
      return std::nullopt;
  if (t.expires_ms <= now_ms) return std::nullopt;
  return t;
}

std::int64_t insert_outbox_message(Connection& db, const OutboxMessage& m, std::int64_t now_ms) {
  const Result r = db.query(
      "INSERT INTO notification_outbox (player_id, channel, recipient, subject, body, headers, "
      "state, due_ms, tries, lease_owner, lease_until_ms, last_error, created_ms) "
      "VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7, 0, '', 0, '', $8) RETURNING id",
      m.player, std::string(channel_name(m.channel)), m.recipient, m.subject, m.body, m.headers,
      m.due_ms, now_ms);
  return r.int64(0, 0);
}

std::vector<OutboxMessage> claim_notification_rows(Connection& db, const std::string& owner,
                                                   std::int64_t now_ms, std::int64_t lease_ms,
                                                   int limit) {
  // Rows another node's claim holds are skipped, not waited for: two nodes claiming at once take
  // different messages, and the lease keeps a message claimed after either transaction ends.
  const Result r = db.query(
      "UPDATE notification_outbox SET lease_owner = $1, lease_until_ms = $2, tries = tries + 1 "
      "WHERE id IN (SELECT id FROM notification_outbox WHERE state = 'queued' AND due_ms <= $3 "
      "AND lease_until_ms <= $3 ORDER BY due_ms, id LIMIT $4 FOR UPDATE SKIP LOCKED) "
      "RETURNING " +
          kOutboxColumns,
      owner, now_ms + lease_ms, now_ms, std::int64_t{limit});
  std::vector<OutboxMessage> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(outbox_row(r, i));
  return out;
}

bool settle_notification_row(Connection& db, std::int64_t id, const std::string& owner,
                             const Settlement& s) {
  return db.query(
               "UPDATE notification_outbox SET state = $3, due_ms = CASE WHEN $3 = 'queued' "
               "THEN $4 ELSE due_ms END, lease_owner = '', lease_until_ms = 0, "
               "last_error = $5 WHERE id = $1 AND lease_owner = $2 AND state = 'queued'",
               id, owner, std::string(state_name(s.state)), s.retry_at_ms, s.error)
             .changed() == 1;
}

std::vector<OutboxMessage> select_outbox(Connection& db, std::int64_t player) {
  const Result r = db.query(
      "SELECT " + kOutboxColumns + " FROM notification_outbox WHERE player_id = $1 ORDER BY id",
      player);
  std::vector<OutboxMessage> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(outbox_row(r, i));
  return out;
}

OutboxCounts select_outbox_counts(Connection& db) {
  // Each count from its partial index: the sent rows, which stay, are never read.
  const Result r = db.query(
      "SELECT (SELECT COUNT(*) FROM notification_outbox WHERE state = 'queued'), "
      "(SELECT COUNT(*) FROM notification_outbox WHERE state = 'failed')");
  return {r.int64(0, 0), r.int64(0, 1)};
}

std::int64_t delete_settled_outbox(Connection& db, std::int64_t created_before_ms) {
  return db
      .query("DELETE FROM notification_outbox WHERE state <> 'queued' AND created_ms < $1",
             created_before_ms)
      .changed();
}

std::int64_t delete_expired_tokens(Connection& db, std::int64_t now_ms) {
  return db.query("DELETE FROM notification_tokens WHERE expires_ms <= $1", now_ms).changed();
}

void upsert_digest_entry(Connection& db, const DigestEntry& e) {
  db.query(
      "INSERT INTO notification_digests (player_id, match_id, room_id, game, deadline_ms, "
      "added_ms) VALUES ($1, $2, $6, $3, $4, $5) ON CONFLICT (player_id, match_id) DO UPDATE "
      "SET room_id = excluded.room_id, game = excluded.game, deadline_ms = excluded.deadline_ms",
      e.player, e.match, e.game, e.deadline_ms, e.added_ms, e.room);
}

void delete_digest_entry(Connection& db, std::int64_t player, std::int64_t match) {
  db.query("DELETE FROM notification_digests WHERE player_id = $1 AND match_id = $2", player,
           match);
}

std::vector<std::int64_t> select_digests_due(Connection& db, std::int64_t gathered_before_ms,
                                             std::int64_t last_before_ms, int limit) {
  const Result r = db.query(
      "SELECT d.player_id FROM notification_digests d JOIN notification_settings s "
      "ON s.player_id = d.player_id WHERE s.last_digest_ms < $2 GROUP BY d.player_id "
      "HAVING MIN(d.added_ms) <= $1 ORDER BY MIN(d.added_ms), d.player_id LIMIT $3",
      gathered_before_ms, last_before_ms, std::int64_t{limit});
  std::vector<std::int64_t> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(r.int64(i, 0));
  return out;
}

bool mark_digest_taken(Connection& db, std::int64_t player, std::int64_t now_ms,
                       std::int64_t last_before_ms) {
  // The row's lock orders two nodes taking one digest: the second sees the first's mark and
  // changes nothing.
  return db.query(
               "UPDATE notification_settings SET last_digest_ms = $2 WHERE player_id = $1 "
               "AND last_digest_ms < $3",
               player, now_ms, last_before_ms)
             .changed() == 1;
}

std::vector<DigestEntry> take_digest_entries(Connection& db, std::int64_t player) {
  const Result r = db.query(
      "DELETE FROM notification_digests WHERE player_id = $1 "
      "RETURNING player_id, match_id, room_id, game, deadline_ms, added_ms",
      player);
  std::vector<DigestEntry> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(
        {r.int64(i, 0), r.int64(i, 1), r.int64(i, 2), r.text(i, 3), r.int64(i, 4), r.int64(i, 5)});
  std::sort(out.begin(), out.end(), [](const DigestEntry& a, const DigestEntry& b) {
    return std::pair(a.deadline_ms, a.match) < std::pair(b.deadline_ms, b.match);
  });
  return out;
}

}  // namespace tortuga::store::postgres
