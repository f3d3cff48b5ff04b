// What a seat may know, and nothing more: the value a strong bot thinks about. It is built from
// the State on the room's side (see_from), and the thinking thread is handed only this value, so
// that a bot which never receives the State cannot peek at it, whatever its code does.
#pragma once

#include <vector>

#include "rules/core/state.hpp"

namespace tortuga {

class Game;

struct Sight {
  int seat = 0;
  // The seat's view as the game writes it for that seat's player (State::view): its board, its
  // private members and the common fields (legal, to_act, step, ...).
  Json view;
  // Every action applied so far, as the seat may see it: another seat's action that shows what
  // the seat may not know yet (a card chosen face down) comes with those fields cut
  // (Game::action_seen_by).
  std::vector<AppliedAction> history;
  // What every player knows of the match's make-up beyond its views (Game::public_options): a
  // custom deck's cards, say. Null when the views say all of it.
  Json options;
  // The seat's legal actions now (view["legal"]): what it chooses among.
  Json legal;
};

// The sight of `seat` on `state`, written by `game`'s rules. Called where the State lives (the
// room's strand); the result may then cross to any thread.
Sight see_from(const Game& game, const State& state, int seat);

}  // namespace tortuga
