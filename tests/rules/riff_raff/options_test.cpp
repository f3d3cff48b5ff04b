// The options: the catch allowance, and the model (a merge patch over cargo.json), which must
// read as a valid ship and cargo or be refused with the field at fault.
#include "tests/rules/riff_raff/support.hpp"

using namespace riff_raff_test;

namespace {

std::string refused(const Json& model) {
  auto options = riff_raff().normalize_options({{"players", 2}, {"model", model}});
  REQUIRE_FALSE(options.ok());
  CHECK(options.error().code == "bad_options");
  return options.error().message;
}

Json square(double half) {
  return {{"polygon", {{-half, -half}, {half, -half}, {half, half}, {-half, half}}}};
}

}  // namespace

TEST_CASE("a model that does not make a ship and its cargo is refused, naming the field") {
  CHECK(refused({{"cargo", {{"crate", {{"parts", {{{"polygon", {{0, 0}, {1, 0}}}}}}}}}}}) ==
        "option model: cargo.crate.parts[0] needs 3 to 8 points");
  CHECK(refused({{"cargo",
                  {{"crate", {{"parts", {{{"polygon", {{0, 0}, {1, 0}, {0.2, 0.2}, {0, 1}}}}}}}}}}})
            .find("must be convex") != std::string::npos);
  CHECK(refused({{"physics", {{"step_hz", 1000}}}}) ==
        "option model: physics.step_hz must be within [30.000000, 240.000000]");
  CHECK(refused({{"areas", Json::array()}}) ==
        "option model: areas must be an array of the 10 areas, in order");
  CHECK(refused({{"cargo", {{"rat", nullptr}}}}) == "option model: cargo.rat is missing");
  CHECK(refused({{"cargo", {{"anchor", {{"density", 1}}}}}}) ==
        "option model: cargo \"anchor\" is not a kind of cargo");
  CHECK(refused({{"cargo", {{"chest", {{"parts", {square(1.0)}}}}}}}) ==
        "option model: the chest fits on area 2 neither level nor upright");
}

TEST_CASE("a model changes the simulation, and the view shows the model in force") {
  // A crate without friction, on a ship that turns freely on its joint, slides down the deck
  // that the chest tilts; with the standard model it stays where it was set.
  auto standard = new_match(2);
  auto slippery = new_match(
      2, 0,
      {{"model", {{"cargo", {{"crate", {{"friction", 0}}}}}, {"ship", {{"joint_friction", 0}}}}}});
  CHECK(slippery->view(0)["model"]["cargo"]["crate"]["friction"] == 0);
  for (RiffRaffState* state : {standard.get(), slippery.get()}) {
    choose_all(*state, {4, 1});
    play(*state, 0, load("chest", 2.6));  // weight at the bow tilts the ship
    play(*state, 1, load("crate", -2.2));
  }
  const Cargo& held = standard->world().cargo.back();
  const Cargo& slid = slippery->world().cargo.back();
  CHECK(held.pose.x < -2.0f);               // still where it was set down
  CHECK(slid.pose.x - held.pose.x > 0.1f);  // it slid towards the low bow
}

TEST_CASE("the catch allowance sets the catch's deadline") {
  auto state = new_match(2, 0, {{"catch_ms", 500}});
  World world = state->world();
  world.cargo = {overboard(50, "barrel")};
  state->set_scene(world, {supply_of({{"crate", 2}}), supply_of({{"crate", 2}})}, 1);
  choose_all(*state, {1, 2});
  play(*state, 1, load("crate", -0.8));
  REQUIRE(state->deadline().has_value());
  CHECK(state->deadline()->after_ms == state->motion().frames * 50 + 500);
}

TEST_CASE("with a turn clock the room chooses, appoints and loads for a player out of time") {
  auto state = new_match(3, 2, {{"turn_clock_s", 20}});
  REQUIRE(state->deadline().has_value());
  CHECK(state->deadline()->after_ms == 20000);
  CHECK(state->deadline()->seats == std::vector<int>{0, 1, 2});
  play(*state, 0, choose(8));
  play(*state, tortuga::kSystem, {{"type", "timeout"}});
  // The late players put down their lowest card.
  CHECK(state->player(1).played == std::vector<int>{1});
  CHECK(state->player(2).played == std::vector<int>{1});
  REQUIRE(state->phase() == Phase::kLoading);
  CHECK(state->deadline()->seats == std::vector<int>{0});
  play(*state, tortuga::kSystem, {{"type", "timeout"}});
  CHECK(state->world().cargo.size() == 1);  // the first kind of the supply, mid-area
  CHECK(state->world().cargo[0].kind == 0);
  CHECK(state->loader() == 1);  // equal cards: clockwise from the captain (seat 0)

  auto tied = new_match(3, 2, {{"turn_clock_s", 20}});
  choose_all(*tied, {5, 5, 1});
  REQUIRE(tied->phase() == Phase::kAppointing);
  CHECK(tied->deadline()->seats == std::vector<int>{2});
  play(*tied, tortuga::kSystem, {{"type", "timeout"}});
  CHECK(tied->captain() == 0);  // the first tied player clockwise from the captain, seat 2

  CHECK_FALSE(new_match(2, 0, {{"turn_clock_s", 0}})->deadline().has_value());  // 0: no clock
  auto plain = new_match(2);  // a minute by default, for every player choosing
  REQUIRE(plain->deadline().has_value());
  CHECK(plain->deadline()->after_ms == 60000);
  CHECK(plain->view(1)["deadline"]["seats"] == Json::array({0, 1}));
}
