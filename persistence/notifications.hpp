// What the store keeps to call players back (docs/notifications.md): each account's settings, the
// single-use tokens its links carry (kept as hashes), the outbox of messages to send, and the
// matches waiting for each player's next digest. The outbox is how a message survives a restart
// and goes out once on a cluster: a sender claims a row with a lease in one transaction, and only
// the lease's holder may settle it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tortuga::store {

// How a player wants to hear that it is their turn.
enum class NotifyMode { digest, immediate, off };

struct NotificationSettings {
  std::int64_t player = 0;
  std::string email;  // "" for none
  bool email_verified = false;
  bool email_unsubscribed = false;  // by the link in a mail: no more mail until set again
  std::string webhook_url;          // "" for none
  std::string webhook_secret;       // the HMAC key, hex; the server signs with it
  NotifyMode mode = NotifyMode::digest;
  std::string language = "en";
  // The changes counted against the limit per hour: since when, and how many.
  std::int64_t changes_since_ms = 0;
  int changes = 0;
  std::int64_t last_digest_ms = 0;  // when the last digest was queued; 0: never
};

// What a link's token does once redeemed.
enum class TokenPurpose { verify_email, unsubscribe };

struct NotificationToken {
  std::string token_hash;  // hash_token() of the token in the link
  std::int64_t player = 0;
  TokenPurpose purpose = TokenPurpose::verify_email;
  std::string email;  // the address it verifies, or the one it unsubscribes
  std::int64_t expires_ms = 0;
};

// A token redeemed: whose, for what, and whether it changed anything (a link followed twice
// changes nothing the second time, and says so).
struct Redeemed {
  std::int64_t player = 0;
  TokenPurpose purpose = TokenPurpose::verify_email;
  std::string email;
  std::string language;
};

enum class Channel { email, webhook };
enum class OutboxState { queued, sent, failed };

struct OutboxMessage {
  std::int64_t id = 0;  // filled by the store
  std::int64_t player = 0;
  Channel channel = Channel::email;
  std::string recipient;  // an address, or the webhook's URL
  std::string subject;    // email only
  std::string body;       // the mail's text, or the webhook's JSON
  std::string headers;    // email: extra header lines ("Name: value\r\n"...)
  std::int64_t due_ms = 0;
  int tries = 0;  // sending attempts begun, this claim's included
  OutboxState state = OutboxState::queued;
  std::string last_error;
};

// How a claimed message ended: sent, to be tried again at `retry_at_ms`, or given up.
struct Settlement {
  OutboxState state = OutboxState::sent;
  std::int64_t retry_at_ms = 0;  // with queued
  std::string error;

  static Settlement sent() { return {OutboxState::sent, 0, ""}; }
};

// A match waiting for a player, kept for their next digest.
struct DigestEntry {
  std::int64_t player = 0;
  std::int64_t match = 0;
  std::int64_t room = 0;  // where the match is played: what the mail links to
  std::string game;
  std::int64_t deadline_ms = 0;
  std::int64_t added_ms = 0;
};

// Counts of the outbox by state, for the gauges.
struct OutboxCounts {
  std::int64_t queued = 0;
  std::int64_t failed = 0;
};

// Called inside the transaction that takes a player's digest: the messages to queue for these
// entries (none: the digest is dropped, e.g. nowhere to send it).
using ComposeDigest = std::function<std::vector<OutboxMessage>(
    const NotificationSettings& settings, const std::vector<DigestEntry>& entries)>;

// Each enum as the tables and the protocol write it, and back (none for a word that is not one).
constexpr std::string_view mode_name(NotifyMode m) {
  return m == NotifyMode::immediate ? "immediate" : m == NotifyMode::off ? "off" : "digest";
}
constexpr std::optional<NotifyMode> mode_named(std::string_view w) {
  for (NotifyMode m : {NotifyMode::digest, NotifyMode::immediate, NotifyMode::off})
    if (mode_name(m) == w) return m;
  return std::nullopt;
}
constexpr std::string_view purpose_name(TokenPurpose p) {
  return p == TokenPurpose::unsubscribe ? "unsubscribe" : "verify_email";
}
constexpr std::string_view channel_name(Channel c) {
  return c == Channel::webhook ? "webhook" : "email";
}
constexpr std::string_view state_name(OutboxState s) {
  return s == OutboxState::sent ? "sent" : s == OutboxState::failed ? "failed" : "queued";
}

}  // namespace tortuga::store
