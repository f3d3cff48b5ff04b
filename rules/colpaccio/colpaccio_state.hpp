// Colpaccio (F. Testini, M. Giacometti), after the rulebook shared/rulebooks/colpaccio.it.txt: a
// match from the set-up to the scoring, for 2 to 5 players or for one player against the solo
// Corsairs, who are the rules' own automaton and hold no seat. docs/games/colpaccio.md describes
// the actions, the views and every choice where the rulebook is silent.
//
// Options (see ColpaccioGame): "deck" (a custom list of the 60 ship cards), "solo_difficulty"
// (the solo variants: standard, easy, medium, hard), "turn_clock_s" (seconds for each question;
// then on_timeout() answers for the player).
//
// Hidden: the order of the deck, the ships face down in every personal area (their owner sees
// them only while choosing what to reveal after a parrot pact), the set-aside threat (to those
// who did not look through a spyglass), and which threat waits frozen until the end of a turn.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/colpaccio/actions.hpp"
#include "rules/colpaccio/cards.hpp"
#include "rules/colpaccio/scoring.hpp"
#include "rules/core/state.hpp"

namespace tortuga::colpaccio {

enum class Phase : std::uint8_t {
  kTurn,        // the player whose turn it is acts
  kParrotPact,  // that player chooses which ships to reveal
  kGhostShip,   // players the ghost ship beat choose which good to lose
  kEnding,      // the end of a turn is being played out (never seen from outside)
  kOver
};

// What the rogue actions cost, in doubloons.
inline constexpr int kSecretChestCost = 2;
inline constexpr int kParrotPactCost = 3;
inline constexpr int kLetterOfMarqueCost = 4;

enum class SoloDifficulty : std::uint8_t { kStandard, kEasy, kMedium, kHard };

// One side's cards and coins: a player's, or the solo Corsairs'.
struct Area {
  std::array<std::vector<int>, kGoods> columns;  // raided goods by kind, in the order taken
  std::vector<int> ships;                        // the personal area, face down
  int doubloons = 0;
  int penalty = 0;      // prestige lost to the Corsairs threat
  int turns = 0;        // turns completed
  bool looked = false;  // has seen the set-aside threat through a spyglass
};

// The deck pile holds ship cards (ids >= 0) and threats (entries below 0); back() is the top.
inline int threat_entry(Threat threat) {
  return -1 - static_cast<int>(threat);
}
inline Threat entry_threat(int entry) {
  return static_cast<Threat>(-1 - entry);
}

// Everything on the table. The state plays on it; tests lay one out by hand.
struct Table {
  std::shared_ptr<const Deck> deck;
  std::vector<int> pile;
  std::vector<int> convoy;  // position 0 is the outer end, the deck is beside the last position
  Threat set_aside = Threat::kCorsairs;
  std::vector<Area> players;
  Area corsairs;                // the solo automaton's cards
  std::vector<int> removed;     // solo: the ten cards out of the game
  std::vector<int> lost_goods;  // taken by the ghost ship, face up
  std::vector<int> sunk_ships;  // sunk by the kraken, face down
  bool solo = false;
  SoloDifficulty difficulty = SoloDifficulty::kStandard;
  int first_player = 0;
};

class ColpaccioState : public State {
 public:
  // `options` as normalized by ColpaccioGame; sets up with `chance`.
  ColpaccioState(const Json& options, Chance chance);

  // A match from a table laid out by hand (tests and scenarios): `table.first_player` is about to
  // start a turn, `revealed` lists threats already resolved, with a turn clock of `turn_clock_s`
  // (0: none). Not reproducible from options.
  static std::unique_ptr<ColpaccioState> from_table(Table table, Chance chance = Chance(),
                                                    std::vector<Threat> revealed = {},
                                                    int turn_clock_s = 0);

  std::unique_ptr<State> clone() const override { return std::make_unique<ColpaccioState>(*this); }
  std::vector<int> actors() const override;
  bool is_over() const override { return phase_ == Phase::kOver; }
  Json result() const override;
  // Every question, while turn_clock_s is above zero: the seats that are asked.
  std::optional<Deadline> deadline() const override;
  int turn_clock_s() const { return turn_clock_s_; }

  const Table& table() const { return table_; }
  const Deck& deck() const { return *table_.deck; }
  Phase phase() const { return phase_; }
  int turn() const { return turn_; }  // the seat whose turn it is (in solo, 0 or the Corsairs')
  bool corsairs_turn() const { return corsairs_turn_; }
  bool main_done() const { return main_done_; }
  bool rogue_done() const { return rogue_done_; }
  const std::vector<Threat>& revealed() const { return revealed_; }
  int resolved() const { return resolved_; }
  int frozen() const { return static_cast<int>(frozen_.size()); }
  int threats_in_pile() const;
  int goods_in_pile() const;  // ship cards left in the pile, threats not counted
  const std::vector<int>& choosing() const { return choosing_; }  // before the ghost ship
  // The threats drawn in this turn, waiting for its end (frozen() of them).
  const std::vector<Threat>& waiting_threats() const { return frozen_; }
  // What the last action set off, for everyone to read.
  const Json& log() const { return log_; }

  int cannonballs(const Area& area) const;
  Holding holding(const Area& area) const;
  // The goods `area` holds most of (none when it holds none): what the ghost ship takes.
  std::vector<Good> most_held(const Area& area) const;
  // Seats the threat would beat now: fewest visible cannonballs, nobody when all are equal; in
  // solo the player, when the Corsairs show more.
  std::vector<int> defeated() const;
  // Whether the set-aside threat can be known by everyone: both others have been revealed.
  bool set_aside_known() const { return revealed_.size() >= 2; }

  ColpaccioState(const ColpaccioState&) = default;

 protected:
  Json legal(int seat) const override;
  Refusal act(int seat, const Json& action) override;
  // The simplest answer that keeps the rules (threats.cpp): see docs/games/colpaccio.md.
  Refusal on_timeout() override;
  // Built from ColpaccioObserver's writing (views.hpp).
  Json seat_view(int seat) const override;

 private:
  // Deals a state from what a seat sees (sampler.hpp), so it sets the flow's members.
  friend class Sampler;
  ColpaccioState(Table table, Chance chance);
  Area& mine() { return table_.players[turn_]; }
  const Area& mine() const { return table_.players[turn_]; }
  Json turn_actions() const;
  Refusal turn_refusal(const ParsedAction& action) const;

  // The player's actions (player_actions.cpp).
  Refusal raid(const std::vector<long long>& cards);
  Refusal secret_chest();
  Refusal parrot_pact();
  Refusal reveal_ships(const std::vector<long long>& ships);
  Refusal letter_of_marque(const std::vector<long long>& cards);
  Refusal lose_good(int seat, Good good);
  Expected<std::vector<int>> convoy_positions(const std::vector<long long>& cards) const;
  void take_from_convoy(std::vector<int> positions, Area& area, Json& taken);
  void place(Area& area, int card);
  bool can_secret_chest() const;
  bool can_parrot_pact() const;
  bool can_letter_of_marque() const;
  bool may_go_on() const;  // the player to act still has something to do this turn
  void after_action();

  // The flow between turns, the threats and the solo Corsairs (threats.cpp).
  int draw_ship(const Json& who);  // the top ship card, freezing threats met; -1 when none
  void end_turn();
  void advance();
  void strike(Threat threat);
  void finish_ghost_ship();
  void lose_last(Area& from, Good good, int seat);
  void corsairs_raid();
  bool finished() const;
  Area& area_in_turn() { return corsairs_turn_ ? table_.corsairs : table_.players[turn_]; }

  enum class Stage : std::uint8_t { kNone, kFrozen, kRefill, kNextTurn };

  Table table_;
  int turn_clock_s_ = 0;  // 0: no clock
  Phase phase_ = Phase::kTurn;
  Stage stage_ = Stage::kNone;
  int turn_ = 0;
  bool corsairs_turn_ = false;
  bool main_done_ = false;
  bool rogue_done_ = false;
  std::vector<Threat> frozen_;  // drawn in this turn, waiting for its end
  std::vector<Threat> revealed_;
  int resolved_ = 0;
  std::vector<int> choosing_;  // seats still to choose a good for the ghost ship
  Json log_ = Json::array();
};

}  // namespace tortuga::colpaccio
