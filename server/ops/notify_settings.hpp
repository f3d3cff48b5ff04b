// The operator's settings for calling players back (docs/operations.md, "Notifications"): the
// SMTP server mail goes through, whether webhooks may reach private addresses, the outbox's
// retries, the digests' rhythm and the players' limits. Read from the config file's `notify`.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga {

struct NotifySettings {
  // smtp://host:587 (STARTTLS as smtp_tls says) or smtps://host:465; empty: no mail is sent
  // (verification and "your turn" mails wait in the outbox until a server is set).
  std::string smtp_url;
  std::string smtp_from = "Tortuga <tortuga@localhost>";
  std::string smtp_username;
  std::string smtp_password;  // or smtp_password_file, or TORTUGA_SMTP_PASSWORD
  // "required" (the default: STARTTLS or smtps://, else the mail is not sent), "try" (STARTTLS
  // when offered), "none" (plain text: a server on the same machine, or tests).
  std::string smtp_tls = "required";
  // The address players reach this server's pages at, for the links in mails and webhooks
  // (https://play.example.org); empty: http://ADDRESS:PORT.
  std::string public_url;
  // Webhooks to loopback, private, link-local... addresses (and over plain http): off, so that a
  // player's URL never reaches into the operator's own network (docs/security.md).
  bool allow_private_webhooks = false;
  int threads = 1;          // the outbox's sending threads
  int max_tries = 8;        // then the message is given up
  int retry_first_s = 60;   // the pause after the first failed try; each later doubles
  int retry_max_s = 21600;  // up to 6 hours
  int timeout_s = 20;       // one mail or webhook call, connection included
  int lease_s = 120;        // a claimed message is the node's this long (> timeout_s)
  int poll_ms = 2000;       // how often the outbox is looked at for retries and other nodes' rows
  // A digest gathers the turns of this long before it goes, and goes at most once a day.
  int digest_gather_s = 3600;
  int verify_link_hours = 48;         // a verification link works this long
  int unsubscribe_link_days = 90;     // an unsubscribe link this long
  std::size_t max_email_bytes = 254;  // RFC 5321's longest path
  std::size_t max_webhook_url_bytes = 2048;
  int changes_per_hour = 10;  // set_notifications changes per account per hour
  // Messages sent or given up are deleted from the outbox this many days after they were queued,
  // with links whose time is up (an address kept no longer than it serves); 0 keeps them.
  int keep_sent_days = 30;
};

// Reads `notify` of a config file over `s`; an error names `where` and the setting.
Refusal read_notify_settings(const nlohmann::json& j, NotifySettings& s, const std::string& where);

}  // namespace tortuga
