// A player's change to their notification settings (set_notifications), checked before anything
// is stored: an address and a webhook URL within their limits and of the right form, a known mode
// and language, and no more changes an hour than the operator allows, each refused with its
// typed error (docs/protocol.md, set_notifications).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "persistence/notifications.hpp"
#include "rules/core/error.hpp"
#include "server/ops/notify_settings.hpp"

namespace tortuga::notify {

struct SettingsChange {
  std::optional<std::string> email;        // "" removes it
  std::optional<std::string> webhook_url;  // "" removes it
  std::optional<store::NotifyMode> mode;
  std::optional<std::string> language;
};

// What a change did, besides the new settings: a verification mail is owed, and the webhook's
// new key (shown to its player this once).
struct Applied {
  store::NotificationSettings settings;
  bool verify_email = false;
  std::optional<std::string> new_webhook_secret;
};

// An address as a mail server takes it: local@domain, no spaces, controls or angle brackets,
// within `max_bytes`.
Refusal check_email(const std::string& email, std::size_t max_bytes);

// Applies `change` to `current` (none: the defaults) at `now_ms`, or refuses it. `language_known`
// says whether a catalog exists for a language.
Expected<Applied> apply_change(std::optional<store::NotificationSettings> current,
                               std::int64_t player, const SettingsChange& change,
                               const NotifySettings& limits, bool language_known,
                               std::int64_t now_ms);

}  // namespace tortuga::notify
