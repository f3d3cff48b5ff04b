#include "rules/um_rum_und_ehre/smart_bot.hpp"

#include <algorithm>

#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {
namespace {

constexpr double kPirate = 0.45;  // a pirate spent ashore, in honour points
constexpr double kCoin = 0.9;

// Expected points from a guard of one size with `crew` pirates beside the flag.
double guard_worth(int crew, bool big) {
  double sum = 0;
  for (int v = big ? 4 : 1; v <= (big ? 6 : 3); ++v)
    if (crew > v) sum += v + (v <= 2 ? kCoin : 0);
  return sum / 3;
}

class Judge {
 public:
  Judge(const UmRumUndEhreState& s, int seat) : s_(s), seat_(seat), me_(s.player(seat)) {}

  // The worth of arriving at `space` with `crew` pirates left.
  double arrival(int space, int crew) const {
    const Space kind = s_.town().space(space).kind;
    double worth = 0;
    if (auto meeting = meeting_at(kind))
      for (const Tile& t : me_.meetings)
        if (t.sort == static_cast<int>(*meeting)) worth = std::max(worth, double(t.value));
    return worth + space_worth(kind, crew);
  }

  double space_worth(Space kind, int crew) const {
    const Display& d = s_.display();
    switch (kind) {
      case Space::kCoin:
        return kCoin;
      case Space::kHq: {
        int most = 0;
        for (const Alley& a : s_.town().alleys())
          if (s_.alley_owner(a.id) == seat_) most = std::max(most, a.segments);
        return most * kPirate;
      }
      case Space::kPirate:
        return me_.office > 0 ? 1.0 : 0.0;
      case Space::kGoods:
        return 2.5;
      case Space::kEncounter:
        return 2.5;
      case Space::kMapYellow:
      case Space::kMapPink:
      case Space::kMapGreen: {
        const int colour = map_colour(kind);
        int best = 0, held = 0;
        for (const Tile& t : d.maps)
          if (t.sort == colour) best = std::max(best, int(t.value));
        for (const Tile& t : me_.flag) held += t.kind == TileKind::kMap && t.sort == colour;
        if (best == 0) return 0;
        return held % 2 == 1 ? 2.0 * best : 0.6 * best;
      }
      case Space::kTavernEsCruce:
      case Space::kTavernFrereJacques:
      case Space::kTavernJollyRoger: {
        int sum = 0;
        for (const Tile& t : d.taverns) sum += t.sort == tavern_of(kind) ? t.value : 0;
        return 0.6 * sum;
      }
      case Space::kChest:
        return (d.chest ? d.chest->value : 0) - (d.scorpion ? 2.0 / s_.seats() : 0.0);
      case Space::kRum:
        return s_.rum_supply() > 0 ? 1.2 : 0.0;
      case Space::kGuard:
        return std::max(guard_worth(crew, false), guard_worth(crew, true));
    }
    return 0;
  }

  double worth(const Json& action) const {
    const std::string type = action["type"];
    if (type == "move") {
      const int alley = action["alley"];
      const auto cost = s_.move_cost(alley);
      const int to = s_.town().across(alley, s_.captain());
      return arrival(to, me_.supply - cost.pirates) - cost.pirates * kPirate - cost.coins * kCoin;
    }
    if (type == "move_dark") {
      const auto cost = s_.dark_cost(action["out"], action["in"]);
      const int to = s_.town().alley(action["in"]).spaces[0];
      return arrival(to, me_.supply - cost.pirates) - cost.pirates * kPirate - cost.coins * kCoin;
    }
    if (type == "end_turn") return 0.4;
    if (type == "rest") {
      int ashore = 0;
      for (int s = 0; s < s_.seats(); ++s) ashore += !s_.player(s).done;
      return me_.coins >= 2 && ashore > 1 && me_.supply >= 4 ? 0.45 : -1.0;
    }
    if (type == "board") return 0.3;
    if (type == "take_back") {
      int back = 0;
      for (const Json& a : action["alleys"]) back += s_.town().alley(a).segments;
      return back;
    }
    if (type == "keep" && s_.step() == Step::kGoods) {
      const Tile& drawn = *s_.drawn_goods();
      int held = 0;
      for (const Tile& t : me_.flag)
        if (t.kind == TileKind::kGoods && t.sort == drawn.sort) held = std::max(held, int(t.value));
      return std::max(0, drawn.value - held);
    }
    if (type == "sell") return 2 * kCoin;
    if (type == "take_map") return s_.display().maps[action["slot"].get<int>()].value;
    if (type == "guard") return guard_worth(me_.supply, action["size"] == "big");
    if (type == "join") {
      int sum = 0;
      for (const Tile& t : s_.display().taverns) sum += t.sort == s_.drink().tavern ? t.value : 0;
      return sum * 0.35 - kCoin;
    }
    if (type == "decline") return 0;
    if (type == "roll") return 0;
    return rum_worth(type);
  }

  // keep, reroll or rum: reroll when the roll is bad for what it is for.
  double rum_worth(const std::string& type) const {
    const Roll& roll = s_.roll();
    bool bad = false;
    switch (s_.dice()) {
      case Dice::kTavern: {
        bool beats = false;
        for (const Tile& t : s_.display().taverns)
          beats = beats || (t.sort == s_.drink().tavern && t.value < roll.value);
        bad = !beats;
        break;
      }
      case Dice::kChest:
        bad = s_.display().scorpion &&
              s_.chest_total() + roll.value >= s_.display().scorpion->threshold;
        break;
      case Dice::kBrawl: {
        const Ship& ship = s_.ship();
        bad = ship.standing() < 0 ? roll.value <= 3 : roll.value < ship.standing_roll();
        break;
      }
    }
    if (type == "keep") return bad ? 0 : 1;
    if (type == "reroll") return bad ? 2 : -1;
    return bad ? 1.5 : -1;  // rum
  }

 private:
  const UmRumUndEhreState& s_;
  int seat_;
  const Player& me_;
};

}  // namespace

Json SmartBot::choose(const State& state, int seat, Chance& rng) const {
  Json legal = state.legal_actions(seat);
  if (legal.empty()) return Json(nullptr);
  const auto* s = dynamic_cast<const UmRumUndEhreState*>(&state);
  if (!s) return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  Judge judge(*s, seat);
  double best = -1e9;
  std::vector<std::size_t> top;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const double w = judge.worth(legal[i]);
    if (w > best + 1e-9) {
      best = w;
      top = {i};
    } else if (w > best - 1e-9) {
      top.push_back(i);
    }
  }
  return legal[top[rng.below(static_cast<std::uint32_t>(top.size()))]];
}

}  // namespace tortuga::um_rum_und_ehre
