// A room's timers, each a duty the room owes: the deadline the rules set, the move of a bot whose
// turn it is, the stand-in for each absent player, and closing the room once it is left empty.
//
// The rule they share is kept here, once: a duty is re-armed, never dropped. A timer that fires
// asks the room (its Owner) what is owed now, and does its duty only if that is still owed and
// due: a stand-in owed later is armed again for then, a bot whose seat has no bot any more gives
// way to the bot owed now, and a deadline or a bot's move overtaken by an action still being
// stored is left to that action, whose settling arms what its version owes (settled). A seat the
// rules wait for is always acted for.
//
// A bot's move is owed from its pause until its choice comes back from where bots think (the bot
// pool, server/bots/bot_pool.hpp): a choice that comes after the match moved on, or for a seat
// that is no longer that bot's, is dropped and the move owed now asked again; a move the pool had
// no room for is asked again after the bot's pause.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "server/ops/clock.hpp"

namespace tortuga {

class RoomTimers {
 public:
  // What the room owes and does, asked on its strand.
  class Owner {
   public:
    virtual ~Owner() = default;
    // Kept by a timer's callback, so that the room outlives it.
    virtual std::shared_ptr<void> hold() = 0;
    // Whether the room has closed: it owes nothing more.
    virtual bool closed() const = 0;
    // The version the rules have applied, and whether an action of it is still being stored.
    virtual std::int64_t version() const = 0;
    virtual bool settling() const = 0;
    // The wait the rules set at this version, if any (State::deadline).
    virtual std::optional<std::chrono::milliseconds> deadline() const = 0;
    // The seat the rules wait for that a bot plays, if any; and whether `seat` has a bot still.
    virtual std::optional<int> bot_to_move() const = 0;
    virtual bool has_bot(int seat) const = 0;
    // How long until `seat`'s absent player is owed a stand-in bot; none when they are not.
    virtual std::optional<std::int64_t> absent_bot_after_ms(int seat) const = 0;
    // How long the room, now empty, may stay so before it closes; none when it is not empty, or
    // never closes for that.
    virtual std::optional<int> close_when_empty_after_s() const = 0;

    virtual void timeout() = 0;
    // Asks the bot of `seat` for its move; its answer comes back through bot_answered, or at once
    // bot_refused.
    virtual void bot_move(int seat) = 0;
    virtual void stand_in_for_absent(int seat) = 0;
    virtual void close_left_empty(int after_s) = 0;
  };

  RoomTimers(Owner& owner, RoomClock& clock, const RoomStrand& strand, int seats, int bot_delay_ms);

  // A version settled (or a match began, or was rebuilt): the deadline and the bot's move it owes
  // are armed, those it does not owe cancelled.
  void settled();
  // A bot now plays a seat the rules may wait for (a stand-in, a removed player's seat): its move
  // is armed if this version owes one and none is on its way; the deadline runs on as it was.
  void arm_bot();
  // The bot asked at `version` answered: whether its choice is owed still (the room is open, the
  // match where it was, and `same_bot`: the seat's bot is the one asked). If not, the choice is
  // dropped and the move owed now is armed, should there be one.
  bool bot_answered(std::int64_t version, bool same_bot);
  // The bot asked at `version` could not think now (the pool's queue is full): it is asked again
  // after its pause.
  void bot_refused(std::int64_t version);
  // The match stopped for now (its store fails, or it is over): no deadline, no bot.
  void pause_match();
  // `seat`'s absent bot, armed for what remains of its wait, or cancelled when none is owed; or
  // every seat's.
  void arm_absent(int seat);
  void arm_absent_all();
  // The room's members changed: closing the room left empty is armed when it became empty
  // (counting from then, not from its last change), cancelled when it is not.
  void members_changed();
  // Every timer cancelled: the room closes, or the server stops.
  void stop();

 private:
  void arm_deadline();
  // Whether a deadline or a bot's move armed at `version` is still owed: the room is open and its
  // match is where it was. An action since then is being stored, and arms its own when it settles.
  bool owed_at(std::int64_t version) const;

  Owner& owner_;
  const std::chrono::milliseconds bot_delay_;
  // Made in this order, which a test's clock breaks ties by.
  std::unique_ptr<RoomTimer> deadline_;
  std::unique_ptr<RoomTimer> bot_;
  std::unique_ptr<RoomTimer> empty_;
  std::vector<std::unique_ptr<RoomTimer>> absent_;  // per seat
  // The version whose bot move is on its way (bot_ waits for it, or the bot thinks), if any.
  std::int64_t bot_armed_for_ = -1;
  bool empty_armed_ = false;  // empty_ counts down to closing the room
};

}  // namespace tortuga
