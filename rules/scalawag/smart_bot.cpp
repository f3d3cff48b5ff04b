#include "rules/scalawag/smart_bot.hpp"

#include <algorithm>
#include <array>

#include "rules/scalawag/scalawag_state.hpp"

namespace tortuga::scalawag {
namespace {

// How much a card is worth keeping: the attacking crew first.
int worth(Crew crew) {
  switch (crew) {
    case Crew::kGunner:
      return 6;
    case Crew::kMarine:
      return 5;
    case Crew::kLookout:
      return 4;
    case Crew::kPilot:
      return 3;
    case Crew::kSailor:
      return 2;
    case Crew::kMutineer:
      return 1;
  }
  return 0;
}

double choose_n(int n, int k) {
  if (k < 0 || k > n) return 0;
  double r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

bool offered(const Json& legal, const Json& action) {
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// The cards this seat cannot see: all the game's crew but its own hand and the locker.
std::array<int, kCrewKinds> unseen_by(const ScalawagState& s, int seat) {
  std::array<int, kCrewKinds> unseen = s.rules().crew;
  for (Crew c : s.table().ships[seat].hand) --unseen[static_cast<int>(c)];
  for (Crew c : s.table().locker) --unseen[static_cast<int>(c)];
  return unseen;
}

class Reckoning {
 public:
  Reckoning(const ScalawagState& s, int seat, Chance& rng)
      : s_(s),
        t_(s.table()),
        seat_(seat),
        me_(t_.ships[seat]),
        rng_(rng),
        legal_(s.legal_actions(seat)) {}

  Json choose() {
    switch (s_.phase()) {
      case Phase::kWindow:
        return window();
      case Phase::kOrder:
        return order();
      case Phase::kTargets:
        return targets();
      case Phase::kPenalty:
        return penalty();
      case Phase::kLoseCrew:
        return card_json("lose_crew", weakest(me_.hand));
      case Phase::kPrizeDiscard:
        return card_json("to_locker", weakest(me_.hand));
      case Phase::kReturn:
        return give_back();
      case Phase::kOver:
        break;
    }
    return nullptr;
  }

 private:
  int held(Crew c) const { return count_of(me_.hand, c); }

  double claim_odds(int claimant, Crew crew, int count) const {
    const auto unseen = unseen_by(s_, seat_);
    int total = 0;
    for (int n : unseen) total += n;
    const int hand = static_cast<int>(t_.ships[claimant].hand.size());
    return SmartBot::chance_holds(total, unseen[static_cast<int>(crew)], hand, count);
  }

  Json window() {
    const int claimant = s_.current();
    if (t_.same_side(seat_, claimant)) return simple_json("decline");
    const double odds = claim_odds(claimant, s_.claim().crew, s_.claim().count);
    // A lost challenge costs a damage or a card: only worth risking on a likely bluff.
    const bool fragile = me_.damage >= kDamageBoxes - 1 && me_.hand.size() <= 1;
    return simple_json(odds < (fragile ? 0.1 : 0.3) ? "challenge" : "decline");
  }

  // The opponent that fire or board should hit: nearest to sinking, then fewest crew.
  int weakest_foe(const std::vector<int>& candidates) const {
    int best = -1, score = -1000;
    for (int t : candidates) {
      const Ship& ship = t_.ships[t];
      const int sc =
          ship.damage * 10 - static_cast<int>(ship.hand.size()) * 3 - (ship.on_guard ? 5 : 0);
      if (score < sc) best = t, score = sc;
    }
    return best;
  }

  Json first_offered(std::initializer_list<Json> wishes) {
    for (const Json& wish : wishes)
      if (offered(legal_, wish)) return wish;
    return legal_[rng_.below(static_cast<std::uint32_t>(legal_.size()))];
  }

  // Claim what is held; now and then one card more, when the table cannot tell it is a lie.
  int claim_count(Crew crew) const {
    int n = held(crew);
    const auto unseen = unseen_by(s_, seat_);
    if (n < kMaxAssigned && unseen[static_cast<int>(crew)] > 0 && rng_.below(4) == 0) ++n;
    return n;
  }

  Json order() {
    const bool attack_ready = me_.compass >= 5 - held(Crew::kGunner);
    if (held(Crew::kLookout) > 0 && me_.damage >= 3 && !attack_ready)
      return first_offered({order_json(Order::kOnGuard, 0)});
    const Json board = order_json(Order::kBoard, claim_count(Crew::kMarine));
    for (int t : t_.alive_seats())
      if (t != seat_ && !t_.same_side(seat_, t) && t_.ships[t].hand.size() == 1 &&
          offered(legal_, board))
        return board;
    const Json fire = order_json(Order::kFire, claim_count(Crew::kGunner));
    if (offered(legal_, fire)) return fire;
    if (held(Crew::kPilot) > 0)
      for (int t : t_.neighbours(seat_))
        if (!t_.same_side(seat_, t) && t_.ships[t].compass >= 4 && t_.ships[t].compass + 2 >= 5)
          return first_offered({order_json(Order::kWindward, 0)});
    const int useful = held(Crew::kGunner) + held(Crew::kMarine) + held(Crew::kSailor);
    if (useful == 0 && s_.table().harbour.size() >= 3)
      return first_offered({order_json(Order::kRecruit, 0)});
    return first_offered({order_json(Order::kMakeSail, claim_count(Crew::kSailor)),
                          order_json(Order::kMakeSail, held(Crew::kSailor))});
  }

  Json targets() {
    const Command& c = s_.command();
    if (c.order == Order::kFire && !c.second_fire && held(Crew::kPilot) > 0 &&
        offered(legal_, simple_json("second_fire")))
      return simple_json("second_fire");
    // Pick among the offered targets, ranked by weakness.
    Json best = nullptr;
    int best_score = -100000;
    for (const Json& action : legal_) {
      if (action["type"] != "targets") continue;
      int score = 0;
      for (const Json& target : action["targets"]) {
        const int t = target.get<int>();
        const Ship& ship = t_.ships[t];
        if (t_.same_side(seat_, t)) score -= 1000;
        switch (c.order) {
          case Order::kWindward:
            score += ship.compass;
            break;
          case Order::kMutiny:
            score += static_cast<int>(ship.hand.size()) * 2 + action.value("steal", 0);
            break;
          case Order::kBoard:
            score += 20 - static_cast<int>(ship.hand.size()) * 5 + ship.damage;
            break;
          default:
            score += 10 + ship.damage * 3 - (ship.on_guard ? 2 : 0);
        }
      }
      if (score > best_score) best = action, best_score = score;
    }
    if (!best.is_null() && best_score > 0) return best;
    if (held(Crew::kLookout) > 0 && offered(legal_, simple_json("lookout")))
      return simple_json("lookout");
    if (!best.is_null()) return best;
    return first_offered({simple_json("lookout")});
  }

  Json penalty() {
    const Penalty& p = s_.penalty();
    if (p.chooser != p.payer)  // the payer is out either way: take the better war prize
      return penalty_json(me_.damage == 0, std::nullopt);
    const bool spare_card = me_.hand.size() >= 3 && me_.damage >= 2;
    if (!spare_card && offered(legal_, penalty_json(true, std::nullopt)))
      return penalty_json(true, std::nullopt);
    return first_offered({penalty_json(false, weakest(me_.hand))});
  }

  Json give_back() {
    Hand sorted = me_.hand;
    std::sort(sorted.begin(), sorted.end(), [](Crew a, Crew b) { return worth(a) < worth(b); });
    sorted.resize(s_.return_count());
    return first_offered({return_json(sorted)});
  }

  static Crew weakest(const Hand& hand) {
    return *std::min_element(hand.begin(), hand.end(),
                             [](Crew a, Crew b) { return worth(a) < worth(b); });
  }

  const ScalawagState& s_;
  const Table& t_;
  int seat_;
  const Ship& me_;
  Chance& rng_;
  Json legal_;
};

}  // namespace

double SmartBot::chance_holds(int unseen, int kind_unseen, int hand_size, int count) {
  if (count <= 0) return 1;
  const double all = choose_n(unseen, hand_size);
  if (all <= 0) return 0;
  double p = 0;
  for (int k = count; k <= hand_size; ++k)
    p += choose_n(kind_unseen, k) * choose_n(unseen - kind_unseen, hand_size - k);
  return p / all;
}

Json SmartBot::choose(const State& state, int seat, Chance& rng) const {
  const auto* s = dynamic_cast<const ScalawagState*>(&state);
  Json legal = state.legal_actions(seat);
  if (legal.empty()) return nullptr;
  if (!s) return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  Json chosen = Reckoning(*s, seat, rng).choose();
  if (!offered(legal, chosen)) return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  return chosen;
}

}  // namespace tortuga::scalawag
