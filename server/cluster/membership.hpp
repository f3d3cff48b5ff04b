// This node's part in a cluster (docs/scaling.md): which rooms are whose. It claims the rooms of
// nodes whose lease ran out and has the lobby make them again here (take_over), hands over those
// another node took while this one could not beat (lost), gives a player who comes back for a
// room being taken over their seat the moment it is rebuilt, names the node of a room that is
// not here, publishes this node's listings and follows the others', and leaves its open rooms to
// the others as it stops. The heartbeat (heartbeat.hpp) drives it; the lobby asks it through
// ClusterLink.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "persistence/cluster.hpp"
#include "persistence/store.hpp"
#include "server/lobby/cluster_link.hpp"
#include "server/lobby/lobby.hpp"
#include "server/ops/store_health.hpp"

namespace tortuga {

class Membership : public ClusterLink {
 public:
  // `health`: the server's, told when the database cannot say who owns a room; none: nobody is.
  Membership(store::Cluster& rows, store::Store& store, Lobby& lobby,
             StoreHealth* health = nullptr);

  // Claims the rooms of dead nodes (with `own_too`, this node's own of its last run, at its start;
  // store::Cluster::claim) and takes them over. Returns how many. Throws when the database cannot
  // answer.
  int claim(bool own_too);
  // Has the claimed rooms made again here: each running match rebuilt from its log, as a room of
  // the same id owned at its new epoch, each open room from its state. Returns how many. A claimed
  // room whose match cannot be read now is kept, and tried again at the next call.
  int take_over(const std::vector<store::ClaimedRoom>& claimed);
  // These rooms are other nodes' now: each is handed over (Room::hand_over).
  void lost(const std::vector<std::int64_t>& rooms);
  // The rows of rooms closed while the database was away, forgotten now. Throws when the database
  // still cannot answer.
  void forget_closed_rooms();
  // Every room of this node with its listing as the lobby shows it ("null" for a private room),
  // and their ids: what the heartbeat publishes and checks.
  std::vector<std::pair<std::int64_t, std::string>> listings() const;
  std::vector<std::int64_t> room_ids() const;
  // From the heartbeat's thread alone: the other live nodes' listings as their owners last
  // published them, into the lobby's feed, so that a watcher on any node follows the whole
  // cluster's lobby (a beat behind).
  void listings_elsewhere(const std::vector<std::string>& listings);
  // The open rooms (not started) with their state, for another node to make again: as the node
  // stops cleanly.
  std::vector<std::pair<std::int64_t, std::string>> open_states() const;
  // Called when a client asks for a room whose node is dead and not yet taken over: the heartbeat
  // claims it at once (Heartbeat::nudge).
  void on_orphan(std::function<void()> nudge) { nudge_ = std::move(nudge); }

  // ClusterLink
  store::Cluster& rows() override { return rows_; }
  bool room_elsewhere(const std::shared_ptr<Client>& c, const Json& re,
                      const protocol::RoomRef& room) override;
  bool match_elsewhere(const std::shared_ptr<Client>& c, const Json& re,
                       std::int64_t match) override;
  void seats_of(const std::shared_ptr<Client>& c, std::int64_t player,
                const std::set<std::int64_t>& held) override;
  void disconnected(const std::shared_ptr<Client>& c) override;
  void forget(std::int64_t room) override;
  std::optional<std::string> moved_to(std::int64_t room) override;

 private:
  // The elsewhere error naming `place`'s node, if it is another node's. True if it was sent.
  bool sent_elsewhere(const std::shared_ptr<Client>& c, const Json& re,
                      const std::optional<store::RoomPlace>& place);
  // A room just made again here: the players who came back for it meanwhile are resumed in it.
  void welcome_back(const std::shared_ptr<Room>& room);
  // Whether a player came back for the room while it was claimed.
  bool awaited(std::int64_t room);
  // One claimed room made again here; false when it is to be forgotten. Throws store::Unavailable
  // when its match cannot be read now.
  bool take_over_one(const store::ClaimedRoom& claimed);

  store::Cluster& rows_;
  store::Store& store_;
  Lobby& lobby_;
  StoreHealth* health_;
  std::function<void()> nudge_;
  // Rooms claimed whose matches could not be read yet (take_over; the heartbeat's thread only).
  std::vector<store::ClaimedRoom> unread_claims_;
  // The other nodes' listed rooms as last given to the feed (listings_elsewhere's own).
  std::map<std::int64_t, std::string> listed_elsewhere_;

  // Held around the registry's lookups where a returning player and a room being rebuilt meet
  // (seats_of, welcome_back), so that each player finds the room or is found by it.
  mutable std::mutex mutex_;
  // While this node claims and rebuilds rooms (claim): the connections of players who came back
  // for a room claimed but not yet rebuilt, resumed in it once it is.
  bool claiming_ = false;
  std::map<std::int64_t, std::vector<std::weak_ptr<Client>>> returning_;
  // Rooms closed whose rows the database could not drop then (forget_closed_rooms).
  std::set<std::int64_t> closed_rows_;
};

}  // namespace tortuga
