// Catching: after a fall of earlier cargo the loader names at most two falling pieces and the
// frame each hand closes at; a grab counts while the piece is in free fall (a few frames of
// allowance after it reaches the water); caught pieces leave the game unless only this turn's
// pieces were caught; the rest go back to the loader. A timeout catches nothing.
#include "tests/rules/riff_raff/support.hpp"

using namespace riff_raff_test;

namespace {

// Two players, eight crates and a bottle each; a barrel (id 50) and a rat (id 51) in the air
// beyond the bow, the barrel lower; seat 1 loads first, a crate on the deck, and the two fall
// during that loading.
std::unique_ptr<RiffRaffState> after_a_fall() {
  auto state = new_match(2);
  World world = state->world();
  world.cargo = {overboard(50, "barrel"), overboard(51, "rat")};
  world.cargo[0].pose.y = 1.0f;  // the barrel reaches the water well before the rat
  world.cargo[1].pose.x = 6.5f;
  const auto supply = supply_of({{"crate", 8}, {"bottle", 1}});
  state->set_scene(world, {supply, supply}, 1);
  choose_all(*state, {1, 2});
  play(*state, 1, load("crate", -0.8));
  REQUIRE(state->motion().falls.size() == 2);
  REQUIRE(state->phase() == Phase::kCatching);
  return state;
}

int last_frame(const RiffRaffState& state, int id) {
  for (const Fall& f : state.motion().falls)
    if (f.id == id) return f.last_frame;
  FAIL("piece " << id << " did not fall");
  return -1;
}

}  // namespace

TEST_CASE("after a fall of earlier cargo the loader has a catch decision with a deadline") {
  auto state = after_a_fall();
  CHECK(state->actors() == std::vector<int>{1});
  const auto deadline = state->deadline();
  REQUIRE(deadline.has_value());
  CHECK(deadline->seats == std::vector<int>{1});
  const Physics& ph = state->spec().physics;
  CHECK(deadline->after_ms ==
        state->motion().frames * ph.frame_every * 1000 / ph.step_hz + 3000);  // playback + 3 s
  const Json view = state->view(0);
  CHECK(view["catch"]["pieces"] == Json::array({50, 51}));
  CHECK(view["catch"]["hands"] == 2);
  CHECK(view["motion"]["falls"].size() == 2);
  CHECK(view["motion"]["tracks"].contains("50"));
  CHECK(state->legal_actions(1)[0] == grab({}));
}

TEST_CASE("a piece grabbed while it falls leaves the game") {
  auto state = after_a_fall();
  play(*state, 1, grab({{50, last_frame(*state, 50)}}));
  CHECK(state->player(1).caught == 1);
  CHECK(state->player(1).pieces() == 9 - 1 + 1);  // the crate is on board, the rat came back
  CHECK(state->player(1).supply[kind_index("barrel")] == 0);
  CHECK(state->player(1).supply[kind_index("rat")] == 1);
  CHECK(state->view(0)["last_catch"]["counted"] == true);
  CHECK(state->view(0)["last_catch"]["out"] == Json::array({50}));
  CHECK(state->loader() == 0);
}

TEST_CASE("two hands grab two pieces, and no more") {
  auto state = after_a_fall();
  CHECK(refuse(*state, 1, grab({{50, 1}, {51, 1}, {50, 2}})).message ==
        "two hands catch at most two pieces");
  CHECK(refuse(*state, 1, grab({{50, 1}, {50, 2}})).code == "illegal_action");
  CHECK(refuse(*state, 1, grab({{7, 1}})).message == "piece 7 did not fall in this turn");
  CHECK(refuse(*state, 1, grab({{50, state->motion().frames}})).code == "illegal_action");
  CHECK(refuse(*state, 1, {{"type", "catch"}, {"grabs", {{{"piece", 50}}}}}).code == "bad_action");
  play(*state, 1, grab({{50, last_frame(*state, 50)}, {51, last_frame(*state, 51)}}));
  CHECK(state->player(1).caught == 2);
  CHECK(state->player(1).pieces() == 8);
}

TEST_CASE("a hand that closes too late misses, and the piece goes to the loader") {
  auto state = after_a_fall();
  const int tolerance = state->spec().physics.catch_tolerance_frames;
  const int late = last_frame(*state, 50) + tolerance + 1;
  REQUIRE(late < state->motion().frames);
  auto allowed = state->clone();
  REQUIRE(!allowed->apply(1, grab({{50, last_frame(*state, 50) + tolerance}})));
  CHECK(static_cast<RiffRaffState&>(*allowed).player(1).caught == 1);  // within the allowance
  play(*state, 1, grab({{50, late}}));
  CHECK(state->player(1).caught == 0);
  CHECK(state->player(1).pieces() == 8 + 2);
  CHECK(state->view(0)["last_catch"]["counted"] == false);
}

TEST_CASE("when the time runs out nothing is caught") {
  auto state = after_a_fall();
  play(*state, tortuga::kSystem, {{"type", "timeout"}});
  CHECK(state->player(1).caught == 0);
  CHECK(state->player(1).pieces() == 10);
  CHECK(state->history().back().seat == tortuga::kSystem);
  CHECK(state->loader() == 0);
}

TEST_CASE("catching only the piece just loaded does not count") {
  auto state = new_match(2);
  World world = state->world();
  world.cargo = {overboard(50, "barrel")};
  const auto supply = supply_of({{"bottle", 4}});
  state->set_scene(world, {supply, supply}, 1);
  choose_all(*state, {1, 6});
  play(*state, 1, load("bottle", 2.4, -60, 1.0));
  REQUIRE(state->motion().falls.size() == 2);
  REQUIRE(state->phase() == Phase::kCatching);
  const int bottle = state->loaded_this_turn().front();
  auto both = state->clone();
  play(*state, 1, grab({{bottle, last_frame(*state, bottle)}}));
  CHECK(state->player(1).caught == 0);
  CHECK(state->player(1).pieces() == 5);  // the bottle and the barrel came back
  CHECK(state->view(0)["last_catch"]["caught"] == Json::array({bottle}));
  CHECK(state->view(0)["last_catch"]["counted"] == false);
  // With the barrel also in hand, both leave the game.
  auto& with_barrel = static_cast<RiffRaffState&>(*both);
  play(with_barrel, 1,
       grab({{bottle, last_frame(with_barrel, bottle)}, {50, last_frame(with_barrel, 50)}}));
  CHECK(with_barrel.player(1).caught == 2);
  CHECK(with_barrel.player(1).pieces() == 3);
}

TEST_CASE("a hand that closes before the piece has left the ship misses it") {
  auto state = new_match(2);
  World world = state->world();
  world.cargo = {overboard(50, "barrel")};
  const auto supply = supply_of({{"bottle", 4}});
  state->set_scene(world, {supply, supply}, 1);
  choose_all(*state, {1, 6});
  play(*state, 1, load("bottle", 2.4, -60, 1.0));
  REQUIRE(state->phase() == Phase::kCatching);
  const int bottle = state->loaded_this_turn().front();
  const Fall& fall = state->motion().falls[1];
  REQUIRE(fall.id == bottle);
  REQUIRE(fall.free_from > 0);  // it hit the yard before it fell
  play(*state, 1, grab({{bottle, fall.free_from - 1}, {50, last_frame(*state, 50)}}));
  CHECK(state->view(0)["last_catch"]["caught"] == Json::array({50}));
  CHECK(state->player(1).caught == 1);
  CHECK(state->player(1).supply[kind_index("bottle")] == 4);
}
