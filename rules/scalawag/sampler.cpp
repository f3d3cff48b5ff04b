#include "rules/scalawag/sampler.hpp"

#include <algorithm>

#include "rules/scalawag/scalawag_state.hpp"
#include "rules/scalawag/smart_bot.hpp"

namespace tortuga::scalawag {
namespace {

std::optional<Crew> crew_named(const Json& name) {
  for (Crew crew : kAllCrew)
    if (name == crew_name(crew)) return crew;
  return std::nullopt;
}

Hand hand_named(const Json& names) {
  Hand hand;
  for (const Json& name : names)
    if (auto crew = crew_named(name)) hand.push_back(*crew);
  return hand;
}

int index_named(const Json& name, std::string_view (*name_of)(int)) {
  for (int i = 0; i < 16; ++i)
    if (name == name_of(i)) return i;
  return -1;
}

Order order_named(const Json& name) {
  for (int o = 0; o <= static_cast<int>(Order::kOnGuard); ++o)
    if (name == order_name(static_cast<Order>(o))) return static_cast<Order>(o);
  return Order::kMakeSail;
}

Phase phase_named(const Json& name) {
  static const char* const kNames[] = {"order",     "window", "targets",       "penalty",
                                       "lose_crew", "return", "prize_discard", "over"};
  for (int p = 0; p < 8; ++p)
    if (name == kNames[p]) return static_cast<Phase>(p);
  return Phase::kOrder;
}

// The last true claim whose shown cards are not yet replaced: the claimant holds them still.
const Json* shown_claim(const Json& log) {
  const Json* open = nullptr;
  for (const Json& event : log) {
    if (event.value("event", "") == "scalawag" && event.value("truthful", false)) open = &event;
    if (event.value("event", "") == "shown_replaced") open = nullptr;
  }
  return open;
}

}  // namespace

std::unique_ptr<State> Sampler::sample(const Sight& sight, Chance& rng) const {
  const Json& view = sight.view;
  const int seat = sight.seat;
  const Json& players = view.at("players");
  Json options = {{"players", players.size()},
                  {"window_s", view.at("window_s")},
                  {"alliances", view.at("alliances")},
                  {"fog_of_war", view.at("fog_of_war")},
                  {"damage_boxes", view.at("damage_boxes")}};
  if (sight.options.is_object() && sight.options.contains("fog_die"))
    options["fog_die"] = sight.options["fog_die"];
  auto rules = rules_from(options);
  if (!rules.ok()) return nullptr;

  Table table;
  const int n = static_cast<int>(players.size());
  table.ships.resize(n);
  for (const Json& s : view.at("ring")) table.ring.push_back(s.get<int>());
  table.locker = hand_named(view.at("locker"));
  if (view.at("fog").is_array()) {
    const int left = view.at("fog")[0].get<int>();
    table.fog = static_cast<int>(std::find(table.ring.begin(), table.ring.end(), left) -
                                 table.ring.begin());
  }
  for (int s = 0; s < n; ++s) {
    Ship& ship = table.ships[s];
    const Json& seen = players[s];
    ship.compass = seen.at("compass").get<int>();
    ship.damage = seen.at("damage").get<int>();
    ship.alive = seen.at("alive").get<bool>();
    ship.on_guard = seen.at("on_guard").get<bool>();
    ship.flag = index_named(seen.at("flag"), flag_name);
  }

  // The crew: what the seat holds, what the locker holds and what a true claim still shows are
  // known; every other card is dealt.
  const Json& you = view.at("you");
  table.ships[seat].hand = hand_named(you.at("hand"));
  std::array<int, kCrewKinds> unseen = rules->crew;
  auto seen_card = [&](Crew crew) { --unseen[static_cast<int>(crew)]; };
  for (Crew crew : table.ships[seat].hand) seen_card(crew);
  for (Crew crew : table.locker) seen_card(crew);
  const Json* shown = shown_claim(view.at("log"));
  int claimant = -1;
  if (shown) {
    claimant = shown->at("seat").get<int>();
    if (claimant != seat)
      for (Crew crew : hand_named(shown->at("shown"))) {
        table.ships[claimant].hand.push_back(crew);
        seen_card(crew);
      }
  }
  Hand pool;
  for (Crew crew : kAllCrew)
    for (int i = 0; i < unseen[static_cast<int>(crew)]; ++i) {
      if (unseen[static_cast<int>(crew)] < 0) return nullptr;
      pool.push_back(crew);
    }
  rng.shuffle(pool);
  std::size_t next = 0;
  for (int s = 0; s < n; ++s) {
    if (s == seat) continue;
    const auto size = players[s].at("crew").get<std::size_t>();
    while (table.ships[s].hand.size() < size) {
      if (next >= pool.size()) return nullptr;
      table.ships[s].hand.push_back(pool[next++]);
    }
  }
  table.harbour.assign(pool.begin() + static_cast<std::ptrdiff_t>(next), pool.end());
  if (table.harbour.size() != view.at("harbour").get<std::size_t>()) return nullptr;

  if (rules->alliances) {
    // Its own allegiance and its partner's are known; the other pairs are dealt.
    const int mine = index_named(you.at("allegiance"), allegiance_name);
    std::vector<int> sides;
    for (int side = 0; side < n / 2; ++side)
      if (side != mine) sides.insert(sides.end(), 2, side);
    rng.shuffle(sides);
    std::size_t next_side = 0;
    const int partner = you.at("partner").is_number() ? you.at("partner").get<int>() : -1;
    for (int s = 0; s < n; ++s)
      table.ships[s].allegiance = s == seat || s == partner ? mine : sides[next_side++];
  }

  const int fog = table.fog;
  auto state =
      std::make_unique<ScalawagState>(*rules, std::move(table), Chance(rng.below(1u << 31)));
  ScalawagState& st = *state;
  // As the view shows them, whatever the constructor's first turn did (a roll of the fog, the
  // first captain's On Guard lifted).
  st.table_.fog = fog;
  for (int s = 0; s < n; ++s) st.table_.ships[s].on_guard = players[s].at("on_guard").get<bool>();
  st.phase_ = phase_named(view.at("phase"));
  st.current_ = view.at("turn").get<int>();
  st.round_ = view.at("round").get<int>();
  if (view.at("order").is_object()) {
    const Json& order = view.at("order");
    st.command_.order = order_named(order.at("order"));
    st.command_.crew = order.at("crew").get<int>();
    st.command_.second_fire = order.at("second_fire").get<bool>();
    st.command_.reach = order.at("lookout").get<bool>();
  }
  if (view.at("claim").is_object()) {
    const Json& claim = view.at("claim");
    st.claim_ = {crew_named(claim.at("crew")).value_or(Crew::kSailor),
                 claim.at("count").get<int>()};
    st.waiting_.clear();
    for (const Json& s : claim.at("waiting")) st.waiting_.push_back(s.get<int>());
  } else if (shown) {
    st.claim_ = {crew_named(shown->at("claim").at("crew")).value_or(Crew::kSailor),
                 shown->at("claim").at("count").get<int>()};
  }
  if (view.at("penalty").is_object()) {
    const Json& penalty = view.at("penalty");
    st.penalty_ = {penalty.at("payer").get<int>(), penalty.at("other").get<int>(),
                   penalty.at("chooser").get<int>()};
  }
  st.then_ = shown ? Then::kRedraw : Then::kEndTurn;
  st.asked_ = view.at("asked").is_number() ? view.at("asked").get<int>() : -1;
  st.return_count_ = view.at("returning").is_number() ? view.at("returning").get<int>() : 0;
  st.last_action_ = view.at("last_action");
  st.events_.clear();
  st.event_count_ = 0;
  for (const Json& event : view.at("log")) {
    Json what = event;
    const int to = what.contains("to") ? what["to"].get<int>() : -1;
    what.erase("to");
    st.event_count_ = what.value("n", st.event_count_);
    st.events_.push_back({to, std::move(what)});
  }
  return state;
}

Json Sampler::rollout_action(const State& state, int seat, Chance& rng) const {
  return SmartBot().choose(state, seat, rng);
}

}  // namespace tortuga::scalawag
