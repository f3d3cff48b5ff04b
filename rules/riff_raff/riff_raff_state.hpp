// Riff Raff (Christoph Cantzler, Zoch), 2 to 4 players, after the rulebook's last page
// (shared/rulebooks/riff-raff.last-page.it.txt) and the facts in shared/rulebooks/README.md.
// The wooden ship and the players' hands are replaced by a physics simulation (simulate.cpp);
// docs/games/riff-raff.md describes the actions, the views, the motion frames and the catch.
//
// Options (see RiffRaffGame): "catch_ms" (time to decide a catch once the fall has played back),
// "turn_clock_s" (seconds to choose, appoint or load; then the room does it for the player),
// "model" (a JSON merge patch over cargo.json: the ship, the areas, the cargo, the physics).
//
// A round: every player chooses a card face down at once (several actors); the cards are
// revealed together; the previous captain appoints the new one among tied highest cards; players
// load in descending order of their cards, each on the area its card names; a fall ends the
// turn and the loader may catch; a player with no pieces at the end of a turn wins at once.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/state.hpp"
#include "rules/riff_raff/spec.hpp"
#include "rules/riff_raff/world.hpp"

namespace tortuga::riff_raff {

// The one chance event a Riff Raff match file may write: the seat of the first captain. Nothing
// else in the game is left to chance (docs/games/riff-raff.md).
inline constexpr const char* kCaptainEvent = "captain";

enum class Phase : std::uint8_t { kChoosing, kAppointing, kLoading, kCatching, kOver };

inline constexpr int kCards = 10;
inline constexpr int kHands = 2;  // a catch grabs at most two pieces

struct Player {
  std::array<int, kKinds> supply{};  // pieces not on the ship, by kind
  std::vector<int> hand;             // cards not yet revealed (a chosen card stays until then)
  int chosen = 0;                    // the face-down card, 0 while none is chosen
  std::vector<int> played;           // revealed cards, in order
  int caught = 0;                    // pieces this player caught out of the game

  int pieces() const;
};

class RiffRaffState : public State {
 public:
  // `options` as normalized by RiffRaffGame; the first captain is drawn with `chance`.
  RiffRaffState(const Json& options, Chance chance);

  std::unique_ptr<State> clone() const override { return std::make_unique<RiffRaffState>(*this); }
  std::vector<int> actors() const override;
  std::optional<Deadline> deadline() const override;
  bool is_over() const override { return phase_ == Phase::kOver; }
  Json result() const override;

  Phase phase() const { return phase_; }
  const Spec& spec() const { return *spec_; }
  const World& world() const { return world_; }
  const Player& player(int seat) const { return players_[seat]; }
  int captain() const { return captain_; }
  int round() const { return round_; }
  int rounds() const { return rounds_; }
  const std::vector<int>& order() const { return order_; }
  // The seat loading now (or catching), -1 outside those phases.
  int loader() const;
  // The area the loader loads on.
  int loading_area() const;
  // Whether the loader may still announce two pieces (first piece, a yard already holding cargo).
  bool may_announce_two() const;
  const Motion& motion() const { return motion_; }
  const std::vector<int>& loaded_this_turn() const { return loaded_ids_; }
  int announced() const { return announced_; }  // pieces the loader announced for this turn
  // Who loaded what last, and what the last catch did; null before the first.
  const Json& last_load() const { return last_load_; }
  const Json& last_catch() const { return last_catch_; }
  // The id the next piece loaded will have, and the scenes set (set_scene): each changes the
  // ship, and so stamps what views write of it (views.cpp).
  int next_id() const { return next_id_; }
  std::uint32_t scenes() const { return scenes_; }
  // The seats whose revealed cards tie for the highest, among whom the captain is appointed.
  std::vector<int> tied_highest() const;
  // A placement the loader may use for `kind` (the area's middle, level or upright, no drop).
  Placement sample_placement(int kind) const;
  // The span of x a `kind` turned by `angle_deg` may be released at on the loader's area.
  std::pair<float, float> x_bounds(int kind, float angle_deg) const;

  // Tests and scenarios: the current round goes on from this ship, these supplies and this round
  // number. Only while every card is still to be chosen; it is no action and enters no history.
  void set_scene(World world, std::vector<std::array<int, kKinds>> supplies, int round);

  // For copies that look ahead (the smart bot): simulate each placement for at most `steps`
  // steps, fewer than the model's cap, to bound the cost of a look.
  void limit_steps(int steps) { step_limit_ = steps; }

  RiffRaffState(const RiffRaffState&) = default;

 protected:
  // Both built from RiffRaffObserver's writing (views.hpp).
  Json legal(int seat) const override;
  Json seat_view(int seat) const override;
  Refusal act(int seat, const Json& action) override;
  Refusal on_timeout() override;

 private:
  Refusal choose(int seat, const Json& action);
  Refusal appoint(const Json& action);
  Refusal load(int seat, const Json& action);
  Refusal catch_pieces(const Json& action);
  void reveal();
  void begin_loading();
  void start_turn();
  void end_turn();
  void settle_falls(const std::vector<int>& caught);

  std::shared_ptr<const Spec> spec_;
  World world_;
  int next_id_ = 1;
  std::vector<Player> players_;
  Phase phase_ = Phase::kChoosing;
  int round_ = 1;
  int rounds_ = kCards;
  int captain_ = 0;
  std::vector<int> order_;  // this round's loaders, in order
  int turn_ = 0;            // index into order_
  int announced_ = 1;       // pieces the loader announced for this turn
  bool two_allowed_ = false;
  std::vector<int> loaded_ids_;  // pieces loaded this turn
  Motion motion_;                // the last placement's motion
  Json last_load_;               // who loaded what, for the views
  Json last_catch_;              // what the last catch did, for the views
  int catch_ms_ = 3000;
  int turn_clock_s_ = 0;
  int step_limit_ = 1 << 30;  // see limit_steps
  std::uint32_t scenes_ = 0;
  std::vector<int> winners_;
  std::string reason_;
};

}  // namespace tortuga::riff_raff
