// A new match's options name nothing the game does not read, at any depth (a card, a tile, a
// model's part), and ask for no more work per action than a ceiling; a match stored with options
// accepted before these limits is still played with them (Game::normalize_stored_options).
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "rules/core/registry.hpp"
#include "rules/riff_raff/model_limits.hpp"
#include "rules/riff_raff/riff_raff_game.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_game.hpp"
#include "tests/why.hpp"

using tortuga::all_games;
using tortuga::Chance;
using tortuga::Game;
using tortuga::Json;

namespace {

// The JSON pointers of every object inside `value`, itself included.
std::vector<Json::json_pointer> objects_in(const Json& value,
                                           const Json::json_pointer& at = Json::json_pointer()) {
  std::vector<Json::json_pointer> out;
  if (value.is_object()) {
    out.push_back(at);
    for (const auto& [name, inner] : value.items())
      for (auto& p : objects_in(inner, at / name)) out.push_back(std::move(p));
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i)
      for (auto& p : objects_in(value[i], at / i)) out.push_back(std::move(p));
  }
  return out;
}

// A Riff Raff model past the ceilings of a new match: 240 steps a second for 30 s, 30 velocity
// and 30 position iterations each, 60 frames a second (about 65 times the standard's work).
const Json kCostlyModel = {{"physics",
                            {{"step_hz", 240},
                             {"velocity_iterations", 30},
                             {"position_iterations", 30},
                             {"max_seconds", 30},
                             {"frame_rate", 60}}}};

// Plays a few actions of a match of `game` with `options` as stored: it starts and goes on.
void plays(const Game& game, const Json& options) {
  auto stored = game.normalize_stored_options(options);
  REQUIRE_MESSAGE(stored.ok(), tortuga::why(stored));
  auto state = game.new_state(*stored, Chance(3));
  auto bot = game.make_bot("random");
  Chance choices(5);
  for (int i = 0; i < 4 && !state->is_over(); ++i) {
    const int seat = state->actors().front();
    REQUIRE_FALSE(state->apply(seat, bot->choose(*state, seat, choices)).has_value());
  }
}

}  // namespace

TEST_CASE("every game refuses a name it does not read inside an option's value") {
  int tried = 0;
  for (const Game* game : all_games()) {
    const Json described = game->describe();
    for (const auto& [name, spec] : described["options"].items()) {
      // What a form starts from: the standard value, or a start.
      const Json start = spec.contains("standard") ? spec["standard"] : spec.value("start", Json());
      if (!start.is_object() && !start.is_array()) continue;
      INFO(game->info().id << " option " << name);
      REQUIRE_MESSAGE(game->normalize_options({{name, start}}).ok(), "the standard is accepted");
      for (const auto& at : objects_in(start)) {
        Json given = start;
        given[at]["junk"] = std::string(100, 'x');
        INFO("junk at " << at.to_string());
        auto options = game->normalize_options({{name, given}});
        REQUIRE_FALSE(options.ok());
        CHECK(options.error().code == "bad_options");
        ++tried;
      }
    }
  }
  CHECK(tried >= 90);  // the deck's cards, the town's tiles, the model's parts: every object
}

TEST_CASE("a Riff Raff model names only what cargo.json has, in any part") {
  const Game& game = tortuga::riff_raff::riff_raff();
  auto refused = [&](const Json& model) {
    auto options = game.normalize_options({{"players", 2}, {"model", model}});
    REQUIRE_FALSE(options.ok());
    CHECK(options.error().code == "bad_options");
    return options.error().message;
  };
  CHECK(refused({{"junk", "x"}}) ==
        "option model: \"junk\" is not part of the model (cargo.json has no such name)");
  CHECK(refused({{"about", "x"}}).find("\"about\" is not part of the model") != std::string::npos);
  CHECK(refused({{"ship", {{"parts", {{{"polygon", {{0, 0}, {1, 0}, {0, 1}}}, {"colour", 1}}}}}}})
            .find("\"ship.parts[0].colour\"") != std::string::npos);
  CHECK(
      refused({{"ship", {{"material", {{"colour", "teak"}}}}}}).find("\"ship.material.colour\"") !=
      std::string::npos);
  CHECK(refused({{"cargo", {{"rat", {{"tail", 2}}}}}}).find("\"cargo.rat.tail\"") !=
        std::string::npos);
  // What it does name is read as before.
  CHECK(game.normalize_options(
                {{"players", 2}, {"model", {{"cargo", {{"crate", {{"friction", 0}}}}}}}})
            .ok());
}

TEST_CASE("a new Riff Raff match's physics has a ceiling on the work of a placement") {
  const Game& game = tortuga::riff_raff::riff_raff();
  auto with = [&](const Json& physics) {
    return game.normalize_options({{"players", 2}, {"model", {{"physics", physics}}}});
  };
  auto costly = with(kCostlyModel["physics"]);
  REQUIRE_FALSE(costly.ok());
  CHECK(costly.error().message.find("solver iterations a placement") != std::string::npos);
  // Four times the standard's work is the ceiling, reached by any of its factors.
  CHECK(with({{"step_hz", 240}}).ok());                                          // 2400 steps x 11
  CHECK_FALSE(with({{"step_hz", 240}, {"max_seconds", 11}}).ok());               // 2640 steps x 11
  CHECK(with({{"velocity_iterations", 30}, {"position_iterations", 14}}).ok());  // 600 x 44
  CHECK_FALSE(with({{"velocity_iterations", 30}, {"position_iterations", 15}}).ok());
  // And three times its frames of motion: 600 frames.
  CHECK(with({{"frame_rate", 60}}).ok());  // 10 s of 60 frames
  auto frames = with({{"max_seconds", 11}, {"frame_rate", 60}});
  REQUIRE_FALSE(frames.ok());
  CHECK(frames.error().message.find("frames of motion a placement") != std::string::npos);
}

TEST_CASE("a match stored with options accepted before the limits is played with them") {
  // Refused for a new match, each of these was accepted before: a stored match still starts.
  const Game& riff_raff_game = tortuga::riff_raff::riff_raff();
  Json junk_model = kCostlyModel;
  junk_model["junk"] = std::string(1000, 'x');
  junk_model["cargo"] = {{"crate", {{"colour", "red"}}}};
  const Json riff_raff_options = {{"players", 2}, {"model", junk_model}};
  CHECK_FALSE(riff_raff_game.normalize_options(riff_raff_options).ok());
  plays(riff_raff_game, riff_raff_options);

  const Game& um_rum_und_ehre_game = tortuga::um_rum_und_ehre::um_rum_und_ehre();
  const Json um_rum_und_ehre_options = {{"players", 2}, {"stacks", {{"about", "our own values"}}}};
  CHECK_FALSE(um_rum_und_ehre_game.normalize_options(um_rum_und_ehre_options).ok());
  plays(um_rum_und_ehre_game, um_rum_und_ehre_options);
}
