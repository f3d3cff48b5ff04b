// The rooms of this node that are dormant (server/room/dormancy.hpp): found by every name a client
// may use for them (id, a private room's code, the running match, a seated player), listed from
// the summary each had as it fell dormant, and the earliest next deadline among them. Not
// thread-safe: RoomRegistry holds it under its own lock.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/room/dormancy.hpp"

namespace tortuga {

class DormantRooms {
 public:
  void add(DormantRoom room);
  // Forgets the room (woken, or another node's now); returns whether it was here.
  bool erase(std::int64_t room);
  void clear();

  const DormantRoom* by_id(std::int64_t room) const;
  const DormantRoom* by_code(const std::string& code) const;
  const DormantRoom* of_match(std::int64_t match) const;
  std::size_t size() const { return rooms_.size(); }
  std::vector<std::int64_t> ids() const;
  std::vector<nlohmann::json> summaries() const;

  // The rooms whose next deadline is at or before `by_ms`, and the earliest deadline of all.
  std::vector<std::int64_t> due_by(std::int64_t by_ms) const;
  std::optional<std::int64_t> next_due_ms() const;

 private:
  std::unordered_map<std::int64_t, DormantRoom> rooms_;
  std::unordered_map<std::string, std::int64_t> codes_;
  std::unordered_map<std::int64_t, std::int64_t> matches_;
  std::set<std::pair<std::int64_t, std::int64_t>> due_;  // (due_ms, room)
};

}  // namespace tortuga
