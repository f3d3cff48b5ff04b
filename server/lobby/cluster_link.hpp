// What the lobby asks of this node's part in a cluster (docs/scaling.md), which
// cluster/membership.hpp implements: the lobby routes commands to the rooms it has, the cluster
// knows whose the others are. A node alone has none.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "persistence/cluster.hpp"
#include "protocol/command.hpp"
#include "server/room/client.hpp"

namespace tortuga {

class ClusterLink {
 public:
  virtual ~ClusterLink() = default;

  // The rows every node shares: rooms' ids and codes, listings.
  virtual store::Cluster& rows() = 0;
  // A room (by id or code) or a match that no room of this node has: the elsewhere error naming
  // the node that has it, if another one does. True if it was sent.
  virtual bool room_elsewhere(const std::shared_ptr<Client>& c, const nlohmann::json& re,
                              const protocol::RoomRef& room) = 0;
  virtual bool match_elsewhere(const std::shared_ptr<Client>& c, const nlohmann::json& re,
                               std::int64_t match) = 0;
  // After hello, the player's seats on every node: each on another node is named to `c`; each of
  // this node's that is not in the lobby yet (being taken over) is given to `c` once it is, as
  // `held` (resumed already) were. Throws store::Unavailable when the database cannot answer.
  virtual void seats_of(const std::shared_ptr<Client>& c, std::int64_t player,
                        const std::set<std::int64_t>& held) = 0;
  // The connection is gone: it waits for no room being taken over.
  virtual void disconnected(const std::shared_ptr<Client>& c) = 0;
  // A room of this node closed: its row goes, now or once the database is back.
  virtual void forget(std::int64_t room) = 0;
  // After the store refused a write of the room's: the URL of the node that owns the room now (""
  // if none is known yet), or none while it is still this node's (RoomDirectory::moved_to).
  virtual std::optional<std::string> moved_to(std::int64_t room) = 0;
};

}  // namespace tortuga
