#include "server/notify/webhook_delivery.hpp"

#include <curl/curl.h>

#include <memory>

#include "protocol/codes.hpp"
#include "server/notify/signature.hpp"
#include "server/notify/webhook_target.hpp"

namespace tortuga::notify {

namespace {

// Counts the answer and keeps none of it; past the cap the transfer stops.
std::size_t discard(char*, std::size_t size, std::size_t n, void* user) {
  auto* read = static_cast<std::size_t*>(user);
  *read += size * n;
  return *read > WebhookDelivery::kMaxAnswerBytes ? 0 : size * n;
}

}  // namespace

WebhookDelivery::WebhookDelivery(NotifySettings settings, SecretOf secret_of)
    : settings_(std::move(settings)), secret_of_(std::move(secret_of)) {}

Delivered WebhookDelivery::deliver(const store::OutboxMessage& message) {
  const auto target = resolve_webhook(message.recipient, settings_.allow_private_webhooks);
  // A refused address is refused for good; a name that does not resolve now may later.
  if (!target) return {false, target.error().code == code::kWebhookRefused, target.error().message};
  const auto secret = secret_of_(message.player);
  if (!secret) return {false, true, "the player has no webhook any more"};

  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), &curl_easy_cleanup);
  if (!curl) return {false, false, "libcurl could not start"};
  CURL* c = curl.get();
  curl_slist* headers = nullptr;
  headers = curl_slist_append(headers, "Content-Type: application/json");
  const std::string signature =
      std::string(kSignatureHeader) + ": sha256=" + sign_body(*secret, message.body);
  headers = curl_slist_append(headers, signature.c_str());
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> header_list(headers,
                                                                          &curl_slist_free_all);
  curl_slist* resolve = curl_slist_append(nullptr, target->resolve_entry().c_str());
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> resolve_list(resolve,
                                                                           &curl_slist_free_all);
  std::size_t read = 0;
  curl_easy_setopt(c, CURLOPT_URL, message.recipient.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR,
                   settings_.allow_private_webhooks ? "http,https" : "https");
  curl_easy_setopt(c, CURLOPT_RESOLVE, resolve);
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c, CURLOPT_NOPROXY, "*");  // a proxy would resolve the name itself
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(c, CURLOPT_USERAGENT, "Tortuga-Webhook/1");
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, message.body.c_str());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, static_cast<long>(message.body.size()));
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, &discard);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &read);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, static_cast<long>(settings_.timeout_s));
  curl_easy_setopt(c, CURLOPT_TIMEOUT, static_cast<long>(settings_.timeout_s));
  const CURLcode rc = curl_easy_perform(c);
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  if (status >= 200 && status < 300 && (rc == CURLE_OK || rc == CURLE_WRITE_ERROR))
    return {true, false, ""};
  if (status != 0) {
    // A receiver that is not there, or refuses us, will not change its mind; one that is busy,
    // failing or slow (408, 429, 5xx) may.
    const bool again = status == 408 || status == 429 || status >= 500;
    return {false, !again, "HTTP " + std::to_string(status)};
  }
  return {false, false, curl_easy_strerror(rc)};
}

}  // namespace tortuga::notify
