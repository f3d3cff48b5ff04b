// The words of what the server sends to call players back, from the message catalogs in the
// player's language: the mail that verifies an address, "your turn" (a match waiting for the
// player), and the digest (every match waiting for them). Each mail carries a link to each match
// and a one-click unsubscribe link (its body, and the List-Unsubscribe headers of RFC 2369 and
// RFC 8058); a webhook's JSON carries the same text as Discord's `content` and Slack's `text`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "persistence/notifications.hpp"
#include "server/notify/catalog.hpp"

namespace tortuga::notify {

// The server's address for links (NotifySettings::public_url, without a trailing slash).
struct Links {
  std::string base;
  std::string room(std::int64_t room) const;  // the web client's page of the room (its seat)
  std::string verify(const std::string& token) const;
  std::string unsubscribe(const std::string& token) const;
};

struct Turn {
  std::int64_t match = 0;
  std::int64_t room = 0;  // where it is played: what the link opens
  std::string game;
  std::int64_t deadline_ms = 0;  // 0: none
};

store::OutboxMessage verification_mail(const Catalog& words, const store::NotificationSettings& s,
                                       const Links& links, const std::string& token, int hours);

// The messages for `turns` (one: "your turn"; digest: the digest, however many) to each channel
// the player can be reached by: the verified, subscribed address (with `unsubscribe_token`'s
// link) and the webhook. None when neither.
std::vector<store::OutboxMessage> turn_messages(const Catalog& words,
                                                const store::NotificationSettings& s,
                                                const Links& links, const std::vector<Turn>& turns,
                                                bool digest, const std::string& unsubscribe_token,
                                                std::int64_t now_ms);

// Whether the settings reach the player by mail, and by webhook.
bool mail_reaches(const store::NotificationSettings& s);
bool webhook_reaches(const store::NotificationSettings& s);

// Discord takes at most 2000 characters of `content`.
inline constexpr std::size_t kMaxWebhookText = 2000;

}  // namespace tortuga::notify
