// Mail through the operator's SMTP server, spoken by libcurl (no SMTP of our own): one
// connection per mail, bounded by the settings' timeout, TLS as smtp_tls says.
#pragma once

#include "server/notify/delivery.hpp"
#include "server/ops/notify_settings.hpp"

namespace tortuga::notify {

class SmtpDelivery : public Delivery {
 public:
  explicit SmtpDelivery(NotifySettings settings);
  Delivered deliver(const store::OutboxMessage& message) override;

 private:
  NotifySettings settings_;
};

}  // namespace tortuga::notify
