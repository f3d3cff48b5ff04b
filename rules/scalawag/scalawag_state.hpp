// Scalawag! (Steve Nix, 3 to 8 players), after shared/rulebooks/scalawag.it.txt: a match from the
// deal to the last ship afloat (or the last team, in alliance mode). docs/games/scalawag.md
// describes the actions, the views and every choice made where the rulebook is silent.
//
// A turn is one Captain's Order and then two compass points. Each claim of crew opens a challenge
// window: every other surviving captain is an actor who may challenge or decline; the first
// challenge applied decides, and the window's deadline (option window_s) closes it as if all had
// declined. Questions put to others (the Scalawag penalty, which card a boarded ship loses, a
// fourth card after a war prize) are actions of the seat asked.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "rules/core/state.hpp"
#include "rules/scalawag/actions.hpp"
#include "rules/scalawag/setup.hpp"
#include "rules/scalawag/table.hpp"

namespace tortuga::scalawag {

enum class Phase : std::uint8_t {
  kOrder,         // the captain declares a Captain's Order
  kWindow,        // a claim waits for challenges
  kTargets,       // the captain may claim a Pilot or a Lookout, or names the targets
  kPenalty,       // a Scalawag penalty waits for its chooser
  kLoseCrew,      // a boarded ship chooses the card it loses
  kReturn,        // recruit or mutiny: the captain puts cards back in the harbour
  kPrizeDiscard,  // a war prize left four cards: one goes to the locker
  kOver
};

// The order being carried out this turn, with what has been claimed and accepted so far.
struct Command {
  Order order = Order::kMakeSail;
  int crew = 0;              // Sailors, Gunners or Marines assigned
  bool second_fire = false;  // a Pilot's second fire
  bool reach = false;        // a Lookout: adjacent to everyone for this attack
};

struct Claim {
  Crew crew = Crew::kSailor;
  int count = 0;
};

// What happens once a penalty, an elimination and its war prize are settled.
enum class Then : std::uint8_t { kEndTurn, kRedraw };

struct Penalty {
  int payer = -1;
  int other = -1;    // the other party of the challenge: takes any war prize
  int chooser = -1;  // the payer, or the other party when both choices eliminate
};

class ScalawagState : public State {
 public:
  ScalawagState(const Json& options, Chance chance);
  // A match at the start of the first player's turn on a table built by hand (tests, scenarios).
  ScalawagState(const Rules& rules, Table table, Chance chance);

  std::unique_ptr<State> clone() const override { return std::make_unique<ScalawagState>(*this); }
  std::vector<int> actors() const override;
  std::optional<Deadline> deadline() const override;
  bool is_over() const override { return phase_ == Phase::kOver; }
  Json result() const override;

  Phase phase() const { return phase_; }
  const Table& table() const { return table_; }
  const Rules& rules() const { return rules_; }
  int current() const { return current_; }
  const Command& command() const { return command_; }
  const Claim& claim() const { return claim_; }
  const std::vector<int>& waiting() const { return waiting_; }
  const Penalty& penalty() const { return penalty_; }
  int return_count() const { return return_count_; }
  int round() const { return round_; }
  int asked() const { return asked_; }  // the seat asked, losing a crew card or discarding
  // {"seat", "type"} of the last action applied: never its private details.
  const Json& last_action() const { return last_action_; }
  // The last events, each told to everyone or to one seat, numbered in turn from 1: the last is
  // number event_count().
  struct Event {
    int to;  // -1: everyone; else the only seat that may see it
    Json what;
  };
  const std::deque<Event>& events() const { return events_; }
  int event_count() const { return event_count_; }

  ScalawagState(const ScalawagState&) = default;

 protected:
  Json legal(int seat) const override;
  Refusal act(int seat, const Json& action) override;
  Refusal on_timeout() override;
  // Built from ScalawagObserver's writing (views.hpp).
  Json seat_view(int seat) const override;

 private:
  // Deals a state from what a seat sees (sampler.hpp), so it sets the flow's members.
  friend class Sampler;
  // flow.cpp: the course of a turn; losses.cpp: penalties, damage, crew losses, eliminations.
  void start_turn(int seat);
  void roll_fog();
  void declare(const Command& command);
  void open_window(Claim claim);
  void close_window();
  void challenge(int challenger);
  void after_claims();
  void enter_targets();
  void attack(const std::vector<int>& targets, int steal);
  void start_penalty(int payer, int other, Then then);
  void pay_penalty(bool damage, std::optional<Crew> card);
  void lose_crew(int seat, Crew card, int cause);
  void damage(int seat, int cause);
  void eliminate(int seat, int cause, bool sunk);
  void carry_on();
  void end_turn();
  Crew draw(int seat);
  void redraw(int seat, Claim shown);

  // legal.cpp: what may be done now, and why not.
  std::vector<std::vector<int>> target_choices() const;
  bool target_refusal(const Action& action, std::string& why) const;
  struct PenaltyOption {
    bool damage;
    std::optional<Crew> card;
  };
  std::vector<PenaltyOption> penalty_options() const;
  bool fire_affordable(int gunners, bool two) const;
  bool board_affordable(int marines) const;
  Refusal check(int seat, const Action& action) const;

  // Tells everyone of `event`, or only seat `to`.
  void log(Json event, int to = -1);

  Rules rules_;
  Table table_;
  Phase phase_ = Phase::kOrder;
  int current_ = 0;
  int round_ = 0;
  Command command_;
  Claim claim_;
  std::vector<int> waiting_;  // who may still challenge the claim
  Penalty penalty_;
  Then then_ = Then::kEndTurn;
  int asked_ = -1;
  int return_count_ = 0;
  std::vector<int> winners_;
  std::vector<int> eliminated_;  // the seats in the order they left the game, for the result
  std::string end_reason_;
  std::deque<Event> events_;
  Json last_action_;
  int event_count_ = 0;
};

}  // namespace tortuga::scalawag
