// The simulation: cargo at rest stays at rest, cargo past a yard's end falls, loading rocks the
// ship, and the same placements give bit-identical worlds (so stored matches replay exactly).
#include "tests/rules/riff_raff/support.hpp"

#include "rules/core/registry.hpp"

using namespace riff_raff_test;

TEST_CASE("a crate set down on the deck comes to rest there and stays through later loading") {
  auto state = new_match(2);
  choose_all(*state, {3, 1});  // seat 0 loads first, on area 3; seat 1 then on area 1
  REQUIRE(state->loader() == 0);
  REQUIRE(state->loading_area() == 3);
  play(*state, 0, load("crate", 0.8));
  CHECK(state->motion().falls.empty());
  CHECK(state->motion().settled);
  REQUIRE(state->world().cargo.size() == 1);
  const Cargo crate = state->world().cargo[0];
  CHECK(area_of(state->spec(), state->world(), crate) == 3);
  CHECK(std::abs(crate.pose.angle - state->world().ship.angle) < 0.01f);  // flat on the deck
  CHECK(state->player(0).pieces() == 15);

  play(*state, 1, load("barrel", -2.2));
  CHECK(state->motion().falls.empty());
  REQUIRE(state->world().cargo.size() == 2);
  CHECK(area_of(state->spec(), state->world(), state->world().cargo[0]) == 3);
  CHECK(std::abs(state->world().cargo[0].pose.x - crate.pose.x) < 0.05f);
  // The crate rode the ship still: it has no track of its own in the second motion.
  for (const auto& [id, track] : state->motion().tracks) CHECK(id != crate.id);
}

TEST_CASE("a bottle dropped leaning out at the end of a yard falls into the water") {
  auto state = new_match(2);
  choose_all(*state, {6, 1});
  REQUIRE(state->loading_area() == 6);
  const auto bounds = state->x_bounds(kind_index("bottle"), 0);
  CHECK(bounds.second == doctest::Approx(2.4));  // the yard's tip is an open end
  play(*state, 0, load("bottle", 2.4, -60, 1.0));
  REQUIRE(state->motion().falls.size() == 1);
  CHECK(state->motion().falls[0].kind == kind_index("bottle"));
  CHECK(state->world().cargo.empty());
  // Only the loaded piece fell, so there is nothing worth catching: it goes back to the loader.
  CHECK(state->phase() == Phase::kLoading);
  CHECK(state->loader() == 1);
  CHECK(state->player(0).pieces() == 16);
  CHECK(state->player(0).supply[kind_index("bottle")] == 2);
}

TEST_CASE("a heavy piece far out on a yard tilts the ship towards it") {
  auto state = new_match(2);
  choose_all(*state, {6, 1});
  play(*state, 0, load("chest", 1.6));
  REQUIRE(state->motion().falls.empty());
  // Angles grow counter-clockwise: weight on the bow side (x > 0) turns the ship clockwise.
  CHECK(state->world().ship.angle < -0.01f);
  CHECK(std::abs(state->world().ship.angle) <= state->spec().joint_limit + 0.01f);
}

TEST_CASE("the same placements give bit-identical worlds, motions and views") {
  auto run = [] {
    auto state = new_match(3);
    choose_all(*state, {9, 5, 2});
    play(*state, 0, load("plank", -0.9, 10, 0.3));
    play(*state, 1, load("sailor", -1.0, 90, 0.5));
    play(*state, 2, load("barrel", -1.0, 0, 0.8));
    return state;
  };
  auto a = run(), b = run();
  CHECK(a->world() == b->world());  // exact float equality of every pose and velocity
  CHECK(a->motion().ship == b->motion().ship);
  CHECK(a->motion().tracks == b->motion().tracks);
  CHECK(a->full_view() == b->full_view());
  // A copy simulates exactly like the original.
  auto c = a->clone();
  play(*a, a->actors()[0], choose(4));
  REQUIRE(!c->apply(c->actors()[0], choose(4)));
  CHECK(a->full_view() == c->full_view());
}

TEST_CASE("replaying a stored match from its options, seed and actions reproduces it exactly") {
  const auto* game = tortuga::find_game("riff-raff");
  REQUIRE(game);
  auto options = game->normalize_options({{"players", 3}});
  REQUIRE(options.ok());
  auto original = game->new_state(*options, Chance(42));
  auto bot = game->make_bot("random");
  Chance rng(3);
  while (!original->is_over()) {
    const auto actors = original->actors();
    const int seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
    REQUIRE(!original->apply(seat, bot->choose(*original, seat, rng)));
  }
  // Stored as text, as the match log keeps it, and read back.
  std::vector<std::pair<int, std::string>> log;
  for (const auto& step : original->history()) log.emplace_back(step.seat, step.action.dump());
  auto replay = game->new_state(*options, Chance(42));
  for (const auto& [seat, text] : log) REQUIRE(!replay->apply(seat, Json::parse(text)));
  CHECK(replay->full_view() == original->full_view());
  CHECK(static_cast<RiffRaffState&>(*replay).world() ==
        static_cast<RiffRaffState&>(*original).world());
}

TEST_CASE("every placement is simulated for at most the step cap") {
  auto state = new_match(2, 0, {{"model", {{"physics", {{"max_seconds", 1}}}}}});
  choose_all(*state, {10, 1});
  play(*state, 0, load("barrel", 0.8, 0, 1.0));
  CHECK(state->motion().steps <= 60);
  CHECK(state->motion().frames <= 60 / state->spec().physics.frame_every + 2);
}

TEST_CASE("the motion's last frame, turned into world coordinates, is where the pieces rest") {
  auto state = new_match(2);
  choose_all(*state, {8, 1});
  play(*state, 0, load("sailor", 0.9, 30, 0.6));
  REQUIRE(state->motion().falls.empty());
  const Json motion = state->view(1)["motion"];
  const int frames = motion["frames"];
  const Json& ship = motion["ship"];
  REQUIRE(ship.size() == static_cast<std::size_t>(3 * frames));
  // world = ship_xy + R(ship_angle) * local, world_angle = ship_angle + local_angle.
  const double sx = ship[3 * frames - 3].get<int>() / 1000.0;
  const double sy = ship[3 * frames - 2].get<int>() / 1000.0;
  const double sa = ship[3 * frames - 1].get<int>() / 1000.0;
  const Json& track = motion["tracks"]["1"];
  REQUIRE(track.size() == static_cast<std::size_t>(3 * frames));
  const double lx = track[3 * frames - 3].get<int>() / 1000.0;
  const double ly = track[3 * frames - 2].get<int>() / 1000.0;
  const double la = track[3 * frames - 1].get<int>() / 1000.0;
  const Json sailor = state->view(1)["world"]["cargo"][0];
  CHECK(sx + std::cos(sa) * lx - std::sin(sa) * ly ==
        doctest::Approx(sailor["x"].get<double>()).epsilon(0.003));
  CHECK(sy + std::sin(sa) * lx + std::cos(sa) * ly ==
        doctest::Approx(sailor["y"].get<double>()).epsilon(0.003));
  CHECK(sa + la == doctest::Approx(sailor["angle"].get<double>()).epsilon(0.003));
  // Frame 0 is the release: the piece starts at its own x along the yard, above it.
  CHECK(track[0] == 900);
  CHECK(track[1].get<int>() > 3400);
  CHECK(motion["frame_ms"] == 50);
}
