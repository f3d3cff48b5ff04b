// Um Rum & Ehre (Stefan Feld, 2 to 5 players), after shared/rulebooks/um-rum-und-ehre.it.txt: a
// match of five rounds, each an action phase in the town and a brawl on the ship, then the final
// scoring. docs/games/um-rum-und-ehre.md describes the actions, the views and every choice made
// where the rulebook is silent.
//
// Every question the rules put to a player is an action of that player, asked one at a time in
// the rulebook's order: the current player's turn, the drink offered to each opponent, each roll
// and each decision on rum, the chest's round of rolls, the brawl's rolls. With the option
// "decision_s" each question has a deadline, and on_timeout() applies its documented default.
//
// The member functions are split by job over several files: um_rum_und_ehre_state.cpp (set-up,
// turns, rounds), movement.cpp, town_actions.cpp (the spaces without dice), drinks.cpp (tavern and
// chest), dice.cpp (rolls and rum), brawl.cpp, scoring.cpp. What each seat sees is views.cpp's.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "rules/core/state.hpp"
#include "rules/um_rum_und_ehre/kinds.hpp"
#include "rules/um_rum_und_ehre/ship.hpp"
#include "rules/um_rum_und_ehre/stacks.hpp"
#include "rules/um_rum_und_ehre/town.hpp"

namespace tortuga::um_rum_und_ehre {

inline constexpr int kRounds = 5;
inline constexpr int kCrewSize = 10;
inline constexpr int kOfficePirates = 5;
inline constexpr int kStartCoins = 2;

struct Player {
  int supply = kCrewSize;       // pirates beside the flag
  int office = kOfficePirates;  // pirates still in the recruiting office
  int coins = kStartCoins;      // hidden
  int rum = 0;                  // public
  bool done = false;            // aboard, or ashore with no pirates left, for this round
  std::vector<Tile> flag;       // under the flag: won tiles, hidden
  std::vector<Tile> meetings;   // encounters face down on the flag, hidden
};

// Who must answer, and what.
enum class Step : std::uint8_t {
  kTurn,       // the current player: move, rest or board
  kAfterMove,  // the current player: move again or end the turn
  kHq,         // the current player: which alleys to clear
  kGoods,      // the current player: keep or sell the drawn article
  kMap,        // the current player: which map to take
  kGuard,      // the current player: the small or the big guard
  kInvite,     // an opponent: join the drink or not
  kRoll,       // a player: roll the die
  kRum,        // the player who rolled: keep the roll, or reroll on rum
  kOver,
};

// What a roll is for.
enum class Dice : std::uint8_t { kTavern, kChest, kBrawl };

struct Drink {
  int tavern = 0;
  std::vector<int> drinkers;  // the host, then those who paid, clockwise: the order of rolls
  int next = 0;               // index into drinkers of the next to roll
  int invitee = -1;
};

struct Roll {
  int seat = -1;  // who rolls
  int crew = -1;  // the crew rolled for in the brawl (kImaginaryCrew: no rum)
  int value = 0;
  int rerolls_left = 0;  // the barrel just drunk allows one more reroll
};

class UmRumUndEhreState : public State {
 public:
  // `options` as normalized by UmRumUndEhreGame; sets up with `chance`.
  UmRumUndEhreState(const Json& options, Chance chance);

  std::unique_ptr<State> clone() const override {
    return std::make_unique<UmRumUndEhreState>(*this);
  }
  std::vector<int> actors() const override;
  std::optional<Deadline> deadline() const override;
  bool is_over() const override { return step_ == Step::kOver; }
  Json result() const override;

  // For tests, scenarios and the smart bot.
  const Town& town() const { return *town_; }
  const Player& player(int seat) const { return players_[seat]; }
  Player& player(int seat) { return players_[seat]; }
  Stacks& stacks() { return stacks_; }
  const Stacks& stacks() const { return stacks_; }
  Display& display() { return display_; }
  const Display& display() const { return display_; }
  const Ship& ship() const { return ship_; }
  Step step() const { return step_; }
  int round() const { return round_; }
  int current() const { return current_; }
  int first_player() const { return first_player_; }
  int captain() const { return captain_; }
  void set_captain(int space) { captain_ = space; }
  // Tests and scenarios: `seat` starts a turn now.
  void pass_to(int seat) {
    current_ = seat;
    moves_ = 0;
    step_ = Step::kTurn;
  }
  int alley_owner(int alley) const { return alley_owner_[alley]; }
  void set_alley_owner(int alley, int seat) {
    alley_owner_[alley] = static_cast<std::int8_t>(seat);
  }
  int rum_supply() const { return rum_supply_; }
  const Roll& roll() const { return roll_; }
  const Drink& drink() const { return drink_; }
  Dice dice() const { return dice_; }
  int chest_total() const { return chest_total_; }
  const std::optional<Tile>& drawn_goods() const { return drawn_; }
  const std::vector<std::int8_t>& alley_owners() const { return alley_owner_; }  // -1: none
  int moves_this_turn() const { return moves_; }
  int decision_s() const { return decision_s_; }
  // What the last action did: what everyone sees of each event, and the secret its owner sees.
  struct Event {
    Json shown;  // what everyone sees
    int owner;   // who sees `secret` instead, -1 for nobody
    Json secret;
  };
  const std::vector<Event>& events() const { return events_; }
  // The honour points of a seat's tiles as the final scoring counts them.
  int score(int seat) const;
  // The cost of moving the captain along `alley` (or out along dark `out` and in along dark
  // `in`) now: pirates and coins.
  struct Cost {
    int pirates = 0;
    int coins = 0;
  };
  Cost move_cost(int alley) const;
  Cost dark_cost(int out, int in) const;
  bool last_ashore() const;
  // Tests and scenarios: the next die rolls (faces 1..6), whatever the seed would give.
  void script_dice(const std::vector<int>& faces);

  UmRumUndEhreState(const UmRumUndEhreState&) = default;

  // The match's make-up every player knows beyond the views: the town's arrangement and the
  // tiles of the town and the dispenser ({"arrangement", "tiles", "stacks"}).
  Json setup() const;

 protected:
  Json legal(int seat) const override;
  Refusal act(int seat, const Json& action) override;
  Refusal on_timeout() override;
  // Built from UmRumUndEhreObserver's writing (views.hpp).
  Json seat_view(int seat) const override;

 private:
  friend class Sampler;  // deals a state from a seat's sight (sampler.hpp)

  // um_rum_und_ehre_state.cpp
  void start_round();
  void end_turn();
  void next_turn(int from);
  void end_round();
  void add_event(Json shown, int owner = -1, Json secret = nullptr);
  Json default_action() const;
  Refusal answer(int seat, const Json& action);
  Refusal turn_action(int seat, const Json& action);
  // movement.cpp
  Json move_actions() const;
  Refusal move(const Json& action);
  void arrive(int space, bool by_own_move);
  bool can_leave(int space) const;
  void leave_dead_end();
  void space_done();
  // town_actions.cpp
  void space_action(int space);
  Json town_question_actions() const;
  Json town_question_actions_for(Step step) const;
  Refusal town_answer(const Json& action);
  Json hq_choices() const;
  std::vector<int> map_slots() const;  // the face-up maps of the captain's space's colour
  void take_map(int slot);
  void fight_guard(bool big);
  // drinks.cpp
  void open_tavern(int tavern);
  void ask_next_invitee();
  void start_drinking();
  void next_drinker();
  void tavern_rolled(int value);
  void open_chest();
  void chest_rolled(int value);
  // dice.cpp
  void ask_roll(int seat, int crew, Dice dice);
  Json dice_actions() const;
  Refusal dice_answer(const Json& action);
  void roll_done();
  // brawl.cpp
  void start_brawl();
  void brawl_on();
  void brawl_rolled(int value);
  void award_sleeping(const ShipEvent& event);
  void brawl_over();
  void give(int crew, std::optional<Tile>& tile, const char* why);

  std::shared_ptr<const Town> town_;
  std::shared_ptr<const Json> tile_options_;  // the options "tiles" and "stacks" as given
  Stacks stacks_;
  Display display_;
  std::vector<Player> players_;
  std::vector<std::int8_t> alley_owner_;
  Ship ship_;
  int captain_ = 0;
  int round_ = 1;
  int first_player_ = 0;
  int current_ = 0;
  int moves_ = 0;  // moves of the captain in the current turn
  int rum_supply_ = kRumBarrels;
  int decision_s_ = 0;
  Step step_ = Step::kTurn;
  std::optional<Tile> drawn_;  // the article drawn at a goods space, before it is kept or sold
  Drink drink_;
  Dice dice_ = Dice::kTavern;
  Roll roll_;
  int chest_total_ = 0;
  int chest_next_ = 0;
  int imaginary_pirates_ = 0;
  std::vector<Event> events_;
};

}  // namespace tortuga::um_rum_und_ehre
