// An account's notification settings (docs/notifications.md): read and changed by the server's
// Notifier, on its own threads, and answered from there; a guest has none.
#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/lobby/lobby.hpp"
#include "server/notify/notifier.hpp"

namespace tortuga {

namespace {

// The notifier's answer, sent to the client from the notifier's thread (Client::send may be
// called from any).
notify::Notifier::Answer answer_to(const std::shared_ptr<Client>& c, const Json& re) {
  return [c, re](Expected<Json> answer) {
    if (answer) return c->send(protocol::event::notifications(re, *answer));
    const Error& e = answer.error();
    if (e.code == code::kTooManyChanges)
      return c->send(
          protocol::event::retry_later(re, e.code, e.message, e.params.value("retry_after_ms", 0)));
    c->refuse(re, e);
  };
}

// Refused unless the server calls players back and `c` is an account's.
bool may_notify(const std::shared_ptr<Client>& c, const Json& re, notify::Notifier* notifier) {
  if (!notifier) {
    c->refuse(re, {code::kUnknownType, "this server sends no notifications", nullptr});
    return false;
  }
  if (!c->account()) {
    c->refuse(re, {code::kNotRegistered, "a guest has no notifications: register first", nullptr});
    return false;
  }
  return true;
}

}  // namespace

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re,
               const protocol::GetNotifications&) {
  if (!may_notify(c, re, settings_.notifier)) return;
  settings_.notifier->settings(c->player(), answer_to(c, re));
}

void Lobby::on(const std::shared_ptr<Client>& c, const Json& re,
               const protocol::SetNotifications& m) {
  if (!may_notify(c, re, settings_.notifier)) return;
  notify::SettingsChange change;
  change.email = m.email;
  change.webhook_url = m.webhook_url;
  if (m.mode) change.mode = store::mode_named(*m.mode);
  change.language = m.language;
  settings_.notifier->change_settings(c->player(), change, answer_to(c, re));
}

}  // namespace tortuga
