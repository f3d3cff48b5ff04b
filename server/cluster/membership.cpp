#include "server/cluster/membership.hpp"

#include <exception>
#include <utility>

#include "protocol/codes.hpp"
#include "protocol/event.hpp"
#include "server/ops/log.hpp"

namespace tortuga {

Membership::Membership(store::Cluster& rows, store::Store& store, Lobby& lobby, StoreHealth* health)
    : rows_(rows), store_(store), lobby_(lobby), health_(health) {}

// ---- taking rooms over ------------------------------------------------------------------------

int Membership::claim(bool own_too) {
  {
    std::lock_guard lock(mutex_);
    claiming_ = true;
  }
  int taken = 0;
  try {
    taken = take_over(rows_.claim(own_too));
  } catch (...) {
    std::lock_guard lock(mutex_);
    claiming_ = false;
    returning_.clear();
    throw;
  }
  // A node taken over may have finished a rated match and stopped before rating it.
  if (taken > 0) lobby_.ratings().rate_pending();
  // Whoever still waits came back for a room that was not rebuilt (its match could not be, or
  // had ended): there is nothing to give them.
  std::lock_guard lock(mutex_);
  claiming_ = false;
  returning_.clear();
  return taken;
}

int Membership::take_over(const std::vector<store::ClaimedRoom>& claimed) {
  // The rooms claimed earlier whose matches could not be read then come first: they are this
  // node's, and nobody else will rebuild them.
  std::vector<store::ClaimedRoom> rooms = std::exchange(unread_claims_, {});
  rooms.insert(rooms.end(), claimed.begin(), claimed.end());
  int taken = 0;
  for (const store::ClaimedRoom& c : rooms) {
    try {
      if (take_over_one(c)) {
        ++taken;
        continue;
      }
    } catch (const store::Unavailable& e) {
      // Not a room to forget: its match is there, only unread. The next beat tries again.
      TORTUGA_LOG_AT(warn, log::Context("match_not_read").room(c.room).match(c.match),
                     "room " << c.room << " claimed, its match not read yet: " << e.what());
      unread_claims_.push_back(c);
      continue;
    }
    rows_.forget_room(c.room);
  }
  store_.flush();
  return taken;
}

bool Membership::take_over_one(const store::ClaimedRoom& c) {
  if (c.match == 0) {
    auto room = lobby_.reopen(c);
    if (!room) return false;
    welcome_back(room);
    TORTUGA_LOG_AT(info, log::Context("room_taken_over").room(c.room).field("from", c.from),
                   "took over open room " << c.room << " from node " << c.from);
    return true;
  }
  const std::optional<store::Match> m = store_.match(c.match).value();
  if (!m || m->status != store::MatchStatus::running) return false;
  const Ownership ownership{true, c.epoch};
  const bool dormant = lobby_.keep_dormant(*m, c.room, ownership);
  if (dormant) {
    // Someone came back for it while it was claimed: it is woken for them.
    if (awaited(c.room))
      if (auto room = lobby_.rooms().wake(c.room, WakeCause::sync)) welcome_back(room);
  } else {
    auto room = lobby_.rebuild(*m, c.room, ownership);
    if (!room) return false;
    welcome_back(room);
  }
  TORTUGA_LOG_AT(info,
                 log::Context("match_taken_over")
                     .room(c.room)
                     .match(c.match)
                     .field("from", c.from)
                     .field("epoch", c.epoch)
                     .field("dormant", dormant),
                 "took over room " << c.room << " (match " << c.match
                                   << (dormant ? ", dormant" : "") << ") from node "
                                   << (c.from.empty() ? "(none)" : c.from) << " at epoch "
                                   << c.epoch);
  return true;
}

bool Membership::awaited(std::int64_t room) {
  std::lock_guard lock(mutex_);
  return returning_.count(room) > 0;
}

void Membership::welcome_back(const std::shared_ptr<Room>& room) {
  std::vector<std::shared_ptr<Client>> back;
  {
    std::lock_guard lock(mutex_);
    auto it = returning_.find(room->id());
    if (it == returning_.end()) return;
    for (const auto& waiting : it->second)
      if (auto c = waiting.lock()) {
        lobby_.rooms().enter(c.get(), room->id());
        back.push_back(std::move(c));
      }
    returning_.erase(it);
  }
  for (auto& c : back) room->post([room, c] { room->resume(c); });
}

// ---- handing rooms over -----------------------------------------------------------------------

void Membership::lost(const std::vector<std::int64_t>& ids) {
  for (std::int64_t id : ids) {
    // A dormant room taken over holds nothing unstored and nobody to tell: it is forgotten.
    lobby_.rooms().forget_dormant(id);
    auto room = lobby_.room_by_id(id);
    if (!room) continue;
    std::string url;
    try {
      if (auto place = rows_.owner(id)) url = place->url;
    } catch (const std::exception&) {
      // Its new owner's URL is unknown: the clients are told to try any node.
    }
    room->post([room, url = std::move(url)] { room->hand_over(url); });
  }
}

std::optional<std::string> Membership::moved_to(std::int64_t room) {
  try {
    auto place = rows_.owner(room);
    if (place && place->node == rows_.node()) return std::nullopt;
    return place ? place->url : "";
  } catch (const std::exception& e) {
    // The database cannot say: the room stays, and waits for its store. The outage is logged
    // once, by the store's health, not by every room it reaches.
    if (health_) health_->failed(e.what());
    TORTUGA_LOG_AT(debug, log::Context("owner_unknown").room(room),
                   "room " << room << ": cannot tell its owner: " << e.what());
    return std::nullopt;
  }
}

std::vector<std::pair<std::int64_t, std::string>> Membership::open_states() const {
  std::vector<std::pair<std::int64_t, std::string>> out;
  for (const auto& room : lobby_.rooms().all()) {
    Json state = room->summary();
    if (state.value("status", "") != "open") continue;
    if (room->is_private()) state["code"] = room->code();
    out.emplace_back(room->id(), state.dump());
  }
  return out;
}

void Membership::forget(std::int64_t room) {
  try {
    rows_.forget_room(room);
  } catch (const std::exception& e) {
    // The other nodes would list and route to it for good: the heartbeat tries again.
    TORTUGA_LOG_AT(
        warn, log::Context("room_not_forgotten").room(room),
        "room " << room << " closed, but its row stays until the database is back: " << e.what());
    std::lock_guard lock(mutex_);
    closed_rows_.insert(room);
  }
}

void Membership::forget_closed_rooms() {
  std::set<std::int64_t> closed;
  {
    std::lock_guard lock(mutex_);
    closed = closed_rows_;
  }
  for (std::int64_t id : closed) {
    rows_.forget_room(id);
    std::lock_guard lock(mutex_);
    closed_rows_.erase(id);
  }
}

// ---- the lobby's rooms, across the cluster ----------------------------------------------------

std::vector<std::pair<std::int64_t, std::string>> Membership::listings() const {
  std::vector<std::pair<std::int64_t, std::string>> out;
  for (const auto& room : lobby_.rooms().all())
    out.emplace_back(room->id(),
                     room->is_private() ? "null" : lobby_listing(room->summary()).dump());
  // A dormant room is still this node's, and listed as it fell dormant.
  for (Json& summary : lobby_.rooms().dormant_summaries()) {
    const auto id = summary.at("id").get<std::int64_t>();
    out.emplace_back(
        id, summary.value("private", false) ? "null" : lobby_listing(std::move(summary)).dump());
  }
  return out;
}

std::vector<std::int64_t> Membership::room_ids() const {
  std::vector<std::int64_t> out;
  for (const auto& room : lobby_.rooms().all()) out.push_back(room->id());
  for (std::int64_t id : lobby_.rooms().dormant_ids()) out.push_back(id);
  return out;
}

void Membership::listings_elsewhere(const std::vector<std::string>& listings) {
  std::map<std::int64_t, std::string> now;
  for (const std::string& text : listings) {
    const Json room = listed_elsewhere(text);
    if (room.is_null()) continue;
    const auto id = room.at("id").get<std::int64_t>();
    if (auto it = listed_elsewhere_.find(id); it == listed_elsewhere_.end() || it->second != text)
      lobby_.feed().update(id, room);
    now.emplace(id, text);
  }
  for (const auto& [id, text] : listed_elsewhere_)
    // Gone from the other nodes: closed, over, or taken over by this one, whose own summary
    // tells the feed then.
    if (!now.count(id) && !lobby_.rooms().has(id)) lobby_.feed().update(id, nullptr);
  listed_elsewhere_ = std::move(now);
}

// ---- players and rooms elsewhere --------------------------------------------------------------

bool Membership::sent_elsewhere(const std::shared_ptr<Client>& c, const Json& re,
                                const std::optional<store::RoomPlace>& place) {
  if (!place || place->node == rows_.node()) return false;
  if (place->url.empty() && nudge_) nudge_();
  c->send(counted_error(code::kElsewhere,
                        protocol::event::elsewhere(re, "moved: that room is on another node",
                                                   place->url, place->room, place->match)));
  return true;
}

bool Membership::room_elsewhere(const std::shared_ptr<Client>& c, const Json& re,
                                const protocol::RoomRef& ref) {
  if (const auto* code = std::get_if<std::string>(&ref))
    return sent_elsewhere(c, re, rows_.code_place(*code));
  return sent_elsewhere(c, re, rows_.room_place(std::get<std::int64_t>(ref)));
}

bool Membership::match_elsewhere(const std::shared_ptr<Client>& c, const Json& re,
                                 std::int64_t match) {
  return sent_elsewhere(c, re, rows_.match_place(match));
}

void Membership::seats_of(const std::shared_ptr<Client>& c, std::int64_t player,
                          const std::set<std::int64_t>& held) {
  for (const store::RoomPlace& place : rows_.seats(player)) {
    // Another node's: the player is sent there.
    if (sent_elsewhere(c, nullptr, place) || held.count(place.room)) continue;
    // This node's by the database, not in the lobby when hello looked: claimed, and being
    // rebuilt (or rebuilt since).
    std::shared_ptr<Room> room;
    {
      std::lock_guard lock(mutex_);
      room = lobby_.rooms().enter_if_here(c.get(), place.room);
      // A room kept dormant is found as a node alone finds one: when the player asks for it.
      if (!room && claiming_ && !lobby_.rooms().has(place.room))
        returning_[place.room].push_back(c);
    }
    if (room) room->post([room, c] { room->resume(c); });
  }
}

void Membership::disconnected(const std::shared_ptr<Client>& c) {
  std::lock_guard lock(mutex_);
  for (auto& [room, waiting] : returning_)
    std::erase_if(waiting, [&](const std::weak_ptr<Client>& w) { return w.lock() == c; });
}

}  // namespace tortuga
