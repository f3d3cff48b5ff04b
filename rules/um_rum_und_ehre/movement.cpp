// Moving the captain: along an empty alley, filling each of its segments with a pirate; or out of
// the town along one dark alley and back in along another. The first move of a turn is free and
// each further one costs a coin (not for the last player ashore); going through the dark costs a
// coin more unless no ordinary alley from the captain's space is empty. A captain left with no way
// out goes on to the next numbered coin space.
#include <string>

#include "rules/core/action_reader.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"

namespace tortuga::um_rum_und_ehre {

UmRumUndEhreState::Cost UmRumUndEhreState::move_cost(int alley) const {
  return {town_->alley(alley).segments, moves_ > 0 && !last_ashore() ? 1 : 0};
}

UmRumUndEhreState::Cost UmRumUndEhreState::dark_cost(int out, int in) const {
  bool ordinary_open = false;
  for (int a : town_->space(captain_).alleys)
    ordinary_open = ordinary_open || (!town_->alley(a).dark && alley_owner_[a] < 0);
  return {town_->alley(out).segments + town_->alley(in).segments,
          (moves_ > 0 && !last_ashore() ? 1 : 0) + (ordinary_open ? 1 : 0)};
}

Json UmRumUndEhreState::move_actions() const {
  Json actions = Json::array();
  const Player& p = players_[current_];
  auto affordable = [&](Cost c) { return c.pirates <= p.supply && c.coins <= p.coins; };
  const auto& here = town_->space(captain_).alleys;
  for (int a : here) {
    if (town_->alley(a).dark || alley_owner_[a] >= 0 || !affordable(move_cost(a))) continue;
    actions.push_back({{"type", "move"}, {"alley", a}});
  }
  for (int out : here) {
    if (!town_->alley(out).dark || alley_owner_[out] >= 0) continue;
    for (const Alley& in : town_->alleys()) {
      if (!in.dark || in.id == out || alley_owner_[in.id] >= 0 || in.spaces[0] == captain_)
        continue;
      if (!affordable(dark_cost(out, in.id))) continue;
      actions.push_back({{"type", "move_dark"}, {"out", out}, {"in", in.id}});
    }
  }
  return actions;
}

Refusal UmRumUndEhreState::move(const Json& action) {
  const std::string type = action["type"].get<std::string>();
  const bool dark = type == "move_dark";
  ActionReader read(action);
  if (dark)
    read.fields({"out", "in"});
  else
    read.fields({"alley"});
  if (auto bad = read.refusal()) return bad;
  const int alleys = static_cast<int>(town_->alleys().size());
  auto alley_arg = [&](const char* name) -> Expected<int> {
    // Past a million an id is malformed rather than a missing alley: it must fit an int.
    const int id = static_cast<int>(read.integer(name, -1000000, 1000000));
    if (auto bad = read.refusal()) return *bad;
    if (id < 0 || id >= alleys)
      return illegal("there is no alley " + std::to_string(id) + ": alleys run from 0 to " +
                     std::to_string(alleys - 1));
    return id;
  };
  auto here = [&](int a) {
    const Alley& alley = town_->alley(a);
    return alley.spaces[0] == captain_ || (!alley.dark && alley.spaces[1] == captain_);
  };
  Cost cost;
  int first = 0, second = -1, target = 0;
  if (!dark) {
    auto a = alley_arg("alley");
    if (!a) return a.error();
    first = *a;
    if (town_->alley(first).dark)
      return illegal("alley " + std::to_string(first) + " is dark: go through it with move_dark");
    if (!here(first))
      return illegal("alley " + std::to_string(first) + " does not leave the captain's space " +
                     std::to_string(captain_));
    target = town_->across(first, captain_);
    cost = move_cost(first);
  } else {
    auto out = alley_arg("out");
    if (!out) return out.error();
    auto in = alley_arg("in");
    if (!in) return in.error();
    first = *out, second = *in;
    if (!town_->alley(first).dark || !town_->alley(second).dark)
      return illegal("move_dark goes out along a dark alley and in along another dark alley");
    if (!here(first))
      return illegal("dark alley " + std::to_string(first) + " does not leave the captain's space");
    if (first == second || town_->alley(second).spaces[0] == captain_)
      return illegal("the second dark alley must lead to another space");
    target = town_->alley(second).spaces[0];
    cost = dark_cost(first, second);
  }
  for (int a : {first, second})
    if (a >= 0 && alley_owner_[a] >= 0)
      return illegal("alley " + std::to_string(a) + " is not empty: pirates stand in it");
  Player& p = players_[current_];
  if (cost.pirates > p.supply)
    return illegal("this move needs " + std::to_string(cost.pirates) + " pirates and you have " +
                   std::to_string(p.supply) + " beside your flag");
  if (cost.coins > p.coins)
    return illegal("this move costs " + std::to_string(cost.coins) + " coins and you have " +
                   std::to_string(p.coins));
  p.coins -= cost.coins;
  p.supply -= cost.pirates;
  for (int a : {first, second})
    if (a >= 0) alley_owner_[a] = static_cast<std::int8_t>(current_);
  ++moves_;
  Json shown = {{"event", "move"},
                {"seat", current_},
                {"from", captain_},
                {"to", target},
                {"alleys", second < 0 ? Json::array({first}) : Json::array({first, second})},
                {"pirates", cost.pirates},
                {"coins", cost.coins}};
  add_event(std::move(shown));
  arrive(target, true);
  return std::nullopt;
}

void UmRumUndEhreState::arrive(int space, bool by_own_move) {
  captain_ = space;
  const Space kind = town_->space(space).kind;
  auto meeting = meeting_at(kind);
  Player& p = players_[current_];
  if (by_own_move && meeting) {
    // One rendezvous per arrival: the best of the matching tiles is turned and kept.
    int best = -1;
    for (int i = 0; i < static_cast<int>(p.meetings.size()); ++i)
      if (p.meetings[i].sort == static_cast<int>(*meeting) &&
          (best < 0 || p.meetings[i].value > p.meetings[best].value))
        best = i;
    if (best >= 0) {
      const Tile met = p.meetings[best];
      p.meetings.erase(p.meetings.begin() + best);
      p.flag.push_back(met);
      add_event({{"event", "rendezvous"}, {"seat", current_}}, current_,
                {{"event", "rendezvous"},
                 {"seat", current_},
                 {"meeting", meeting_name(*meeting)},
                 {"value", met.value}});
    }
  }
  space_action(space);
}

bool UmRumUndEhreState::can_leave(int space) const {
  bool dark_here = false;
  for (int a : town_->space(space).alleys) {
    if (alley_owner_[a] >= 0) continue;
    if (!town_->alley(a).dark) return true;
    dark_here = true;
  }
  if (!dark_here) return false;
  for (const Alley& in : town_->alleys())
    if (in.dark && alley_owner_[in.id] < 0 && in.spaces[0] != space) return true;
  return false;
}

void UmRumUndEhreState::leave_dead_end() {
  int number = town_->space(captain_).tile;
  for (int k = 0; k < kTownTiles; ++k) {
    number = number % kTownTiles + 1;
    const int coin = town_->coin_space(number);
    if (coin != captain_ && can_leave(coin)) {
      add_event({{"event", "dead_end"}, {"from", captain_}, {"to", coin}});
      captain_ = coin;
      return;
    }
  }
}

void UmRumUndEhreState::space_done() {
  if (!can_leave(captain_)) leave_dead_end();
  step_ = Step::kAfterMove;
}

}  // namespace tortuga::um_rum_und_ehre
