// The lobby: players, the rooms they create and join, and the routing of every command to the
// room that owns it. The rooms are found through its RoomRegistry; everything that touches a match
// runs on that match's room strand. On a cluster, where the other rooms are is the cluster's
// (ClusterLink).
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

#include "persistence/store.hpp"
#include "protocol/command.hpp"
#include "server/access/allowance.hpp"
#include "server/access/passwords.hpp"
#include "server/access/tally.hpp"
#include "server/history/replays.hpp"
#include "server/lobby/accounts.hpp"
#include "server/lobby/cluster_link.hpp"
#include "server/lobby/dormancy.hpp"
#include "server/lobby/guesses.hpp"
#include "server/lobby/leaderboard_feed.hpp"
#include "server/lobby/lobby_feed.hpp"
#include "server/lobby/my_matches_feed.hpp"
#include "server/lobby/room_registry.hpp"
#include "server/lobby/vacations.hpp"
#include "server/ops/config.hpp"
#include "server/ops/drain.hpp"
#include "server/ratings/match_ratings.hpp"
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
  PasswordSettings passwords = {};
  int max_sessions_per_player = Limits{}.max_sessions_per_player;
  DormancySettings dormancy = {};  // off unless the operator sets limits.dormant_after_s
  MyMatchesSettings my_matches = {};
};

class Lobby : public RoomDirectory {
 public:
  Lobby(boost::asio::io_context& io, store::Store& store, RoomSettings settings,
        LobbyLimits limits);

  // On a cluster (docs/scaling.md), before the lobby serves: the node's part in it. Room ids are
  // the cluster's then, the lobby lists every live node's rooms, and a client asking for a room or
  // match another node owns is told where it lives.
  void join_cluster(ClusterLink& cluster);

  // Rooms made again (recovery.cpp). Every unfinished match rebuilt from the store as a running
  // room, or kept dormant (keep_dormant): for a node alone, at its start; returns how many.
  int recover();
  // A stored correspondence match kept dormant as room `room_id` without building its room, when
  // the room rebuilt from it would fall dormant at once (dormant_as_stored): for a match made
  // this node's while nobody can be in its room yet. Whether it was; if not, rebuild it. Throws
  // store::Unavailable when its clocks cannot be read.
  bool keep_dormant(const store::Match& m, std::int64_t room_id, Ownership ownership);
  // A running room rebuilt from a stored unfinished match as room `room_id`, or none (the match
  // cannot be rebuilt, and is marked aborted; or it is over, and its result stored now). Throws
  // store::Unavailable when the match's log cannot be read.
  std::shared_ptr<Room> rebuild(const store::Match& m, std::int64_t room_id, Ownership ownership);
  // An open room another node left (store::ClaimedRoom::open_state: its summary as that node
  // published it), made again here; none if its state does not make one.
  std::shared_ptr<Room> reopen(const store::ClaimedRoom& claimed);

  // One parsed message of a client, on that client's strand. `next` is called once the client's
  // next message may be handled: at once for most, but a hello that makes a new player answers
  // only once the store has the player, and what the client sent behind it must find it welcomed.
  void handle(const std::shared_ptr<Client>& client, protocol::Parsed parsed,
              std::function<void()> next);
  void disconnected(const std::shared_ptr<Client>& client);
  void shutdown();
  // Forgets every room, and the feed's timer; at the very end, before the io_context goes.
  void release_rooms();

  std::size_t room_count() const { return rooms_.size(); }
  RoomRegistry& rooms() { return rooms_; }
  const RoomRegistry& rooms() const { return rooms_; }
  LobbyFeed& feed() { return *feed_; }
  // Wrong guesses of secrets by address: the join codes and passwords here, the admin token in
  // the admin API.
  Guesses& guesses() { return guesses_; }
  // Accounts and sessions: the players' commands here, the operator's through the admin API.
  Accounts& accounts() { return accounts_; }

  // For the server's operator: every room, private ones too (Room::operator_summary), and any
  // room by its id.
  Json rooms_for_operator() const;
  std::shared_ptr<Room> room_by_id(std::int64_t id) const { return rooms_.by_id(id); }
  // The room `id` for the operator to act on: a dormant one is woken (it throws when the store
  // cannot be read).
  std::shared_ptr<Room> room_for_operator(std::int64_t id) {
    return rooms_.wake(id, WakeCause::operator_call);
  }
  // New rooms and matches are refused while the node drains (create_room here, start in rooms).
  Drain& drain() { return drain_; }
  const Drain& drain() const { return drain_; }
  // The node's replays of stored matches (get_replay here; the HTTP API's too).
  Replays& replays() { return replays_; }
  // Rates the node's finished rated matches (and, at start, those left unrated).
  rated::MatchRatings& ratings() { return ratings_; }

  // RoomDirectory
  void seat_taken(std::int64_t player, std::int64_t room) override;
  void seat_released(std::int64_t player, std::int64_t room) override;
  bool begin_match(std::int64_t room) override;
  void match_started(std::int64_t match, std::int64_t room) override;
  void match_ended(std::int64_t room) override;
  void rated_match_finished(std::int64_t match) override;
  void room_closed(std::int64_t room, std::int64_t match) override;
  void room_summary(std::int64_t room, const Json& summary) override;
  std::optional<std::string> moved_to(std::int64_t room) override;
  std::optional<std::int64_t> vacation_day(std::int64_t player, std::int64_t at_ms) override;
  std::optional<std::int64_t> on_vacation_until(std::int64_t player, std::int64_t now_ms) override;
  bool room_dormant(const std::shared_ptr<Room>& room, const DormantRoom& dormant) override;
  void matches_changed(const std::vector<std::int64_t>& players) override;

 private:
  // Answers `parsed`; a command that answers later takes `next` (leaving it empty).
  void dispatch(const std::shared_ptr<Client>& client, protocol::Parsed& parsed,
                std::function<void()>& next);
  // What create_room gives a room it says nothing of, as welcome tells clients.
  Json room_defaults() const;
  void welcome_new_player(const std::shared_ptr<Client>& c, const Json& re, const std::string& name,
                          std::function<void()> next);
  // Welcomes `c` as `player` with `token` (its session's), and resumes the player's seats: after
  // a hello with a token, a login, a registration.
  void welcome_player(const std::shared_ptr<Client>& c, const Json& re, const store::Player& player,
                      bool account, const std::string& token, std::int64_t session);
  // The players' commands (lobby.cpp) and the rooms' (lobby_rooms.cpp).
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
  // The leaderboards (lobby_ratings.cpp).
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetLeaderboard& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::WatchLeaderboard& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::UnwatchLeaderboard& m);
  // Play by correspondence (lobby_correspondence.cpp).
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::TakeVacation& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetVacation& m);
  // "My matches" (lobby_my_matches.cpp).
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::WatchMyMatches& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::UnwatchMyMatches& m);
  // Why `c` may not play one more match by correspondence, if it may not: a guest, a server
  // with correspondence off, or a player at the most running correspondence matches (counted
  // in the store, so that it holds across nodes and restarts).
  std::optional<Error> refused_correspondence(const Client& c);
  // Every correspondence clock of `player`'s in this node's rooms stands still from `from_ms`
  // until `until_ms`.
  void pause_clocks(std::int64_t player, std::int64_t from_ms, std::int64_t until_ms);
  // The time as the store keeps it, on the rooms' clock.
  std::int64_t wall_ms() const;
  // An account's notifications (lobby_notifications.cpp).
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::GetNotifications& m);
  void on(const std::shared_ptr<Client>& c, const Json& re, const protocol::SetNotifications& m);

  // A dormant room made again from the store as it was (dormancy.cpp): RoomRegistry's waker.
  std::shared_ptr<Room> wake(const DormantRoom& dormant);
  // `act(room)` on `room`'s strand (posted, or dispatched when `at_once`); if the room fell
  // dormant before it ran, on the room woken in its place, or `c` is told it is gone.
  template <class Act>
  void on_strand(const std::shared_ptr<Room>& room, const std::shared_ptr<Client>& c,
                 const Json& re, WakeCause cause, Act act, bool at_once = false);
  // The room `c` is in, posted `act` on its strand; or `c` is told to join it first.
  template <class Act>
  void in_room(const std::shared_ptr<Client>& c, const Json& re, std::int64_t room,
               const char* refusal, Act act);
  // A room the client names, to join or watch: found here, or another node's (answered so), or
  // none (answered so, a wrong join code counted).
  std::shared_ptr<Room> room_to_enter(const std::shared_ptr<Client>& c, const Json& re,
                                      const protocol::RoomRef& ref, WakeCause cause);
  // The room of a running match, a dormant one woken for `cause`; none if not here (or its match
  // cannot be read now).
  std::shared_ptr<Room> awake_match(std::int64_t match, WakeCause cause);
  // On a cluster, the new room's id and a private room's code: the cluster's, a new code until
  // one is free on every node.
  std::optional<RoomRegistry::Name> cluster_name(bool is_private);
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
  rated::MatchRatings ratings_;
  std::shared_ptr<LeaderboardFeed> boards_;  // the leaderboards' watchers
  std::shared_ptr<LobbyFeed> feed_;  // the listed rooms' changes, to those who watch the lobby
  RoomRegistry rooms_;
  std::shared_ptr<MyMatchesFeed> my_matches_;  // the players' running matches, to their watchers
  ClusterLink* cluster_ = nullptr;
  std::shared_ptr<DormancyWatch> dormancy_;

  // The limits per player and per address (docs/security.md); each thread-safe on its own.
  Tally<std::int64_t> rooms_per_player_;
  Tally<std::string> rooms_per_address_;
  struct Maker {
    std::int64_t player;
    std::string address;
  };
  std::mutex makers_mutex_;
  std::map<std::int64_t, Maker> makers_;  // by room: whom a room is counted against
  Allowance new_players_;                 // per address
  Guesses guesses_;
  Accounts accounts_;
  Vacations vacations_;
};

}  // namespace tortuga
