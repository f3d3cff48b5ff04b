#include "server/notify/smtp_delivery.hpp"

#include <curl/curl.h>
#include <unistd.h>

#include <cstring>
#include <memory>

#include "persistence/now.hpp"
#include "persistence/token.hpp"
#include "server/notify/mail_text.hpp"

namespace tortuga::notify {

namespace {

struct Reader {
  const std::string& text;
  std::size_t at = 0;
};

std::size_t read_out(char* into, std::size_t size, std::size_t n, void* user) {
  auto* r = static_cast<Reader*>(user);
  const std::size_t room = size * n;
  const std::size_t left = r->text.size() - r->at;
  const std::size_t take = std::min(room, left);
  std::memcpy(into, r->text.data() + r->at, take);
  r->at += take;
  return take;
}

std::string host_of(const std::string& from) {
  const std::string address = bare_address(from);
  const auto at = address.rfind('@');
  return at == std::string::npos ? "localhost" : address.substr(at + 1);
}

}  // namespace

SmtpDelivery::SmtpDelivery(NotifySettings settings) : settings_(std::move(settings)) {}

Delivered SmtpDelivery::deliver(const store::OutboxMessage& message) {
  if (settings_.smtp_url.empty()) return {false, false, "no SMTP server is configured"};
  MailParts parts;
  parts.from = settings_.smtp_from;
  parts.to = message.recipient;
  parts.subject = message.subject;
  parts.body = message.body;
  parts.headers = message.headers;
  // The same id on every try of one message, so that a mail server that took a try whose answer
  // was lost can tell the next one for the same mail.
  parts.message_id = "<" + std::to_string(message.id) + "." +
                     store::hash_token(message.recipient + message.subject).substr(0, 16) + "@" +
                     host_of(settings_.smtp_from) + ">";
  parts.date_ms = store::now_ms();
  const std::string text = mail_text(parts);
  Reader reader{text};

  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), &curl_easy_cleanup);
  if (!curl) return {false, false, "libcurl could not start"};
  CURL* c = curl.get();
  curl_slist* rcpt = curl_slist_append(nullptr, message.recipient.c_str());
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> rcpt_list(rcpt, &curl_slist_free_all);
  const std::string from = "<" + bare_address(settings_.smtp_from) + ">";
  curl_easy_setopt(c, CURLOPT_URL, settings_.smtp_url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpt);
  curl_easy_setopt(c, CURLOPT_READFUNCTION, &read_out);
  curl_easy_setopt(c, CURLOPT_READDATA, &reader);
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, static_cast<long>(settings_.timeout_s));
  curl_easy_setopt(c, CURLOPT_TIMEOUT, static_cast<long>(settings_.timeout_s));
  const long tls = settings_.smtp_tls == "none"  ? CURLUSESSL_NONE
                   : settings_.smtp_tls == "try" ? CURLUSESSL_TRY
                                                 : CURLUSESSL_ALL;
  curl_easy_setopt(c, CURLOPT_USE_SSL, tls);
  if (!settings_.smtp_username.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, settings_.smtp_username.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, settings_.smtp_password.c_str());
  }
  const CURLcode rc = curl_easy_perform(c);
  long code = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
  if (rc == CURLE_OK) return {true, false, ""};
  // 5xx: the server refuses this mail for good (no such mailbox, a bad address); 4xx and no
  // answer at all may pass later.
  return {false, code >= 500 && code < 600,
          std::string(curl_easy_strerror(rc)) + (code ? " (" + std::to_string(code) + ")" : "")};
}

}  // namespace tortuga::notify
