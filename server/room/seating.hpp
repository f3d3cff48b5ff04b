// Who sits where in a room, as plain data: no strand, no connections, no clock. The seats (a
// person's, a bot's, or free), the host, the players who gave up their seat of a finished match,
// those the host removed, and the rematch offered once a match is over. The room asks and changes
// it on its strand; its tests drive it alone.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rules/core/error.hpp"

namespace tortuga {

struct RoomSeat {
  std::optional<std::int64_t> player = {};  // a person's player id
  std::string name = {};
  std::string bot = {};  // bot kind, empty for a person
  std::string stand_in =
      {};  // a person's seat: the kind of bot playing it while the person is away
  // A person's seat without a connection in the room: since when, on the room's clock.
  std::optional<std::int64_t> away_at = {};
  bool account = false;  // a person's seat: whether the player is an account, not a guest
  // A person's seat of a running match: whether the store has it as gone (left, or played by a
  // stand-in), which ranks its player last in a rated match; none when not known (a match
  // rebuilt after a restart), so that the next change is written whatever it is.
  std::optional<bool> gone = false;
  bool taken() const { return player || !bot.empty(); }
};

// A seat a bot of `kind` holds, named as logs and history name it: "Bot 2 (smart)".
RoomSeat bot_seat(int seat, const std::string& kind);

class Seating {
 public:
  explicit Seating(int seats) : seats_(seats) {}

  int size() const { return static_cast<int>(seats_.size()); }
  bool has(int seat) const { return seat >= 0 && seat < size(); }
  RoomSeat& operator[](int seat) { return seats_[seat]; }
  const RoomSeat& operator[](int seat) const { return seats_[seat]; }
  const std::vector<RoomSeat>& seats() const { return seats_; }

  // The seat asked for if it is free, else the first free one; or why there is none.
  Expected<int> free_seat(std::optional<int> wanted) const;
  // A seat nobody holds, if any: a match starts with every seat taken.
  std::optional<int> empty_seat() const;
  // A person sits at a free seat; the first one seated is the host.
  void seat_person(int seat, std::int64_t player, std::string name, bool account = false);
  // The seat `player` holds, if any. A player who gave up the seat of a finished match (left, or
  // was removed) holds none, though the seat keeps their name as history has it.
  std::optional<int> seat_of(std::int64_t player) const;
  // Whether `player` holds `seat` (seat_of): a seat belongs to a player, never to a connection.
  bool holds(int seat, std::int64_t player) const;

  const std::optional<std::int64_t>& host() const { return host_; }
  void set_host(std::int64_t player) { host_ = player; }
  // The role passes to the first seated player who has not given up their seat; returns whether
  // anyone has it.
  bool pass_host_on();
  // The role passes to the next seated person in seat order after the host's for whom `here` is
  // true; with nobody, it stays.
  void pass_host_to(const std::function<bool(int seat)>& here);

  // `player` gives up the seat of a finished match (left it, or was removed): the same seats can
  // no longer meet again, and any rematch offer is withdrawn.
  void give_up(std::int64_t player);
  // The first seat whose player gave it up, if any.
  const RoomSeat* seat_given_up() const;

  // The players the host removed, kept out of the room until the host allows them again: id ->
  // name. As many as players were removed, each of whom once held a seat here.
  void ban(std::int64_t player, std::string name) { banned_[player] = std::move(name); }
  bool allow(std::int64_t player) { return banned_.erase(player) != 0; }
  bool banned(std::int64_t player) const { return banned_.count(player) != 0; }
  const std::map<std::int64_t, std::string>& banned_players() const { return banned_; }

  // A rematch: `player` offers it, or accepts the offer under way; returns whether every seated
  // person has accepted now.
  bool accept_rematch(std::int64_t player);
  void withdraw_rematch() { rematch_.reset(); }
  struct Rematch {
    std::int64_t by;
    std::set<std::int64_t> accepted;
  };
  const std::optional<Rematch>& rematch() const { return rematch_; }
  // A new match begins with the seats as they are: no offer stands, no stand-in plays.
  void new_match();

 private:
  std::vector<RoomSeat> seats_;
  std::optional<std::int64_t> host_;
  std::set<std::int64_t> gone_;  // players who gave up their seat of the finished match
  std::map<std::int64_t, std::string> banned_;
  std::optional<Rematch> rematch_;
};

}  // namespace tortuga
