// How one attempt to deliver a message ended, and what delivers one: the outbox's worker hands
// each claimed message to the delivery of its channel (SMTP, webhook) and settles it by the
// answer. A fake delivery stands in for both in tests that are about the outbox, not the network.
#pragma once

#include <string>

#include "persistence/notifications.hpp"

namespace tortuga::notify {

struct Delivered {
  bool ok = false;
  // A refusal that trying again will not change (a mailbox that does not exist, a webhook that
  // answers 404): the message is given up at once rather than retried.
  bool permanent = false;
  std::string error;  // what went wrong, for the outbox and the log; never a secret
};

class Delivery {
 public:
  virtual ~Delivery() = default;
  // Blocking, bounded by the delivery's own timeouts; called on the worker's threads only.
  virtual Delivered deliver(const store::OutboxMessage& message) = 0;
};

}  // namespace tortuga::notify
