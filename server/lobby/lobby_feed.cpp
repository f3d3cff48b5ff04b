#include "server/lobby/lobby_feed.hpp"

#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "persistence/now.hpp"
#include "protocol/event.hpp"

namespace tortuga {

namespace event = protocol::event;

bool listed_in_lobby(const Json& summary) {
  return summary.is_object() && !summary.value("private", true);
}

Json lobby_listing(Json summary) {
  Json custom = Json::array();
  if (auto options = summary.find("options"); options != summary.end() && options->is_object()) {
    for (auto it = options->begin(); it != options->end();) {
      if (it->is_object() || it->is_array()) {
        custom.push_back(it.key());
        it = options->erase(it);
      } else {
        ++it;
      }
    }
  }
  summary["custom_options"] = std::move(custom);
  return summary;
}

Json listed_elsewhere(const std::string& listing) {
  Json room = Json::parse(listing, nullptr, false);
  if (!room.is_object() || !room.contains("id") || !listed_in_lobby(room)) return nullptr;
  return room;
}

LobbyFeed::LobbyFeed(boost::asio::io_context& io, RoomClock* clock,
                     std::chrono::milliseconds gather)
    : strand_(boost::asio::make_strand(io)),
      timer_((clock ? *clock : steady_room_clock()).timer(strand_)),
      gather_(gather) {}

template <class F>
void LobbyFeed::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
    if (!self->stopped_) f();
  });
}

void LobbyFeed::update(std::int64_t id, Json listing) {
  // Written as text before it waits for the strand: a start that lists every stored match queues
  // them all at once.
  std::optional<Listed> now;
  if (!listing.is_null()) now = Listed{listing.value("game", ""), listing.dump()};
  on_strand([this, id, now = std::move(now)]() mutable {
    auto held = listed_.find(id);
    if (!now) {
      if (held == listed_.end()) return;  // never listed: a private room, say
      changed_[id] = held->second.game;
      listed_.erase(held);
    } else {
      // A listing's text is the same whenever its JSON is (an object's keys are kept in order).
      if (held != listed_.end() && held->second.text == now->text) return;  // nothing new to see
      changed_[id] = now->game;
      listed_[id] = std::move(*now);
    }
    // With nobody watching, changes are not kept: a new watcher gets the list as it is then.
    if (watchers_.empty()) return changed_.clear();
    if (gathering_) return;  // goes out with the others when the timer fires
    gathering_ = true;
    timer_->arm(gather_, [this] { flush(); });
  });
}

void LobbyFeed::watch(std::shared_ptr<Client> client, Json re, std::optional<std::string> game) {
  on_strand([this, client = std::move(client), re = std::move(re), game = std::move(game)] {
    Json rooms = Json::array();
    for (const auto& [id, listed] : listed_)
      if (!game || listed.game == *game) rooms.push_back(Json::parse(listed.text));
    client->send(event::rooms(re, rooms, store::now_ms()));
    watchers_[client.get()] = Watcher{client, game};
  });
}

void LobbyFeed::unwatch(std::shared_ptr<Client> client, Json re) {
  on_strand([this, client = std::move(client), re = std::move(re)] {
    watchers_.erase(client.get());
    client->send(event::lobby_unwatched(re));
  });
}

void LobbyFeed::forget(std::shared_ptr<Client> client) {
  on_strand([this, client = std::move(client)] { watchers_.erase(client.get()); });
}

void LobbyFeed::shutdown() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    if (self->stopped_) return;
    self->stopped_ = true;
    self->timer_->cancel();
    self->watchers_.clear();
  });
}

void LobbyFeed::release() {
  stopped_ = true;
  timer_.reset();
  watchers_.clear();
}

void LobbyFeed::flush() {
  gathering_ = false;
  auto changed = std::exchange(changed_, {});
  if (stopped_ || changed.empty()) return;
  // One message for each filter the watchers use, written once and shared by them all.
  std::map<std::optional<std::string>, Message> messages;
  const std::int64_t now = store::now_ms();
  for (const auto& [key, watcher] : watchers_) {
    const auto client = watcher.client.lock();
    if (!client) continue;
    auto& message = messages[watcher.game];
    if (!message) {
      Json rooms = Json::array(), gone = Json::array();
      for (const auto& [id, game] : changed) {
        if (watcher.game && game != *watcher.game) continue;
        if (auto it = listed_.find(id); it != listed_.end())
          rooms.push_back(Json::parse(it->second.text));
        else
          gone.push_back(id);
      }
      if (rooms.empty() && gone.empty()) continue;  // left null: nothing for this filter
      message = std::make_shared<const std::string>(event::rooms_changed(rooms, gone, now));
    }
    client->send(message);
  }
}

}  // namespace tortuga
