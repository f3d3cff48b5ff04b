// Calling players back (docs/notifications.md): the one object the rest of the server talks to.
// Rooms tell it that a match waits for a player (your_turn) or no longer does (turn_taken); the
// lobby hands it a player's settings requests; the HTTP side the links' tokens. Each call returns
// at once: the work runs on the outbox's own threads (OutboxWorker), never a room's strand nor a
// connection's, and what must go out is queued in the store's outbox, so that it survives a
// restart and, on a cluster, goes out once.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "persistence/store.hpp"
#include "rules/core/error.hpp"
#include "server/notify/catalog.hpp"
#include "server/notify/delivery.hpp"
#include "server/notify/messages.hpp"
#include "server/notify/outbox_worker.hpp"
#include "server/notify/settings_change.hpp"
#include "server/ops/notify_settings.hpp"

namespace tortuga::notify {

class Notifier {
 public:
  using Clock = OutboxWorker::Clock;
  // `owner` names this node's leases on the outbox (unique in a cluster). `email` and `webhook`
  // deliver (none: SMTP and HTTPS by libcurl, as `settings` say); `clock` is the time (none: the
  // system's).
  Notifier(store::Store& store, NotifySettings settings, std::shared_ptr<const Catalog> words,
           std::string owner, std::unique_ptr<Delivery> email = nullptr,
           std::unique_ptr<Delivery> webhook = nullptr, Clock clock = nullptr);
  ~Notifier();

  void start();  // the sending threads
  void stop();   // ... stopped, deliveries under way finished

  // A match, played in `room`, waits for `player`'s move until `deadline_ms` (0: no deadline).
  // `match_open`: the player has the match open now (a connection in its room), and is told
  // nothing. By the player's settings: a message now, or an entry in their next digest, which
  // links to the room.
  void your_turn(std::int64_t player, std::int64_t match, std::int64_t room,
                 const std::string& game, std::int64_t deadline_ms, bool match_open);
  // The match no longer waits for `player` (they moved, it ended): out of their next digest.
  void turn_taken(std::int64_t player, std::int64_t match);

  // The player's settings, as get_notifications answers them (never the webhook's key).
  using Answer = std::function<void(Expected<nlohmann::json> answer)>;
  void settings(std::int64_t player, Answer answer);
  // set_notifications; `answer` has the new settings, and the webhook's new key when it changed.
  void change_settings(std::int64_t player, const SettingsChange& change, Answer answer);
  // A link's token (GET /verify-email, /unsubscribe): the page to show, in the account's language.
  struct Page {
    int status = 200;
    std::string html;
  };
  void redeem(const std::string& token, std::function<void(Page)> answer);

  // The digests falling due now, each taken once (a cluster's nodes all look): on the outbox's
  // threads, before each look at the outbox; public for tests with a clock of their own.
  void send_due_digests();

  const Links& links() const { return links_; }

 private:
  nlohmann::json public_view(const store::NotificationSettings& s) const;
  void queue(const std::vector<store::OutboxMessage>& messages);
  std::string new_unsubscribe_token(const store::NotificationSettings& s);

  store::Store& store_;
  const NotifySettings settings_;
  std::shared_ptr<const Catalog> words_;
  Links links_;
  Clock clock_;
  std::unique_ptr<OutboxWorker> worker_;
};

// The settings as the protocol writes them (docs/protocol.md, get_notifications).
nlohmann::json settings_json(const store::NotificationSettings& s);

}  // namespace tortuga::notify
