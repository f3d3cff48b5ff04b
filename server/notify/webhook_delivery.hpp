// Webhooks over HTTPS, by libcurl: a POST of the message's JSON, signed (signature.hpp), sent
// only to the addresses its host resolved to when checked (webhook_target.hpp), following no
// redirect, within the settings' timeout, reading at most a little of the answer.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "server/notify/delivery.hpp"
#include "server/ops/notify_settings.hpp"

namespace tortuga::notify {

class WebhookDelivery : public Delivery {
 public:
  // `secret_of`: the account's webhook key, read when the message goes (none: the player has
  // since removed the webhook, and the message is given up).
  using SecretOf = std::function<std::optional<std::string>(std::int64_t player)>;
  WebhookDelivery(NotifySettings settings, SecretOf secret_of);
  Delivered deliver(const store::OutboxMessage& message) override;

  static constexpr std::size_t kMaxAnswerBytes = 4096;
  static constexpr const char* kSignatureHeader = "X-Tortuga-Signature";

 private:
  NotifySettings settings_;
  SecretOf secret_of_;
};

}  // namespace tortuga::notify
