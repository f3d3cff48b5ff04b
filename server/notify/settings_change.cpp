#include "server/notify/settings_change.hpp"

#include "protocol/codes.hpp"
#include "server/notify/signature.hpp"
#include "server/notify/webhook_target.hpp"

namespace tortuga::notify {

namespace {

constexpr std::int64_t kHourMs = 60LL * 60 * 1000;

}  // namespace

Refusal check_email(const std::string& email, std::size_t max_bytes) {
  const auto refuse = [&](std::string why) {
    return Error{code::kBadEmail, std::move(why), {{"max", max_bytes}}};
  };
  if (email.size() > max_bytes)
    return refuse("an address has at most " + std::to_string(max_bytes) + " bytes");
  const auto at = email.rfind('@');
  if (at == std::string::npos || at == 0 || at + 1 == email.size())
    return refuse("an address is local@domain");
  for (unsigned char c : email)
    if (c <= 0x20 || c == 0x7F || c == '<' || c == '>' || c == ',' || c == ';' || c == '"' ||
        c == '\\')
      return refuse("an address holds no spaces, quotes, commas or brackets");
  if (email.find('@') != at) return refuse("an address has one @");
  return std::nullopt;
}

Expected<Applied> apply_change(std::optional<store::NotificationSettings> current,
                               std::int64_t player, const SettingsChange& change,
                               const NotifySettings& limits, bool language_known,
                               std::int64_t now_ms) {
  Applied out;
  out.settings = current.value_or(store::NotificationSettings{});
  store::NotificationSettings& s = out.settings;
  s.player = player;
  if (change.language && !language_known)
    return Error{code::kBadField, "no catalog for language " + quote(*change.language), nullptr};
  if (change.email && !change.email->empty())
    if (auto bad = check_email(*change.email, limits.max_email_bytes)) return *bad;
  if (change.webhook_url && !change.webhook_url->empty()) {
    if (change.webhook_url->size() > limits.max_webhook_url_bytes)
      return Error{
          code::kBadWebhook,
          "a webhook's URL has at most " + std::to_string(limits.max_webhook_url_bytes) + " bytes",
          nullptr};
    const auto url = parse_webhook_url(*change.webhook_url, limits.allow_private_webhooks);
    if (!url) return url.error();
    // An address written in the URL is refused at once; a name is resolved, and checked, each
    // time a call is made (webhook_target.hpp).
    if (!limits.allow_private_webhooks &&
        (url->host == "localhost" || url->host.ends_with(".localhost") ||
         ((url->host.find(':') != std::string::npos ||
           url->host.find_first_not_of("0123456789.") == std::string::npos) &&
          !is_public_address(url->host))))
      return Error{code::kWebhookRefused,
                   "a webhook may not reach a private, loopback or link-local address", nullptr};
  }

  // The limit counts changes in the hour since the first of them.
  if (now_ms - s.changes_since_ms >= kHourMs) {
    s.changes_since_ms = now_ms;
    s.changes = 0;
  }
  if (s.changes >= limits.changes_per_hour)
    return Error{code::kTooManyChanges,
                 "notification settings change at most " + std::to_string(limits.changes_per_hour) +
                     " times an hour",
                 {{"max", limits.changes_per_hour},
                  {"retry_after_ms", s.changes_since_ms + kHourMs - now_ms}}};
  ++s.changes;

  if (change.email) {
    // The same address again, unverified: the mail is sent again.
    const bool same = *change.email == s.email;
    if (!same || !s.email_verified) {
      s.email = *change.email;
      s.email_verified = false;
      s.email_unsubscribed = false;
      out.verify_email = !s.email.empty();
    } else {
      s.email_unsubscribed = false;  // subscribing again, after an unsubscribe link
    }
  }
  if (change.webhook_url && *change.webhook_url != s.webhook_url) {
    s.webhook_url = *change.webhook_url;
    s.webhook_secret = s.webhook_url.empty() ? "" : new_webhook_secret();
    if (!s.webhook_url.empty()) out.new_webhook_secret = s.webhook_secret;
  }
  if (change.mode) s.mode = *change.mode;
  if (change.language) s.language = *change.language;
  return out;
}

}  // namespace tortuga::notify
