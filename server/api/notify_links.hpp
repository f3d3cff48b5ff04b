// The links in the server's mails (docs/notifications.md): GET /verify-email?token=... confirms an
// address, GET or POST /unsubscribe?token=... stops the mail to it (POST is RFC 8058's one-click
// unsubscribe, which a mail client sends from the List-Unsubscribe header). Each answers a small
// page in the account's language; the token is redeemed by the Notifier, off the connection's
// thread.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/api/http_reply.hpp"

namespace tortuga {

namespace notify {
class Notifier;
}

class NotifyLinks {
 public:
  explicit NotifyLinks(notify::Notifier& notifier) : notifier_(notifier) {}
  // Whether the target's path is one of the links'.
  static bool serves(std::string_view target);
  using Reply = std::function<void(HttpReply)>;
  void answer(const std::string& method, const std::string& target, const Reply& reply) const;

 private:
  notify::Notifier& notifier_;
};

}  // namespace tortuga
