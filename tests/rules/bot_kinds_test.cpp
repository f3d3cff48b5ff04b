// The levels of bot a game offers a host (Game::bot_kinds, listed in the welcome) are bots of
// those levels: the easiest first, and "strong" only where it is the search over the seat's
// sight, and in every game that has that search. Game::make_bot falls back to the random bot for a
// kind it does not know, so a game that offered "strong" without making it would seat a random bot
// under the strong bot's name.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "rules/core/bots/sighted_bot.hpp"
#include "rules/core/registry.hpp"

using tortuga::all_games;
using tortuga::Game;
using tortuga::Json;
using tortuga::RandomBot;
using tortuga::SightedBotAdapter;

TEST_CASE("every level a game offers is a bot of that level, the easiest first") {
  for (const Game* game : all_games()) {
    const std::string id = game->info().id;
    const auto kinds = game->bot_kinds();
    REQUIRE_MESSAGE(!kinds.empty(), id);
    CHECK_MESSAGE(kinds.front() == "random", id);
    for (const std::string& kind : kinds) {
      const auto bot = game->make_bot(kind);
      REQUIRE_MESSAGE(bot != nullptr, id << " " << kind);
      if (kind == "strong") {
        CHECK_MESSAGE(game->determinizer() != nullptr, id);
        CHECK_MESSAGE(dynamic_cast<const SightedBotAdapter*>(bot.get()) != nullptr,
                      id << ": \"strong\" is not the search");
      }
      if (kind == "smart")
        CHECK_MESSAGE(dynamic_cast<const RandomBot*>(bot.get()) == nullptr,
                      id << ": \"smart\" is the random bot");
    }
  }
}

TEST_CASE("every game with a search offers its strong bot to hosts") {
  for (const Game* game : all_games()) {
    const std::string id = game->info().id;
    const auto kinds = game->bot_kinds();
    const bool offered = std::find(kinds.begin(), kinds.end(), "strong") != kinds.end();
    CHECK_MESSAGE(offered == (game->determinizer() != nullptr), id);
    CHECK_MESSAGE(game->describe()["bots"] == Json(kinds), id);
  }
}
