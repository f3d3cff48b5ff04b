// Um Rum & Ehre in the shared property suite, 2 to 5 players. Its leak check: while the match runs,
// no seat's view carries another seat's coins, tiles under the flag, encounter tiles or points, nor
// the article another seat drew before keeping or selling it, nor any stack's order; the spectators
// see none of them; once it is over, everything is shown. Beyond these fields, each view must stay
// the same when everything its seat may not know is changed. Variants: our tiles and stacks, a
// given arrangement, the decision clock, and a town and stacks of the players' own.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"
#include "tests/rules/suite.hpp"

namespace {

using tortuga::Json;

const std::set<std::string> kSecretEvents = {"drew_goods", "kept_goods", "sold_goods",
                                             "drew_encounter", "rendezvous"};

// The same state with everything `seat` may not know changed: the other seats' coins, flags and
// what their encounter tiles show, and the order of every stack. The seat's view must not change
// with it.
Json view_with_secrets_changed(const tortuga::State& state, int seat) {
  using namespace tortuga::um_rum_und_ehre;
  auto copy = state.clone();
  auto& s = dynamic_cast<UmRumUndEhreState&>(*copy);
  for (int other = 0; other < s.seats(); ++other) {
    if (other == seat) continue;
    Player& p = s.player(other);
    p.coins += 7;
    p.flag.push_back({TileKind::kBunk, 0, 8, 0});
    // How many encounter tiles lie face down on a flag is public; what they show is not.
    for (Tile& t : p.meetings) {
      t.sort = static_cast<std::int8_t>((t.sort + 1) % kMeetings);
      t.value = static_cast<std::int8_t>(10 - t.value);
    }
  }
  Stacks& st = s.stacks();
  for (Stack* stack : {&st.taverns, &st.maps, &st.goods, &st.encounters, &st.chests, &st.scorpions,
                       &st.small_guards, &st.big_guards, &st.ropes, &st.hammocks, &st.bunks})
    std::reverse(stack->begin(), stack->end());
  return seat == tortuga::kSpectator ? s.spectator_view() : s.view(seat);
}

void leak_check(const tortuga::State& state, int seat, const Json& view) {
  const bool over = state.is_over();
  if (!over) {
    const Json changed = view_with_secrets_changed(state, seat);
    CHECK_MESSAGE(changed == view, "seat " << seat << ": " << Json::diff(view, changed).dump());
  }
  for (const Json& p : view["players"]) {
    const bool mine = p["seat"] == seat;
    for (const char* secret : {"coins", "flag", "encounters", "points"})
      CHECK_MESSAGE(p.contains(secret) == (over || mine),
                    "seat " << seat << " sees " << secret << " of seat " << p["seat"]);
  }
  CHECK(view.contains("stack_order") == over);
  const Json& question = view["question"];
  if (question.contains("drawn")) CHECK((over || view["current"] == seat));
  for (const Json& e : view["events"]) {
    if (over || !kSecretEvents.count(e["event"].get<std::string>()) || e["seat"] == seat) continue;
    CHECK_MESSAGE(!e.contains("tile"), "seat " << seat << " sees " << e.dump());
    CHECK_MESSAGE(!e.contains("meeting"), "seat " << seat << " sees " << e.dump());
    CHECK_MESSAGE(!e.contains("value"), "seat " << seat << " sees " << e.dump());
  }
}

const tortuga::suite::Registration registered("um-rum-und-ehre", [] {
  tortuga::suite::SuiteConfig config;
  config.matches = 6;
  config.exhaustive_matches = 2;
  config.step_bound = 6000;
  Json fixed = Json::array();
  for (int p = 0; p < 9; ++p) fixed.push_back({{"tile", 9 - p}, {"rotation", p % 4}});
  config.option_variants = {Json::object(), {{"arrangement", fixed}}, {{"decision_s", 20}}};
  // Every pirate goods space a pirate space instead, on a town of the players' own tiles.
  Json tiles = Json::parse(R"([
    {"number": 1, "spaces": ["coin", "tavern_es_cruce", "map_yellow", "pirate"],
     "alleys": [1, 1, 1, 1], "stubs": [1, 1, 1, 1, 1, 1, 1, 1]},
    {"number": 2, "spaces": ["guard", "coin", "pirate", "rum"],
     "alleys": [3, 3, 3, 3], "stubs": [2, 2, 2, 2, 2, 2, 2, 2]},
    {"number": 3, "spaces": ["encounter", "map_pink", "coin", "chest"],
     "alleys": [2, 2, 2, 2], "stubs": [1, 2, 1, 2, 1, 2, 1, 2]},
    {"number": 4, "spaces": ["tavern_frere_jacques", "map_green", "guard", "coin"],
     "alleys": [1, 2, 3, 1], "stubs": [2, 1, 2, 1, 2, 1, 2, 1]},
    {"number": 5, "spaces": ["hq", "pirate", "encounter", "coin"],
     "alleys": [1, 2, 2, 1], "stubs": [1, 1, 1, 2, 1, 1, 2, 1]},
    {"number": 6, "spaces": ["coin", "pirate", "map_yellow", "rum"],
     "alleys": [2, 3, 2, 1], "stubs": [1, 2, 2, 1, 1, 1, 1, 2]},
    {"number": 7, "spaces": ["map_pink", "coin", "tavern_jolly_roger", "pirate"],
     "alleys": [3, 1, 2, 2], "stubs": [2, 2, 1, 1, 1, 2, 1, 1]},
    {"number": 8, "spaces": ["chest", "guard", "coin", "encounter"],
     "alleys": [2, 1, 3, 1], "stubs": [1, 1, 2, 2, 1, 1, 1, 2]},
    {"number": 9, "spaces": ["rum", "coin", "map_green", "pirate"],
     "alleys": [1, 2, 2, 3], "stubs": [1, 2, 1, 1, 2, 1, 2, 1]}])");
  config.option_variants.push_back(
      {{"tiles", tiles}, {"stacks", {{"small_guards", {3, 3, 3, 3, 3, 3, 3, 3, 3}}}}});
  config.leak_check = leak_check;
  return config;
}());

}  // namespace
