// The lobby's part in a cluster's shared state: claiming the rooms of dead nodes, giving players
// who come back for a room this node is taking over their seats the moment the room is rebuilt,
// and dropping the rows of rooms that closed while the database was away.
#include "server/lobby/lobby.hpp"

namespace tortuga {

int Lobby::claim(bool own_too) {
  {
    std::lock_guard lock(mutex_);
    claiming_ = true;
  }
  int taken = 0;
  try {
    taken = take_over(cluster_->claim(own_too));
  } catch (...) {
    std::lock_guard lock(mutex_);
    claiming_ = false;
    returning_.clear();
    throw;
  }
  // Whoever still waits came back for a room that was not rebuilt (its match could not be, or
  // had ended): there is nothing to give them.
  std::lock_guard lock(mutex_);
  claiming_ = false;
  returning_.clear();
  return taken;
}

void Lobby::seats_in_cluster(const std::shared_ptr<Client>& c, std::int64_t player,
                             const std::set<std::int64_t>& held) {
  for (const store::RoomPlace& place : cluster_->seats(player)) {
    // Another node's: the player is sent there.
    if (sent_elsewhere(c, nullptr, place) || held.count(place.room)) continue;
    // This node's by the database, not in the lobby when hello looked: claimed, and being
    // rebuilt (or rebuilt since).
    std::shared_ptr<Room> room;
    {
      std::lock_guard lock(mutex_);
      if (auto it = rooms_.find(place.room); it != rooms_.end()) {
        room = it->second;
        client_rooms_[c.get()].insert(place.room);
      } else if (claiming_) {
        returning_[place.room].push_back(c);
      }
    }
    if (room) room->post([room, c] { room->resume(c); });
  }
}

void Lobby::welcome_back(const std::shared_ptr<Room>& room) {
  std::vector<std::shared_ptr<Client>> back;
  {
    std::lock_guard lock(mutex_);
    auto it = returning_.find(room->id());
    if (it == returning_.end()) return;
    for (const auto& waiting : it->second)
      if (auto c = waiting.lock()) {
        client_rooms_[c.get()].insert(room->id());
        back.push_back(std::move(c));
      }
    returning_.erase(it);
  }
  for (auto& c : back) room->post([room, c] { room->resume(c); });
}

void Lobby::forget_closed_rooms() {
  std::set<std::int64_t> closed;
  {
    std::lock_guard lock(mutex_);
    closed = closed_rows_;
  }
  for (std::int64_t id : closed) {
    cluster_->forget_room(id);
    std::lock_guard lock(mutex_);
    closed_rows_.erase(id);
  }
}

}  // namespace tortuga
