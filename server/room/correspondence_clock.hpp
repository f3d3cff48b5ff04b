// The clocks of a match played by correspondence (docs/correspondence.md): each seat has the
// move's days afresh whenever the rules wait for it, then its time bank; a move refills the bank
// by the pace's extra time, up to its cap. A player's vacation pauses the seat's clock; a clock
// that runs out is a timeout, and a seat that times out `stand_in_after` times in a row is owed a
// stand-in bot until its player returns.
//
// Time is given, never read: the room passes its clock's now, so that a test moves days at will
// and a rebuilt match goes on from the stored clocks (store::CorrespondenceClocks).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "persistence/correspondence.hpp"

namespace tortuga {

// The bot that plays a seat out of time, as for an absent player (room_presence.cpp).
inline constexpr const char* kStandIn = "smart";

class CorrespondenceClock {
 public:
  // A new match's clocks: every bank full, nobody waited for yet.
  CorrespondenceClock(store::CorrespondencePace pace, int seats, int stand_in_after);
  // A match's clocks as stored, for a room of `seats` seats: a seat the store holds no clock for
  // (or holds out of order) gets a fresh one, and clocks for seats the room has not are dropped,
  // so that every seat's clock is found at its own index.
  CorrespondenceClock(store::CorrespondenceClocks stored, int seats, int stand_in_after);

  // The rules wait for `seats` now: a seat newly waited for starts its move's days afresh (one
  // already waited for runs on), and a seat no longer waited for without having moved (another's
  // move changed the step) stops, its bank as it was.
  void waiting_for(const std::vector<int>& seats, std::int64_t now_ms);
  // `seat`'s player moved: what the move took past its days comes out of the bank, the extra
  // time goes in (up to the cap), and its timeouts in a row start again from none.
  void moved(int seat, std::int64_t now_ms);
  // The seat's player is on vacation until `until_ms`: its clock stops now and runs again then.
  void pause(int seat, std::int64_t now_ms, std::int64_t until_ms);
  // The rules' timeout was applied for `seat` at its deadline: its bank is spent, and it has one
  // more timeout in a row. Answers whether a stand-in bot is owed for the seat now.
  bool timed_out(int seat, std::int64_t now_ms);

  // When `seat`'s clock runs out as things stand; none when the rules do not wait for it.
  std::optional<std::int64_t> due_ms(int seat) const;
  // The time `seat` has left at `now_ms` (the move's days unused, then the bank); its bank alone
  // when not waited for.
  std::int64_t left_ms(int seat, std::int64_t now_ms) const;
  // When `seat`'s clock runs again, while its player's vacation stands it still at `now_ms`.
  std::optional<std::int64_t> still_until_ms(int seat, std::int64_t now_ms) const;
  // When the room's timeout falls due: the rules' timeout answers for every seat waited for at
  // once, so it waits for the latest of their clocks and none loses time to another's.
  std::optional<std::int64_t> timeout_due_ms() const;

  const store::CorrespondencePace& pace() const { return stored_.pace; }
  int timeouts(int seat) const { return stored_.seats.at(seat).timeouts; }
  // The clocks as the store keeps them, each due_ms filled in.
  const store::CorrespondenceClocks& stored() const { return stored_; }

 private:
  store::SeatClock& seat(int seat) { return stored_.seats.at(seat); }
  void start_move(store::SeatClock& clock, std::int64_t now_ms);
  // The time the seat's current move has taken by `now_ms`.
  static std::int64_t used_by(const store::SeatClock& clock, std::int64_t now_ms);
  void refresh_due(store::SeatClock& clock);

  store::CorrespondenceClocks stored_;
  int stand_in_after_;
};

}  // namespace tortuga
