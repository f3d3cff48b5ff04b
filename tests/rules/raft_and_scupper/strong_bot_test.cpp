// The strong bot in Raft & Scupper: its sampler rebuilds exactly the match the seat sees (nothing
// is hidden), it plays only legal moves, a seed and a budget decide its choice, and the match's
// own chance (its seed, which a seat never sees) changes nothing.
#include "tests/rules/raft_and_scupper/support.hpp"
#include "tests/rules/strong_checks.hpp"

#include <utility>

#include "rules/core/named_chance.hpp"

using namespace raft_and_scupper_test;
using namespace tortuga::testing;

namespace {

const Json kOptions = {{"players", 2}, {"short_game", true}};

}  // namespace

TEST_CASE("the sampler deals the match each seat sees, at every step of random matches") {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    for (int steps : {0, 1, 3, 6, 10, 25, 60}) {
      auto state = played(raft_and_scupper(), kOptions, seed, steps);
      if (state->is_over()) continue;
      for (int seat : state->actors())
        check_samples_match_sight(raft_and_scupper(), *state, seat, 2);
    }
  }
}

TEST_CASE("the strong bot plays only legal moves, in setup and at sea") {
  check_strong_plays_legally(raft_and_scupper(), kOptions, 5, 40);
}

TEST_CASE("a seed and an iteration budget decide the strong bot's move") {
  auto state = played(raft_and_scupper(), kOptions, 4, 12);
  REQUIRE(!state->is_over());
  const int seat = state->actors().front();
  const Json first = strong_choice(raft_and_scupper(), *state, seat, 9, 300);
  CHECK(strong_choice(raft_and_scupper(), *state, seat, 9, 300) == first);
}

TEST_CASE("the strong bot never peeks: a match's seed, which no seat sees, changes nothing") {
  // Two matches with the same deal and moves but different seeds: the seat sees the same.
  auto a = played(raft_and_scupper(), kOptions, 11, 14);
  REQUIRE(!a->is_over());
  Json kinds = Json::array();
  const Json view = a->view(0);
  Json ships = view["ships"];
  for (const Json& sunk : view["sunk"]) ships.push_back(sunk);
  kinds.get_ref<Json::array_t&>().resize(ships.size());
  for (const Json& ship : ships)
    kinds[ship["id"].get<int>() - 1] =
        ship["cargo"].get<std::string>() + "-" + ship["rigging"].get<std::string>();
  auto events = tortuga::NamedEvents::parse(Json::array({{{"event", "ships"}, {"kinds", kinds}}}),
                                            raft_and_scupper().chance_events());
  REQUIRE(events.ok());
  auto b = raft_and_scupper().new_state(
      *raft_and_scupper().normalize_options(kOptions),
      Chance(99, {}, std::make_shared<const tortuga::NamedEvents>(std::move(*events))));
  for (const auto& applied : a->history()) REQUIRE(!b->apply(applied.seat, applied.action));
  REQUIRE(std::as_const(*a).chance().seed() != std::as_const(*b).chance().seed());
  const int seat = a->actors().front();
  REQUIRE(a->view(seat) == b->view(seat));
  CHECK(strong_choice(raft_and_scupper(), *a, seat, 3, 200) ==
        strong_choice(raft_and_scupper(), *b, seat, 3, 200));
}
