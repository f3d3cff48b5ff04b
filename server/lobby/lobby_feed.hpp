// The lobby's feed: the rooms the lobby lists, pushed to the clients that watch it (watch_lobby)
// as they change, so that nobody has to ask again and again. A watcher gets the whole list once,
// then only what changed, keyed by room id: the rooms listed anew or changed, whole, and the ids
// of those no longer listed. Changes are gathered for a short while before they go out, so that a
// burst (a host filling seats with bots, a crowd arriving) is one message to each watcher rather
// than one per change, whatever the size of the lobby.
//
// The feed keeps its own copy of every listed room and runs on a strand of its own: rooms tell it
// from their strands, and each watcher receives the list and its changes in the order they were
// made, the list always before the changes that follow it.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "server/ops/clock.hpp"
#include "server/room/client.hpp"

namespace tortuga {

using Json = nlohmann::json;

// Whether the lobby lists a room, from its summary (Room::summary): every room but a private
// one, from its making to its closing. A room whose match is over stays, as "over", while its
// players are still at the table (they may offer a rematch there); it goes when it closes, as
// every room does once nobody is left in it. A room that left the list at its match's end, to
// come back when someone offered a rematch, looked to those watching the lobby as if it had
// closed and opened again.
bool listed_in_lobby(const Json& summary);

// A room as the lobby lists it, from its summary: the options set by hand (those whose value is
// an object or an array: a custom deck, layout or model) are named in custom_options rather than
// carried, so that a listing stays small whatever its rooms' options; the room message, to the
// room's members, has them whole.
Json lobby_listing(Json summary);

// Another node's room as its owner published it (lobby_listing's text), if the lobby lists it;
// else null.
Json listed_elsewhere(const std::string& listing);

class LobbyFeed : public std::enable_shared_from_this<LobbyFeed> {
 public:
  // `clock`: what the gathering's timer runs on (none: the steady clock). `gather`: how long
  // changes are gathered before they are sent.
  LobbyFeed(boost::asio::io_context& io, RoomClock* clock, std::chrono::milliseconds gather);

  // Room `id` as the lobby lists it now, or null when it is not listed (any more): private,
  // finished, closed. From any thread; one room's updates must come in the order they were made,
  // as they do from its strand.
  void update(std::int64_t id, Json listing);
  // Sends `client` the listed rooms (of `game` only, if given) as the `rooms` reply to `re`, and
  // from then on their changes; watching again replaces the filter and sends the list afresh.
  void watch(std::shared_ptr<Client> client, Json re, std::optional<std::string> game);
  // Stops the changes, and answers `re` (lobby_unwatched) whether or not the client watched.
  void unwatch(std::shared_ptr<Client> client, Json re);
  // The client has gone: forgotten without an answer.
  void forget(std::shared_ptr<Client> client);
  // The server stops: no more messages.
  void shutdown();
  // At the very end, with the io_context stopped and no thread in it: the timer goes now, while
  // the io_context it waits on still exists (the feed itself may outlive it, in its handlers).
  void release();

 private:
  struct Watcher {
    // Not kept alive by the feed: a connection ends with its socket (and the server's end with
    // the io_context), whether or not its forget() has been run yet.
    std::weak_ptr<Client> client;
    std::optional<std::string> game;
  };

  template <class F>
  void on_strand(F&& f);
  void flush();

  RoomStrand strand_;
  std::unique_ptr<RoomTimer> timer_;
  std::chrono::milliseconds gather_;
  bool gathering_ = false;  // the timer is armed: changes go out when it fires
  bool stopped_ = false;
  // A room as listed: its game, for the watchers' filters, and its listing as text, which takes a
  // tenth of what its tree of JSON values does, times every room of a node (dormant ones too).
  struct Listed {
    std::string game;
    std::string text;
  };
  std::map<std::int64_t, Listed> listed_;  // every listed room by id, in the order list_rooms has
  // The rooms changed since the last sending that were listed at some time since it, or before:
  // with their game, for the watchers' filters once the room is gone.
  std::map<std::int64_t, std::string> changed_;
  std::map<const Client*, Watcher> watchers_;
};

}  // namespace tortuga
