#include "server/lobby/dormant_rooms.hpp"

namespace tortuga {

void DormantRooms::add(DormantRoom room) {
  erase(room.id);
  if (!room.code.empty()) codes_[room.code] = room.id;
  if (room.match != 0) matches_[room.match] = room.id;
  if (room.due_ms) due_.emplace(*room.due_ms, room.id);
  const std::int64_t id = room.id;
  rooms_.emplace(id, std::move(room));
}

bool DormantRooms::erase(std::int64_t id) {
  auto it = rooms_.find(id);
  if (it == rooms_.end()) return false;
  const DormantRoom& room = it->second;
  if (!room.code.empty()) codes_.erase(room.code);
  if (room.match != 0) matches_.erase(room.match);
  if (room.due_ms) due_.erase({*room.due_ms, id});
  rooms_.erase(it);
  return true;
}

void DormantRooms::clear() {
  rooms_.clear();
  codes_.clear();
  matches_.clear();
  due_.clear();
}

const DormantRoom* DormantRooms::by_id(std::int64_t id) const {
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : &it->second;
}

const DormantRoom* DormantRooms::by_code(const std::string& code) const {
  auto it = codes_.find(code);
  return it == codes_.end() ? nullptr : by_id(it->second);
}

const DormantRoom* DormantRooms::of_match(std::int64_t match) const {
  auto it = matches_.find(match);
  return it == matches_.end() ? nullptr : by_id(it->second);
}

std::vector<std::int64_t> DormantRooms::ids() const {
  std::vector<std::int64_t> out;
  out.reserve(rooms_.size());
  for (const auto& [id, room] : rooms_) out.push_back(id);
  return out;
}

std::vector<nlohmann::json> DormantRooms::summaries() const {
  std::vector<nlohmann::json> out;
  out.reserve(rooms_.size());
  for (const auto& [id, room] : rooms_) out.push_back(nlohmann::json::parse(room.summary));
  return out;
}

std::vector<std::int64_t> DormantRooms::due_by(std::int64_t by_ms) const {
  std::vector<std::int64_t> out;
  for (const auto& [due, id] : due_) {
    if (due > by_ms) break;
    out.push_back(id);
  }
  return out;
}

std::optional<std::int64_t> DormantRooms::next_due_ms() const {
  if (due_.empty()) return std::nullopt;
  return due_.begin()->first;
}

}  // namespace tortuga
