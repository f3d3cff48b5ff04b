// The rooms of this node and how each is found: by id, by a private room's code, by its running
// match (every action looks here), by the players seated in it, by the connections in it. Its maps
// are guarded by one mutex, held only for lookups and changes: everything that touches a match
// runs on that match's room strand.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "protocol/command.hpp"
#include "server/lobby/dormant_rooms.hpp"
#include "server/ops/server_metrics.hpp"
#include "server/room/client.hpp"
#include "server/room/room.hpp"

namespace tortuga {

class RoomRegistry {
 public:
  // A room's id and a private room's code ("" for a public one).
  struct Name {
    std::int64_t id = 0;
    std::string code;
  };

  // An id for a room of this node alone (a cluster's rooms take the cluster's ids).
  std::int64_t next_id();
  // A join code no room here has: six characters with no look-alikes.
  std::string new_code();

  // A new room, made by `make` with its name (`given`, or the next id and for a private room a new
  // code), unless `max_rooms` are here already (then none). `maker` enters it at once. The room is
  // made under the lock, so that its code is its own and the lobby's feed hears of it first.
  std::shared_ptr<Room> add_new(int max_rooms, const std::optional<Name>& given, bool is_private,
                                const Client* maker,
                                const std::function<std::shared_ptr<Room>(const Name&)>& make);
  // A room made again (rebuilt from the store, or made again from another node's open room), with
  // its running match (0 for none) and the players seated in it.
  void add(const std::shared_ptr<Room>& room, std::int64_t match,
           const std::vector<std::int64_t>& seated);
  // The room is gone: it leaves every map but the connections' (see enter). Returns whether it was
  // here.
  bool remove(std::int64_t room, std::int64_t match);
  void clear();

  // A room by its id (a public one only) or its code; a dormant one is woken for `cause`.
  std::shared_ptr<Room> find(const protocol::RoomRef& ref, WakeCause cause = WakeCause::join);
  // A room in memory by its id: dormant ones are not woken (the operator's and the cluster's
  // look-ups, which ask after rooms, not for them).
  std::shared_ptr<Room> by_id(std::int64_t room) const;
  // The room of a running match; a dormant one is woken for `cause`.
  std::shared_ptr<Room> of_match(std::int64_t match, WakeCause cause = WakeCause::sync);
  // The room, if `client` is in it.
  std::shared_ptr<Room> for_member(const Client* client, std::int64_t room) const;
  // Whether the room is here, in memory or dormant.
  bool has(std::int64_t room) const;
  // The rooms in memory.
  std::size_t size() const;
  std::vector<std::shared_ptr<Room>> all() const;

  // Dormant rooms (server/room/dormancy.hpp). `wake` makes a dormant room again from the store
  // (Lobby::rebuild, which add()s it): none when it cannot be, which leaves it dormant if the
  // store could not be read (it throws) and forgets it otherwise.
  using Waker = std::function<std::shared_ptr<Room>(const DormantRoom&)>;
  void set_waker(Waker waker) { waker_ = std::move(waker); }
  // The room leaves memory, kept as `dormant`: whether it did (it is still this registry's room).
  bool put_to_sleep(const std::shared_ptr<Room>& room, const DormantRoom& dormant);
  // A room kept dormant without ever being in memory here (Lobby::keep_dormant).
  void add_dormant(DormantRoom dormant);
  // The room `id` awake: in memory already, or woken now for `cause`; none if it is neither.
  // Two wakes at once make one room.
  std::shared_ptr<Room> wake(std::int64_t id, WakeCause cause);
  // A dormant room is no longer this node's (another took it over): forgotten, not woken.
  void forget_dormant(std::int64_t id);
  std::size_t dormant_count() const;
  bool dormant_match(std::int64_t match) const;
  // The id of the room here (in memory or dormant, which stays so) whose running match is
  // `match`; none if no room here plays it.
  std::optional<std::int64_t> room_of_match(std::int64_t match) const;
  std::vector<std::int64_t> dormant_ids() const;
  // The dormant rooms `player` has a seat in.
  std::vector<std::int64_t> dormant_seated(std::int64_t player) const;
  std::vector<Json> dormant_summaries() const;
  // The dormant rooms as the admin API lists them: each summary with its code (a private room's),
  // no connections, and `"dormant": true`.
  std::vector<Json> dormant_for_operator() const;
  // The dormant rooms whose next deadline is at or before `by_ms`; the earliest deadline.
  std::vector<std::int64_t> dormant_due_by(std::int64_t by_ms) const;
  std::optional<std::int64_t> next_dormant_due_ms() const;

  // `client` is in the room from now on, and is routed its commands.
  void enter(const Client* client, std::int64_t room);
  void leave(const Client* client, std::int64_t room);
  // The room if it is here, which `client` then enters; none otherwise.
  std::shared_ptr<Room> enter_if_here(const Client* client, std::int64_t room);
  // The rooms in which `player` holds a seat, which `client` enters: a player's hello.
  std::vector<std::shared_ptr<Room>> enter_seats(const Client* client, std::int64_t player);
  // The connection is gone: the rooms it was in.
  std::vector<std::shared_ptr<Room>> forget(const Client* client);

  // The rooms here in which `player` holds a seat.
  std::vector<std::shared_ptr<Room>> seated(std::int64_t player) const;

  void seat_taken(std::int64_t player, std::int64_t room);
  void seat_released(std::int64_t player, std::int64_t room);
  // The room's running match is `match` now (a rematch's): an action or sync naming its earlier
  // one must not reach it.
  void match_started(std::int64_t match, std::int64_t room);

 private:
  void enter_locked(const Client* client, std::int64_t room);  // with mutex_ held
  std::string new_code_locked();                               // with mutex_ held

  mutable std::mutex mutex_;
  std::int64_t next_room_ = 1;
  std::map<std::int64_t, std::shared_ptr<Room>> rooms_;
  std::map<std::string, std::int64_t> codes_;
  std::unordered_map<std::int64_t, std::shared_ptr<Room>> match_rooms_;  // every action looks here
  std::map<std::int64_t, std::set<std::int64_t>> player_rooms_;          // seats held, by player
  std::map<const Client*, std::set<std::int64_t>> client_rooms_;         // rooms a connection is in
  DormantRooms dormant_;
  // Held through a wake, so that two wakes of one room at once make it once; never taken while
  // mutex_ is held.
  std::mutex wake_mutex_;
  Waker waker_;
};

}  // namespace tortuga
