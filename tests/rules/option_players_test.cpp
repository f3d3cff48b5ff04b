// An option may name the numbers of players it applies to (`players` in its schema): Scalawag!'s
// Fog of War of three, its alliances of six or eight, Colpaccio's solo duel's difficulty. At any
// other number it changes nothing: the rules refuse a value away from its default there, or play
// the same match with it as without. A client may then leave it out (the web client's room header
// does), since it is not a rule of that table.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/registry.hpp"

using tortuga::all_games;
using tortuga::Chance;
using tortuga::find_game;
using tortuga::Game;
using tortuga::Json;

namespace {

// Every value of a boolean or enum option but its default.
std::vector<Json> other_values(const Json& spec) {
  std::vector<Json> out;
  if (spec["type"] == "boolean") out.push_back(!spec["default"].get<bool>());
  if (spec["type"] == "enum")
    for (const Json& v : spec["values"])
      if (v != spec["default"]) out.push_back(v);
  return out;
}

// Plays `options` and `plain` side by side from one seed, each action chosen in the first and
// applied to both, and checks that every seat sees the same at every step.
void plays_the_same(const Game& game, const Json& options, const Json& plain) {
  auto with = game.new_state(options, Chance(11));
  auto without = game.new_state(plain, Chance(11));
  auto bot = game.make_bot("random");
  Chance choices(17);
  const int seats = options["players"].get<int>();
  for (int step = 0; step < 60 && !with->is_over(); ++step) {
    for (int seat = 0; seat < seats; ++seat)
      REQUIRE_MESSAGE(with->seat_view(seat) == without->seat_view(seat),
                      "seat " << seat << " at step " << step);
    const int seat = with->actors().front();
    const Json action = bot->choose(*with, seat, choices);
    REQUIRE_FALSE(with->apply(seat, action).has_value());
    REQUIRE_FALSE(without->apply(seat, action).has_value());
  }
}

}  // namespace

TEST_CASE("an option's players are numbers of players its game allows, in order") {
  for (const Game* game : all_games()) {
    const Json schema = game->option_schema();
    for (const auto& [name, spec] : schema.items()) {
      if (!spec.contains("players")) continue;
      CAPTURE(game->info().id);
      CAPTURE(name);
      const Json& players = spec["players"];
      REQUIRE(players.is_array());
      REQUIRE_FALSE(players.empty());
      CHECK(std::is_sorted(players.begin(), players.end()));
      CHECK(std::adjacent_find(players.begin(), players.end()) == players.end());
      for (const Json& n : players) {
        CHECK(n.get<int>() >= game->info().min_players);
        CHECK(n.get<int>() <= game->info().max_players);
      }
    }
  }
  const Game* scalawag = find_game("scalawag");
  const Game* colpaccio = find_game("colpaccio");
  REQUIRE(scalawag);
  REQUIRE(colpaccio);
  CHECK(scalawag->option_schema()["fog_of_war"]["players"] == Json{3});
  CHECK(scalawag->option_schema()["alliances"]["players"] == Json{6, 8});
  CHECK(colpaccio->option_schema()["solo_difficulty"]["players"] == Json{1});
}

TEST_CASE("an option at a number of players it does not apply to changes nothing") {
  int refused = 0, same = 0;
  for (const Game* game : all_games()) {
    const Json schema = game->option_schema();
    for (const auto& [name, spec] : schema.items()) {
      if (!spec.contains("players")) continue;
      for (int n = game->info().min_players; n <= game->info().max_players; ++n) {
        const Json& players = spec["players"];
        if (std::find(players.begin(), players.end(), Json(n)) != players.end()) continue;
        for (const Json& value : other_values(spec)) {
          CAPTURE(game->info().id);
          CAPTURE(name);
          CAPTURE(n);
          CAPTURE(value.dump());
          auto options = game->normalize_options(Json{{"players", n}, {name, value}});
          if (!options) {
            ++refused;
            continue;
          }
          auto plain = game->normalize_options(Json{{"players", n}});
          REQUIRE(plain.ok());
          plays_the_same(*game, *options, *plain);
          ++same;
        }
      }
    }
  }
  // Colpaccio's difficulties and Scalawag!'s alliances are refused elsewhere; the Fog plays alike.
  CHECK(refused > 0);
  CHECK(same > 0);
}
