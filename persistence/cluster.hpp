// What the nodes of a cluster share besides the match store: who is alive (each node's lease),
// which node owns each room (and at which ownership epoch), and the lobby's listings. Only
// PostgreSQL has one (PgCluster); a node on SQLite is alone and has none.
//
// A node keeps its lease alive with renew() on a timer; when a lease runs out, another node's
// claim() takes the dead node's running matches over, bumping each one's epoch in the same
// transaction, so that the old owner's appends are refused from then on (Action::epoch). Rooms
// are known cluster-wide by one id, so that any node can say where a room lives.
//
// Every method may be called from any thread and throws store::Unavailable (a
// std::runtime_error) when the database cannot answer, except where it says otherwise: an empty
// answer always means that nothing is there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tortuga::store {

// Where a room lives: its node, and that node's URL if its lease is alive (else empty: the room
// is waiting to be taken over, and any node will do).
struct RoomPlace {
  std::int64_t room = 0;
  std::int64_t match = 0;  // its running match, 0 if none
  std::string node;
  std::string url;
};

// A room of another node, for its operator: where it lives, whether it is private, and its
// listing as its node last published it ("null" for a private room).
struct RoomElsewhere {
  RoomPlace place;
  bool is_private = false;
  std::string listing;
};

// Another node that answers (its lease runs, its heartbeat is fresh, its connection open): its id
// and URL.
struct NodePlace {
  std::string node;
  std::string url;
};

// A room taken over: its id, its new epoch, and the running match to rebuild from its log.
struct ClaimedRoom {
  std::int64_t room = 0;
  std::int64_t epoch = 0;
  std::int64_t match = 0;
  std::string from;  // the node it was taken from
  // For an open room (match 0) that its node left as it stopped: the room as that node wrote it
  // (keep_open), to make it again with its seats.
  std::string open_state;
};

class Cluster {
 public:
  virtual ~Cluster() = default;

  virtual const std::string& node() const = 0;  // this node's id
  virtual const std::string& url() const = 0;   // the WebSocket URL clients reach it at

  // Registers this node, or extends its lease by the lease's length from now (by the database's
  // clock).
  virtual void renew() = 0;
  // Ends this node's lease now, for a clean stop: the others take its matches over at once.
  // Never throws (a node stopping with its database gone leaves the lease to run out).
  virtual void release() noexcept = 0;
  // Takes over the rooms with a running match (or an open state, keep_open) of every node whose
  // lease has run out, and with
  // `own_too` (at this node's start) this node's own, left by its last run, and running matches
  // in no room (stored by a node that ran alone). Rooms of dead nodes without a running match are
  // forgotten. Atomic: each room is taken by one node only.
  virtual std::vector<ClaimedRoom> claim(bool own_too) = 0;
  // Of `rooms`, those no longer this node's (taken over while it was paused or cut off).
  virtual std::vector<std::int64_t> lost(const std::vector<std::int64_t>& rooms) = 0;

  // A new room of this node at epoch 1: its id, or none when `code` (a private room's) is taken.
  virtual std::optional<std::int64_t> new_room(const std::string& code, bool is_private) = 0;
  // Publishes the listings ("null": not listed) of rooms of this node.
  virtual void publish(const std::vector<std::pair<std::int64_t, std::string>>& listings) = 0;
  // As this node stops cleanly: the open rooms (not started) it leaves, each with its state as
  // JSON text, for the node that claims them to make them again.
  virtual void keep_open(const std::vector<std::pair<std::int64_t, std::string>>& rooms) = 0;
  // The room is closed: its row goes, unless another node owns it now.
  virtual void forget_room(std::int64_t room) = 0;

  // Where a public room, a private room by its code, a running match lives; none if unknown.
  virtual std::optional<RoomPlace> room_place(std::int64_t room) = 0;
  virtual std::optional<RoomPlace> code_place(const std::string& code) = 0;
  virtual std::optional<RoomPlace> match_place(std::int64_t match) = 0;
  // Where any room lives, private or not: for its owner, to learn whether it still is.
  virtual std::optional<RoomPlace> owner(std::int64_t room) = 0;
  // The running matches (and open rooms a stopping node left) in which `player` holds a seat, on
  // every node, this one's too: those it is taking over are its own before they are rebuilt.
  virtual std::vector<RoomPlace> seats(std::int64_t player) = 0;
  // The listings of the public rooms of every other node whose lease is alive.
  virtual std::vector<std::string> listings_elsewhere() = 0;
  // For the operator, unlike the lookups above throwing when the database cannot answer: every
  // other node's room, private or not, and the other nodes that answer.
  virtual std::vector<RoomElsewhere> rooms_elsewhere() = 0;
  virtual std::vector<NodePlace> nodes_elsewhere() = 0;
};

}  // namespace tortuga::store
