#include "server/notify/notifier.hpp"

#include <curl/curl.h>

#include <mutex>

#include "persistence/now.hpp"
#include "persistence/token.hpp"
#include "protocol/codes.hpp"
#include "server/notify/smtp_delivery.hpp"
#include "server/notify/webhook_delivery.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga::notify {

namespace {

using Json = nlohmann::json;

void start_curl_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

Error unavailable() {
  return {code::kStoreUnavailable, "the store cannot be reached now: try again", nullptr};
}

std::string escape_html(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

Json settings_json(const store::NotificationSettings& s) {
  return {{"email", s.email},
          {"email_verified", s.email_verified},
          {"email_unsubscribed", s.email_unsubscribed},
          {"webhook_url", s.webhook_url},
          {"mode", std::string(store::mode_name(s.mode))},
          {"language", s.language}};
}

Notifier::Notifier(store::Store& store, NotifySettings settings,
                   std::shared_ptr<const Catalog> words, std::string owner,
                   std::unique_ptr<Delivery> email, std::unique_ptr<Delivery> webhook, Clock clock)
    : store_(store),
      settings_(std::move(settings)),
      words_(std::move(words)),
      links_{settings_.public_url},
      clock_(clock ? std::move(clock) : Clock([] { return store::now_ms(); })) {
  start_curl_once();
  if (!email) email = std::make_unique<SmtpDelivery>(settings_);
  if (!webhook)
    webhook = std::make_unique<WebhookDelivery>(
        settings_, [this](std::int64_t player) -> std::optional<std::string> {
          const auto s = store_.notification_settings(player);
          if (!s || !*s || (*s)->webhook_secret.empty()) return std::nullopt;
          return (*s)->webhook_secret;
        });
  worker_ =
      std::make_unique<OutboxWorker>(store_, settings_, std::move(owner), std::move(email),
                                     std::move(webhook), clock_, [this] { send_due_digests(); });
}

Notifier::~Notifier() {
  stop();
}

void Notifier::start() {
  worker_->start();
}
void Notifier::stop() {
  worker_->stop();
}

void Notifier::queue(const std::vector<store::OutboxMessage>& messages) {
  for (const store::OutboxMessage& m : messages)
    if (store_.queue_notification(m))
      server_metrics().notification_queued(m.channel == store::Channel::webhook);
  if (!messages.empty()) worker_->wake();
}

std::string Notifier::new_unsubscribe_token(const store::NotificationSettings& s) {
  if (!mail_reaches(s)) return {};
  const std::string token = store::new_token();
  const std::int64_t expires =
      clock_() + std::int64_t{settings_.unsubscribe_link_days} * 24 * 60 * 60 * 1000;
  if (!store_.add_notification_token(
          {store::hash_token(token), s.player, store::TokenPurpose::unsubscribe, s.email, expires}))
    return {};
  return token;
}

void Notifier::your_turn(std::int64_t player, std::int64_t match, std::int64_t room,
                         const std::string& game, std::int64_t deadline_ms, bool match_open) {
  if (match_open) return turn_taken(player, match);
  worker_->post([this, player, match, room, game, deadline_ms] {
    const auto found = store_.notification_settings(player);
    if (!found || !*found) return;
    const store::NotificationSettings& s = **found;
    if (s.mode == store::NotifyMode::off || (!mail_reaches(s) && !webhook_reaches(s))) return;
    if (s.mode == store::NotifyMode::digest) {
      store_.add_digest_entry({player, match, room, game, deadline_ms, clock_()});
      return;
    }
    const std::string stop = new_unsubscribe_token(s);
    if (mail_reaches(s) && stop.empty()) return;  // the store failed: nothing half-made goes out
    queue(turn_messages(*words_, s, links_, {{match, room, game, deadline_ms}}, false, stop,
                        clock_()));
  });
}

void Notifier::turn_taken(std::int64_t player, std::int64_t match) {
  worker_->post([this, player, match] { store_.remove_digest_entry(player, match); });
}

void Notifier::send_due_digests() {
  const std::int64_t now = clock_();
  constexpr std::int64_t kDayMs = 24LL * 60 * 60 * 1000;
  const auto due =
      store_.digests_due(now - std::int64_t{settings_.digest_gather_s} * 1000, now - kDayMs, 100);
  if (!due) return;
  for (std::int64_t player : *due) {
    const auto found = store_.notification_settings(player);
    if (!found || !*found) continue;
    const std::string stop = new_unsubscribe_token(**found);
    std::vector<bool> webhook;
    const auto queued = store_.take_digest(
        player, now, now - kDayMs,
        [&](const store::NotificationSettings& s, const std::vector<store::DigestEntry>& entries) {
          std::vector<Turn> turns;
          for (const auto& e : entries) turns.push_back({e.match, e.room, e.game, e.deadline_ms});
          if (s.mode == store::NotifyMode::off) return std::vector<store::OutboxMessage>{};
          // Written before an unsubscribe made meanwhile? The token minted above names the
          // address; mail_reaches is asked again of the settings read in this transaction.
          auto messages = turn_messages(*words_, s, links_, turns, true, stop, now);
          if (stop.empty())
            std::erase_if(messages, [](const store::OutboxMessage& m) {
              return m.channel == store::Channel::email;
            });
          webhook.clear();
          for (const auto& m : messages) webhook.push_back(m.channel == store::Channel::webhook);
          return messages;
        });
    if (queued && *queued > 0) {
      for (bool w : webhook) server_metrics().notification_queued(w);
      worker_->wake();
    }
  }
}

Json Notifier::public_view(const store::NotificationSettings& s) const {
  return settings_json(s);
}

void Notifier::settings(std::int64_t player, Answer answer) {
  const bool posted = worker_->post([this, player, answer] {
    const auto found = store_.notification_settings(player);
    if (!found) return answer(unavailable());
    store::NotificationSettings s = found->value_or(store::NotificationSettings{});
    answer(public_view(s));
  });
  if (!posted) answer(unavailable());
}

void Notifier::change_settings(std::int64_t player, const SettingsChange& change, Answer answer) {
  const bool posted = worker_->post([this, player, change, answer] {
    const auto found = store_.notification_settings(player);
    if (!found) return answer(unavailable());
    const bool known = !change.language || words_->has(*change.language);
    auto applied = apply_change(*found, player, change, settings_, known, clock_());
    if (!applied) return answer(applied.error());
    if (!store_.save_notification_settings(applied->settings)) return answer(unavailable());
    if (applied->verify_email) {
      const std::string token = store::new_token();
      const store::NotificationSettings& s = applied->settings;
      const std::int64_t expires =
          clock_() + std::int64_t{settings_.verify_link_hours} * 60 * 60 * 1000;
      if (!store_.add_notification_token({store::hash_token(token), player,
                                          store::TokenPurpose::verify_email, s.email, expires}))
        return answer(unavailable());
      auto mail = verification_mail(*words_, s, links_, token, settings_.verify_link_hours);
      mail.due_ms = clock_();
      queue({mail});
    }
    Json out = public_view(applied->settings);
    if (applied->new_webhook_secret) out["webhook_secret"] = *applied->new_webhook_secret;
    answer(out);
  });
  if (!posted) answer(unavailable());
}

void Notifier::redeem(const std::string& token, std::function<void(Page)> answer) {
  const bool posted = worker_->post([this, token, answer] {
    const auto redeemed = store_.redeem_notification_token(store::hash_token(token), clock_());
    const auto page = [&](int status, const std::string& language, const std::string& key,
                          const Json& params) {
      const std::string title = words_->text(language, key + "_title", params);
      const std::string text = words_->text(language, key, params);
      answer({status, "<!DOCTYPE html>\n<html lang=\"" + escape_html(language) +
                          "\"><head><meta charset=\"utf-8\"><title>" + escape_html(title) +
                          "</title></head><body><h1>" + escape_html(title) + "</h1><p>" +
                          escape_html(text) + "</p></body></html>\n"});
    };
    if (!redeemed) return page(503, "en", "notify.page.unavailable", Json::object());
    if (!*redeemed) return page(404, "en", "notify.page.bad_link", Json::object());
    const bool verified = (*redeemed)->purpose == store::TokenPurpose::verify_email;
    page(200, (*redeemed)->language, verified ? "notify.page.verified" : "notify.page.unsubscribed",
         {{"email", (*redeemed)->email}});
  });
  if (!posted) answer({503, "<!DOCTYPE html>\n<title>503</title>\n"});
}

}  // namespace tortuga::notify
