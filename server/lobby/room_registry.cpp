#include "server/lobby/room_registry.hpp"

#include <random>

namespace tortuga {

std::int64_t RoomRegistry::next_id() {
  std::lock_guard lock(mutex_);
  return next_room_++;
}

std::string RoomRegistry::new_code() {
  std::lock_guard lock(mutex_);
  return new_code_locked();
}

std::string RoomRegistry::new_code_locked() {
  // Six characters with no look-alikes (no 0/O, 1/I/L), easy to read out at a table.
  static const char kAlphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  thread_local std::random_device device;  // one per thread, as for seeds (room.cpp)
  std::string code;
  do {
    code.clear();
    for (int i = 0; i < 6; ++i) code += kAlphabet[device() % (sizeof kAlphabet - 1)];
  } while (codes_.count(code));
  return code;
}

std::shared_ptr<Room> RoomRegistry::add_new(
    int max_rooms, const std::optional<Name>& given, bool is_private, const Client* maker,
    const std::function<std::shared_ptr<Room>(const Name&)>& make) {
  std::lock_guard lock(mutex_);
  if (static_cast<int>(rooms_.size()) >= max_rooms) return nullptr;
  const Name name = given ? *given : Name{next_room_++, is_private ? new_code_locked() : ""};
  std::shared_ptr<Room> room = make(name);
  rooms_[name.id] = room;
  if (is_private) codes_[name.code] = name.id;
  enter_locked(maker, name.id);
  return room;
}

void RoomRegistry::add(const std::shared_ptr<Room>& room, std::int64_t match,
                       const std::vector<std::int64_t>& seated) {
  std::lock_guard lock(mutex_);
  rooms_[room->id()] = room;
  if (room->is_private()) codes_[room->code()] = room->id();
  if (match != 0) match_rooms_[match] = room;
  for (std::int64_t player : seated) player_rooms_[player].insert(room->id());
  if (dormant_.erase(room->id())) server_metrics().rooms_dormant(-1);
}

bool RoomRegistry::remove(std::int64_t id, std::int64_t match) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return false;
  if (!it->second->code().empty()) codes_.erase(it->second->code());
  match_rooms_.erase(match);
  rooms_.erase(it);
  return true;
}

void RoomRegistry::clear() {
  std::lock_guard lock(mutex_);
  rooms_.clear();
  codes_.clear();
  match_rooms_.clear();
  client_rooms_.clear();
  server_metrics().rooms_dormant(-static_cast<int>(dormant_.size()));
  dormant_.clear();
}

std::shared_ptr<Room> RoomRegistry::find(const protocol::RoomRef& ref, WakeCause cause) {
  std::int64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    const DormantRoom* dormant = nullptr;
    if (const auto* code = std::get_if<std::string>(&ref)) {
      auto it = codes_.find(*code);
      if (it != codes_.end())
        id = it->second;
      else if ((dormant = dormant_.by_code(*code)))
        id = dormant->id;
      else
        return nullptr;
    } else {
      id = std::get<std::int64_t>(ref);
      dormant = dormant_.by_id(id);
      // A private room is reached by its code only.
      if (dormant && !dormant->code.empty()) return nullptr;
    }
    if (!dormant) {
      auto it = rooms_.find(id);
      if (it == rooms_.end()) return nullptr;
      if (it->second->is_private() && std::holds_alternative<std::int64_t>(ref)) return nullptr;
      return it->second;
    }
  }
  return wake(id, cause);
}

std::shared_ptr<Room> RoomRegistry::by_id(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> RoomRegistry::of_match(std::int64_t match, WakeCause cause) {
  std::int64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    if (auto it = match_rooms_.find(match); it != match_rooms_.end()) return it->second;
    const DormantRoom* dormant = dormant_.of_match(match);
    if (!dormant) return nullptr;
    id = dormant->id;
  }
  return wake(id, cause);
}

std::shared_ptr<Room> RoomRegistry::for_member(const Client* client, std::int64_t id) const {
  std::lock_guard lock(mutex_);
  auto in = client_rooms_.find(client);
  if (in == client_rooms_.end() || !in->second.count(id)) return nullptr;
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

bool RoomRegistry::has(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  return rooms_.count(id) != 0 || dormant_.by_id(id) != nullptr;
}

std::size_t RoomRegistry::size() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

std::vector<std::shared_ptr<Room>> RoomRegistry::all() const {
  std::vector<std::shared_ptr<Room>> out;
  std::lock_guard lock(mutex_);
  out.reserve(rooms_.size());
  for (const auto& [id, room] : rooms_) out.push_back(room);
  return out;
}

void RoomRegistry::enter(const Client* client, std::int64_t room) {
  std::lock_guard lock(mutex_);
  enter_locked(client, room);
}

void RoomRegistry::enter_locked(const Client* client, std::int64_t room) {
  // Rooms closed since the client entered them are forgotten here, not when they close: a
  // closing room would otherwise look through every connection's rooms.
  auto& rooms = client_rooms_[client];
  std::erase_if(rooms, [this](std::int64_t id) { return !rooms_.count(id); });
  rooms.insert(room);
}

void RoomRegistry::leave(const Client* client, std::int64_t room) {
  std::lock_guard lock(mutex_);
  client_rooms_[client].erase(room);
}

std::shared_ptr<Room> RoomRegistry::enter_if_here(const Client* client, std::int64_t id) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return nullptr;
  client_rooms_[client].insert(id);
  return it->second;
}

std::vector<std::shared_ptr<Room>> RoomRegistry::enter_seats(const Client* client,
                                                             std::int64_t player) {
  std::vector<std::shared_ptr<Room>> held;
  std::lock_guard lock(mutex_);
  for (std::int64_t id : player_rooms_[player])
    if (auto it = rooms_.find(id); it != rooms_.end()) {
      held.push_back(it->second);
      client_rooms_[client].insert(id);
    }
  return held;
}

std::vector<std::shared_ptr<Room>> RoomRegistry::forget(const Client* client) {
  std::vector<std::shared_ptr<Room>> rooms;
  std::lock_guard lock(mutex_);
  auto it = client_rooms_.find(client);
  if (it == client_rooms_.end()) return rooms;
  for (std::int64_t id : it->second)
    if (auto r = rooms_.find(id); r != rooms_.end()) rooms.push_back(r->second);
  client_rooms_.erase(it);
  return rooms;
}

std::vector<std::shared_ptr<Room>> RoomRegistry::seated(std::int64_t player) const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Room>> rooms;
  auto it = player_rooms_.find(player);
  if (it == player_rooms_.end()) return rooms;
  for (std::int64_t id : it->second)
    if (auto room = rooms_.find(id); room != rooms_.end()) rooms.push_back(room->second);
  return rooms;
}

void RoomRegistry::seat_taken(std::int64_t player, std::int64_t room) {
  std::lock_guard lock(mutex_);
  player_rooms_[player].insert(room);
}

void RoomRegistry::seat_released(std::int64_t player, std::int64_t room) {
  std::lock_guard lock(mutex_);
  auto it = player_rooms_.find(player);
  if (it == player_rooms_.end()) return;
  it->second.erase(room);
  if (it->second.empty()) player_rooms_.erase(it);
}

void RoomRegistry::match_started(std::int64_t match, std::int64_t room) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(room);
  if (it == rooms_.end()) return;
  std::erase_if(match_rooms_, [&](const auto& entry) { return entry.second == it->second; });
  match_rooms_[match] = it->second;
}

// ---- dormant rooms ----------------------------------------------------------------------------

bool RoomRegistry::put_to_sleep(const std::shared_ptr<Room>& room, const DormantRoom& dormant) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(room->id());
  if (it == rooms_.end() || it->second != room) return false;
  if (!room->code().empty()) codes_.erase(room->code());
  std::erase_if(match_rooms_, [&](const auto& entry) { return entry.second == room; });
  rooms_.erase(it);
  // The seats stay the players': player_rooms_ keeps them, and a woken room takes them again.
  dormant_.add(dormant);
  server_metrics().rooms_dormant(1);
  return true;
}

void RoomRegistry::add_dormant(DormantRoom dormant) {
  std::lock_guard lock(mutex_);
  // Its seats are its players' as a sleeping room's are: a woken room takes them.
  for (std::int64_t player : dormant.seated) player_rooms_[player].insert(dormant.id);
  if (!dormant_.by_id(dormant.id)) server_metrics().rooms_dormant(1);
  dormant_.add(std::move(dormant));
}

std::shared_ptr<Room> RoomRegistry::wake(std::int64_t id, WakeCause cause) {
  std::lock_guard waking(wake_mutex_);
  DormantRoom dormant;
  {
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(id); it != rooms_.end()) return it->second;  // woken meanwhile
    const DormantRoom* d = dormant_.by_id(id);
    if (!d || !waker_) return nullptr;
    dormant = *d;
  }
  // Throws when the store cannot be read: the room stays dormant, to be woken later.
  std::shared_ptr<Room> room = waker_(dormant);
  server_metrics().room_woken(cause);
  if (!room) forget_dormant(id);  // its match ended or cannot be rebuilt: nothing to wake
  return room;
}

void RoomRegistry::forget_dormant(std::int64_t id) {
  std::lock_guard lock(mutex_);
  const DormantRoom* dormant = dormant_.by_id(id);
  if (!dormant) return;
  for (std::int64_t player : dormant->seated)
    if (auto it = player_rooms_.find(player); it != player_rooms_.end()) {
      it->second.erase(id);
      if (it->second.empty()) player_rooms_.erase(it);
    }
  dormant_.erase(id);
  server_metrics().rooms_dormant(-1);
}

std::size_t RoomRegistry::dormant_count() const {
  std::lock_guard lock(mutex_);
  return dormant_.size();
}

bool RoomRegistry::dormant_match(std::int64_t match) const {
  std::lock_guard lock(mutex_);
  return dormant_.of_match(match) != nullptr;
}

std::optional<std::int64_t> RoomRegistry::room_of_match(std::int64_t match) const {
  std::lock_guard lock(mutex_);
  if (auto it = match_rooms_.find(match); it != match_rooms_.end()) return it->second->id();
  if (const DormantRoom* dormant = dormant_.of_match(match)) return dormant->id;
  return std::nullopt;
}

std::vector<std::int64_t> RoomRegistry::dormant_ids() const {
  std::lock_guard lock(mutex_);
  return dormant_.ids();
}

std::vector<std::int64_t> RoomRegistry::dormant_seated(std::int64_t player) const {
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> ids;
  if (auto it = player_rooms_.find(player); it != player_rooms_.end())
    for (std::int64_t id : it->second)
      if (dormant_.by_id(id)) ids.push_back(id);
  return ids;
}

std::vector<Json> RoomRegistry::dormant_summaries() const {
  std::lock_guard lock(mutex_);
  return dormant_.summaries();
}

std::vector<Json> RoomRegistry::dormant_for_operator() const {
  std::lock_guard lock(mutex_);
  std::vector<Json> rooms;
  for (std::int64_t id : dormant_.ids()) {
    const DormantRoom* dormant = dormant_.by_id(id);
    Json room = Json::parse(dormant->summary);
    if (!dormant->code.empty()) room["code"] = dormant->code;
    room["connections"] = 0;
    room["dormant"] = true;
    rooms.push_back(std::move(room));
  }
  return rooms;
}

std::vector<std::int64_t> RoomRegistry::dormant_due_by(std::int64_t by_ms) const {
  std::lock_guard lock(mutex_);
  return dormant_.due_by(by_ms);
}

std::optional<std::int64_t> RoomRegistry::next_dormant_due_ms() const {
  std::lock_guard lock(mutex_);
  return dormant_.next_due_ms();
}

}  // namespace tortuga
