// The lobby: players, the rooms they create and join, and the routing of every command to the
// room that owns it. Its maps are guarded by one mutex held only for lookups; everything that
// touches a match runs on that match's room strand.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include <boost/asio/io_context.hpp>

#include "persistence/cluster.hpp"
#include "persistence/store.hpp"
#include "protocol/command.hpp"
#include "server/access/allowance.hpp"
#include "server/access/tally.hpp"
#include "server/history/replays.hpp"
#include "server/lobby/guesses.hpp"
#include "server/lobby/lobby_feed.hpp"
#include "server/ops/config.hpp"
#include "server/ops/drain.hpp"
#include "server/room/client.hpp"
#include "server/room/room.hpp"

namespace tortuga {

struct LobbyLimits {
  int max_rooms = Limits{}.max_rooms;
  std::chrono::milliseconds gather{Config::kLobbyGatherMs};  // the feed's (lobby_feed.hpp)
  std::size_t max_options_bytes = Limits{}.max_options_bytes;
  ReplayLimits replays = {};
  int max_rooms_per_player = Limits{}.max_rooms_per_player;
  int max_rooms_per_address = Limits{}.max_rooms_per_address;
  int new_players_per_address_per_hour = Limits{}.new_players_per_address_per_hour;
  GuessSettings guesses = {Limits{}.free_guesses, Limits{}.guess_backoff_max_s,
                           Limits{}.guess_report_s};
  Json for_clients = limits_for_clients(Limits{});  // as welcome tells them
};

class Lobby : public RoomDirectory {
 public:
  // `cluster`: the cluster this node is part of (docs/scaling.md); none for a node alone. On a
  // cluster, room ids are the cluster's, the lobby lists every live node's rooms, and a client
  // asking for a room or match another node owns is told where it lives.
  Lobby(boost::asio::io_context& io, store::Store& store, RoomSettings settings, LobbyLimits limits,
        store::Cluster* cluster = nullptr);

  // Rebuilds every unfinished match from the store, as a running room. Returns how many. For a
  // node alone; on a cluster, claim does it for the rooms this node claims.
  int recover();
  // On a cluster: claims the rooms of dead nodes (with `own_too`, this node's own of its last
  // run, at its start; store::Cluster::claim) and takes them over. Returns how many. Throws when
  // the database cannot answer.
  int claim(bool own_too);
  // On a cluster: rebuilds the claimed rooms' matches from their logs, as running rooms of the
  // same ids, owned at their new epochs. Returns how many. A claimed room whose match cannot be
  // read now is kept, and tried again at the next call.
  int take_over(const std::vector<store::ClaimedRoom>& claimed);
  // On a cluster, from the heartbeat: the rows of rooms closed while the database was away,
  // forgotten now. Throws when the database still cannot answer.
  void forget_closed_rooms();
  // On a cluster: these rooms are other nodes' now; each is handed over (Room::hand_over).
  void lost(const std::vector<std::int64_t>& rooms);
  // Every room of this node with its listing as the lobby shows it ("null" for a private room),
  // and their ids: what the node's heartbeat publishes and checks.
  std::vector<std::pair<std::int64_t, std::string>> listings() const;
  std::vector<std::int64_t> room_ids() const;
  // On a cluster, from the heartbeat's thread alone: the other live nodes' listings as their
  // owners last published them, into the lobby's feed, so that a watcher on any node follows the
  // whole cluster's lobby (a beat behind).
  void listings_elsewhere(const std::vector<std::string>& listings);
  // The open rooms (not started) with their state, for another node to make again: as the node
  // stops cleanly.
  std::vector<std::pair<std::int64_t, std::string>> open_states() const;
  // Called when a client asks for a room whose node is dead and not yet taken over: the
  // heartbeat claims it at once (Heartbeat::nudge).
  void on_orphan(std::function<void()> nudge) { nudge_ = std::move(nudge); }
  // One parsed message of a client, on that client's strand. `next` is called once the client's
  // next message may be handled: at once for most, but a hello that makes a new player answers
  // only once the store has the player, and what the client sent behind it must find it welcomed.
  void handle(const std::shared_ptr<Client>& client, protocol::Parsed parsed,
              std::function<void()> next);
  void disconnected(const std::shared_ptr<Client>& client);
  void shutdown();
  // Forgets every room, and the feed's timer; at the very end, before the io_context goes.
  void release_rooms();

  std::size_t room_count() const;
  // Wrong guesses of secrets by address: the join codes here, the admin token in the admin API.
  Guesses& guesses() { return guesses_; }

  // For the server's operator: every room, private ones too (Room::operator_summary), and any
  // room by its id.
  Json rooms_for_operator() const;
  std::shared_ptr<Room> room_by_id(std::int64_t id) const;
  // New rooms and matches are refused while the node drains (create_room here, start in rooms).
  Drain& drain() { return drain_; }
  const Drain& drain() const { return drain_; }
  // The node's replays of stored matches (get_replay here; the HTTP API's too).
  Replays& replays() { return replays_; }

  // RoomDirectory
  void seat_taken(std::int64_t player, std::int64_t room) override;
  void seat_released(std::int64_t player, std::int64_t room) override;
  bool begin_match(std::int64_t room) override;
  void match_started(std::int64_t match, std::int64_t room) override;
  void match_ended(std::int64_t room) override;
  void room_closed(std::int64_t room, std::int64_t match) override;
  void room_summary(std::int64_t room, const Json& summary) override;
  std::optional<std::string> moved_to(std::int64_t room) override;

 private:
  // A running room rebuilt from a stored unfinished match, or none (the match cannot be
  // rebuilt, and is marked aborted; or it is over, and its result stored now).
  std::shared_ptr<Room> rebuild(const store::Match& m, std::int64_t room_id, Ownership ownership);
  // An open room another node left (ClaimedRoom::open_state), made again here; none if its state
  // does not make one.
  std::shared_ptr<Room> reopen(const store::ClaimedRoom& claimed);
  // On a cluster, a player's seats on every node, after hello: each on another node is named to
  // `c`; each of this node's that is not in its lobby yet (being taken over) is given to `c`
  // once it is, as `held` (resumed already) were.
  void seats_in_cluster(const std::shared_ptr<Client>& c, std::int64_t player,
                        const std::set<std::int64_t>& held);
  // A room just put into the lobby, rebuilt or made again here: the players who came back for it
  // meanwhile are resumed in it.
  void welcome_back(const std::shared_ptr<Room>& room);
  // On a cluster, a room or match found on no node of this one: the elsewhere error naming its
  // node, if another node has it. True if it was sent.
  bool sent_elsewhere(const std::shared_ptr<Client>& c, const Json& re,
                      const std::optional<store::RoomPlace>& place);
  void dispatch(const std::shared_ptr<Client>& client, protocol::Parsed& parsed);
  // What create_room gives a room it says nothing of, as welcome tells clients.
  Json room_defaults() const;
  void welcome_new_player(const std::shared_ptr<Client>& c, const Json& re, const std::string& name,
                          std::function<void()> next);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Hello& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::ListRooms& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::CreateRoom& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::JoinRoom& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::WatchRoom& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::AddBot& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::LeaveRoom& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Start& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, protocol::Act m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Sync& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::ListMatches& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetMatch& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetReplay& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Ping& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, protocol::Chat m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Mute& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::SpectatorChat& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::TransferHost& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::RemovePlayer& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::AllowPlayer& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, protocol::CloseRoom m);
  void on(const std::shared_ptr<Client>& c, const Json& re, protocol::StandIn m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::Rematch& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, protocol::WatchLobby m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::UnwatchLobby& m);

  std::shared_ptr<Room> find_room(const protocol::RoomRef& ref) const;
  std::optional<store::RoomPlace> place_of(const protocol::RoomRef& ref) const;  // on a cluster
  std::shared_ptr<Room> room_of_match(std::int64_t match) const;
  std::shared_ptr<Room> member_room(const std::shared_ptr<Client>& c, std::int64_t room) const;
  void enter(const std::shared_ptr<Client>& c, std::int64_t room);
  void enter_locked(const Client* c, std::int64_t room);  // with mutex_ held
  std::string new_code();
  // A join code named by `ref` (none for a room id): whether `c` may guess one now, answering if
  // not; and a code that found no room, counted against its address.
  bool refused_guessing(const std::shared_ptr<Client>& c, const Json& re,
                        const protocol::RoomRef& ref);
  void guessed_wrong(const std::shared_ptr<Client>& c, const protocol::RoomRef& ref);
  // The room is counted against the player and the address that made it, until it closes;
  // false, having answered, when either holds as many as it may.
  bool made_by(const std::shared_ptr<Client>& c, const Json& re);
  void unmade(std::int64_t room);

  boost::asio::io_context& io_;
  store::Store& store_;
  RoomSettings settings_;
  LobbyLimits limits_;
  Drain drain_;
  Replays replays_;
  std::shared_ptr<LobbyFeed> feed_;  // the listed rooms' changes, to those who watch the lobby
  store::Cluster* cluster_;
  std::function<void()> nudge_;
  // Rooms claimed whose matches could not be read yet (take_over; the heartbeat's thread only).
  std::vector<store::ClaimedRoom> unread_claims_;

  mutable std::mutex mutex_;
  std::int64_t next_room_ = 1;
  std::map<std::int64_t, std::shared_ptr<Room>> rooms_;
  // The other nodes' listed rooms as last given to the feed (listings_elsewhere's own).
  std::map<std::int64_t, std::string> listed_elsewhere_;
  std::map<std::string, std::int64_t> codes_;
  std::unordered_map<std::int64_t, std::shared_ptr<Room>> match_rooms_;  // every action looks here
  std::map<std::int64_t, std::set<std::int64_t>> player_rooms_;          // seats held, by player
  std::map<const Client*, std::set<std::int64_t>> client_rooms_;         // rooms a connection is in
  // On a cluster, while this node claims and rebuilds rooms (claim()): the connections of players
  // who came back for a room claimed but not yet rebuilt, resumed in it once it is.
  bool claiming_ = false;
  std::map<std::int64_t, std::vector<std::weak_ptr<Client>>> returning_;
  // Rooms closed whose rows the database could not drop then (forget_closed_rooms).
  std::set<std::int64_t> closed_rows_;

  // The limits per player and per address (docs/security.md); each thread-safe on its own.
  Tally<std::int64_t> rooms_per_player_;
  Tally<std::string> rooms_per_address_;
  struct Maker {
    std::int64_t player;
    std::string address;
  };
  std::map<std::int64_t, Maker> makers_;  // by room, under mutex_: whom a room is counted against
  Allowance new_players_;                 // per address
  Guesses guesses_;
};

}  // namespace tortuga
