#include "server/notify/messages.hpp"

#include <ctime>

#include <nlohmann/json.hpp>

#include "server/notify/mail_text.hpp"

namespace tortuga::notify {

namespace {

using Json = nlohmann::json;

// A deadline as every language reads it without a calendar of its own: ISO date and time, UTC.
std::string utc(std::int64_t ms) {
  return utc_text(ms, "%Y-%m-%d %H:%M UTC");
}

std::string game_name(const Catalog& words, const std::string& language, const std::string& game) {
  const std::string key = "games." + game + ".name";
  const std::string name = words.text(language, key);
  return name == key ? game : name;
}

std::string turn_line(const Catalog& words, const std::string& language, const Links& links,
                      const Turn& turn) {
  Json params{{"game", game_name(words, language, turn.game)}, {"link", links.room(turn.room)}};
  if (turn.deadline_ms == 0) return words.text(language, "notify.turn.line_no_deadline", params);
  params["deadline"] = utc(turn.deadline_ms);
  return words.text(language, "notify.turn.line", params);
}

store::OutboxMessage mail_to(const store::NotificationSettings& s, std::string subject,
                             std::string body, std::string headers, std::int64_t due_ms) {
  store::OutboxMessage m;
  m.player = s.player;
  m.channel = store::Channel::email;
  m.recipient = s.email;
  m.subject = std::move(subject);
  m.body = std::move(body);
  m.headers = std::move(headers);
  m.due_ms = due_ms;
  return m;
}

std::string webhook_body(std::string text) {
  if (text.size() > kMaxWebhookText) {
    text.resize(kMaxWebhookText - 3);
    // Not within a UTF-8 character.
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
      text.pop_back();
    if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.pop_back();
    text += "...";
  }
  return Json{{"content", text}, {"text", text}}.dump();
}

}  // namespace

std::string Links::room(std::int64_t room) const {
  return base + "/#/room/" + std::to_string(room);
}
std::string Links::verify(const std::string& token) const {
  return base + "/verify-email?token=" + token;
}
std::string Links::unsubscribe(const std::string& token) const {
  return base + "/unsubscribe?token=" + token;
}

bool mail_reaches(const store::NotificationSettings& s) {
  return !s.email.empty() && s.email_verified && !s.email_unsubscribed;
}
bool webhook_reaches(const store::NotificationSettings& s) {
  return !s.webhook_url.empty();
}

store::OutboxMessage verification_mail(const Catalog& words, const store::NotificationSettings& s,
                                       const Links& links, const std::string& token, int hours) {
  const std::string& l = s.language;
  return mail_to(
      s, words.text(l, "notify.verify.subject"),
      words.text(l, "notify.verify.body", {{"link", links.verify(token)}, {"count", hours}}), "",
      0);
}

std::vector<store::OutboxMessage> turn_messages(const Catalog& words,
                                                const store::NotificationSettings& s,
                                                const Links& links, const std::vector<Turn>& turns,
                                                bool digest, const std::string& unsubscribe_token,
                                                std::int64_t now_ms) {
  std::vector<store::OutboxMessage> out;
  if (turns.empty()) return out;
  const std::string& l = s.language;
  std::string subject;
  std::string text;
  if (digest) {
    const Json count{{"count", turns.size()}};
    subject = words.text(l, "notify.digest.subject", count);
    text = words.text(l, "notify.digest.intro", count) + "\n\n";
  } else {
    subject =
        words.text(l, "notify.turn.subject", {{"game", game_name(words, l, turns.front().game)}});
  }
  for (const Turn& turn : turns) text += turn_line(words, l, links, turn) + "\n";

  if (mail_reaches(s)) {
    const std::string stop = links.unsubscribe(unsubscribe_token);
    const std::string body =
        text + "\n-- \n" + words.text(l, "notify.footer", {{"link", stop}}) + "\n";
    // RFC 8058: a mail client's own "unsubscribe" button POSTs to the link, without a page.
    const std::string headers = "List-Unsubscribe: <" + stop +
                                ">\r\n"
                                "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
    out.push_back(mail_to(s, subject, body, headers, now_ms));
  }
  if (webhook_reaches(s)) {
    store::OutboxMessage m;
    m.player = s.player;
    m.channel = store::Channel::webhook;
    m.recipient = s.webhook_url;
    m.subject = subject;
    m.body = webhook_body(subject + "\n" + text);
    m.due_ms = now_ms;
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace tortuga::notify
