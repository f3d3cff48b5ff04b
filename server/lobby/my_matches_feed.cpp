#include "server/lobby/my_matches_feed.hpp"

#include <chrono>
#include <string>
#include <utility>

#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"
#include "server/ops/server_metrics.hpp"

namespace tortuga {

MyMatchesFeed::MyMatchesFeed(boost::asio::io_context& io, store::Store& store, RoomOfMatch room_of,
                             MyMatchesSettings settings)
    : store_(store),
      room_of_(std::move(room_of)),
      settings_(settings),
      watches_(settings.watches_per_minute, std::chrono::minutes(1)),
      gather_(std::make_unique<boost::asio::steady_timer>(io)),
      refresh_(std::make_unique<boost::asio::steady_timer>(io)) {}

void MyMatchesFeed::watch(const std::shared_ptr<Client>& client, const nlohmann::json& re) {
  const std::int64_t player = client->player();
  // Each watch reads the store: a client that watches and unwatches in a loop is refused here,
  // not served read after read.
  if (auto wait = watches_.use(std::to_string(player), Allowance::Clock::now())) {
    server_metrics().limit_refused(Limit::my_matches_watches);
    const auto seconds = std::chrono::ceil<std::chrono::seconds>(*wait).count();
    return client->refuse(
        re, {code::kRateLimited, "at most " + std::to_string(watches_.most()) +
                                     " watch_my_matches a minute: try again in " +
                                     std::to_string(seconds) +
                                     " s; the list watched already is pushed as it changes"});
  }
  // Watching before the read: a change stored meanwhile is pushed after the answer, not lost.
  {
    std::lock_guard lock(mutex_);
    watchers_[client.get()] = Watcher{client, player};
    by_player_[player].insert(client.get());
    count();
    arm_refresh();
  }
  try {
    const MyMatches list = read_my_matches(store_, player, room_of_);
    client->send(protocol::event::my_matches(re, list.matches, list.more));
  } catch (...) {
    forget(client.get());  // answered store_unavailable: not watching
    throw;
  }
}

void MyMatchesFeed::unwatch(const std::shared_ptr<Client>& client, const nlohmann::json& re) {
  forget(client.get());
  client->send(protocol::event::my_matches_unwatched(re));
}

void MyMatchesFeed::forget(const Client* client) {
  std::lock_guard lock(mutex_);
  auto it = watchers_.find(client);
  if (it == watchers_.end()) return;
  auto& same = by_player_[it->second.player];
  same.erase(client);
  if (same.empty()) by_player_.erase(it->second.player);
  watchers_.erase(it);
  count();
}

void MyMatchesFeed::count() const {
  server_metrics().my_matches_watchers(static_cast<std::int64_t>(watchers_.size()));
}

std::size_t MyMatchesFeed::watchers() const {
  std::lock_guard lock(mutex_);
  return watchers_.size();
}

void MyMatchesFeed::refresh_every(std::chrono::milliseconds every) {
  std::lock_guard lock(mutex_);
  settings_.refresh = every;
}

void MyMatchesFeed::changed(const std::vector<std::int64_t>& players) {
  std::lock_guard lock(mutex_);
  bool any = false;
  for (std::int64_t player : players)
    if (by_player_.contains(player)) {
      changed_.insert(player);
      any = true;
    }
  if (any) arm_gather();
}

void MyMatchesFeed::arm_gather() {
  if (gathering_ || released_) return;
  gathering_ = true;
  gather_->expires_after(settings_.gather);
  gather_->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    self->push();
  });
}

void MyMatchesFeed::arm_refresh() {
  if (refreshing_ || released_ || settings_.refresh.count() <= 0 || watchers_.empty()) return;
  refreshing_ = true;
  refresh_->expires_after(settings_.refresh);
  refresh_->async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    std::lock_guard lock(self->mutex_);
    self->refreshing_ = false;
    // Other nodes' rooms tell nobody here: every watched list is read again.
    for (const auto& [player, clients] : self->by_player_) self->changed_.insert(player);
    if (!self->changed_.empty()) self->arm_gather();
    self->arm_refresh();
  });
}

void MyMatchesFeed::push() {
  std::set<std::int64_t> players;
  {
    std::lock_guard lock(mutex_);
    gathering_ = false;
    players.swap(changed_);
  }
  for (std::int64_t player : players) {
    std::vector<std::shared_ptr<Client>> to;
    {
      std::lock_guard lock(mutex_);
      if (auto it = by_player_.find(player); it != by_player_.end())
        for (const Client* key : it->second)
          if (auto client = watchers_.at(key).client.lock()) to.push_back(std::move(client));
    }
    if (to.empty()) continue;
    try {
      const MyMatches list = read_my_matches(store_, player, room_of_);
      const auto message = std::make_shared<const std::string>(
          protocol::event::my_matches(nullptr, list.matches, list.more));
      for (const auto& client : to) client->send(message);
    } catch (const store::Unavailable& e) {
      // The player's next change pushes the list again.
      TORTUGA_LOG(warn, "my matches of player " << player << " not pushed: " << e.what());
    }
  }
}

void MyMatchesFeed::release() {
  std::lock_guard lock(mutex_);
  released_ = true;
  gather_.reset();
  refresh_.reset();
  watchers_.clear();
  by_player_.clear();
}

}  // namespace tortuga
