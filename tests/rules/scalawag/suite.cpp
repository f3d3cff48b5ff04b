// Scalawag! in the shared property suite, 3 to 8 players: the plain game, short challenge
// windows, a turn clock, the three-player game without its Fog of War, and alliance mode for 6
// and 8. The leak check: no seat's view ever holds another seat's hand or allegiance, nor the
// harbour's cards, nor an event meant for another seat; the spectators' view holds no hand or
// allegiance at all.
#include <doctest/doctest.h>

#include "rules/scalawag/scalawag_state.hpp"
#include "tests/rules/scalawag/leaks.hpp"
#include "tests/rules/suite.hpp"

namespace {

using tortuga::Json;
using tortuga::State;
using namespace tortuga::scalawag;
using scalawag_test::keys_named;

void check_no_leak(const State& state, int seat, const Json& view) {
  const auto& s = dynamic_cast<const ScalawagState&>(state);
  const Table& table = s.table();
  CHECK(keys_named(view, "harbour_cards") == 0);
  for (const Json& player : view["players"]) {
    CHECK_FALSE(player.contains("hand"));
    CHECK_FALSE(player.contains("allegiance"));
  }
  for (const Json& event : view["log"])
    if (event.contains("to")) CHECK(event["to"] == seat);
  if (seat < 0) {
    CHECK(view["you"].is_null());
    CHECK(keys_named(view, "hand") == 0);
    CHECK(keys_named(view, "allegiance") == 0);
  } else {
    // The one hand in the view is the seat's own, and so is the one allegiance.
    CHECK(keys_named(view, "hand") == 1);
    CHECK(view["you"]["hand"] == hand_json(table.ships[seat].hand));
    CHECK(keys_named(view, "allegiance") == 1);
    const int side = table.ships[seat].allegiance;
    CHECK(view["you"]["allegiance"] == (side >= 0 ? Json(allegiance_name(side)) : Json(nullptr)));
    if (side >= 0) {
      const Json partner = view["you"]["partner"];
      REQUIRE(partner.is_number_integer());
      CHECK(table.ships[partner.get<int>()].allegiance == side);
    }
  }
  if (!state.is_over()) CHECK(view["teams"].is_null());
}

const tortuga::suite::Registration registered("scalawag", [] {
  tortuga::suite::SuiteConfig config;
  config.matches = 24;
  config.exhaustive_matches = 4;
  config.step_bound = 4000;
  config.option_variants = {Json::object(),
                            {{"alliances", true}},
                            {{"window_s", 1}},
                            {{"turn_clock_s", 30}},
                            {{"fog_of_war", false}}};
  config.variant_fits = [](const Json& variant, int players) {
    if (variant.contains("alliances")) return players == 6 || players == 8;
    if (variant.contains("fog_of_war")) return players == 3;
    return true;
  };
  config.leak_check = check_no_leak;
  return config;
}());

}  // namespace
