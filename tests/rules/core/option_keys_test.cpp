// The keys of a game's words beside its English (rules/core/option_keys.hpp): where each text of
// an option is, its key says, so that a catalog holds one entry per place, and one per field
// wherever the field appears; a part a game words where it is keeps the key it names.
#include <doctest/doctest.h>

#include "rules/core/option_keys.hpp"
#include "rules/core/option_shape.hpp"
#include "rules/core/registry.hpp"

using tortuga::Json;
using namespace tortuga::option_shape;

TEST_CASE("an option's texts, its parts' titles and its values have the keys of their words") {
  const Json options = {
      {"deck",
       {{"type", "array"},
        {"title", "Deck"},
        {"description", "The cards."},
        {"if_null", "the standard deck"},
        {"items", record("Card", {{"good", one_of("Good", {"gems", nullptr})},
                                  {"value", worded(integer("Value", 1, 3), "options.common.value")},
                                  {"pair", list("Pair", integer("Half", 0, 9), 2, 2)}})}}},
      {"window_s", {{"type", "integer"}, {"title", "Window"}, {"description", "How long."}}}};
  const Json keyed = tortuga::option_keys::keyed("game", options);
  const Json& deck = keyed["deck"];
  CHECK(deck["title_key"] == "games.game.options.deck.title");
  CHECK(deck["description_key"] == "games.game.options.deck.help");
  CHECK(deck["if_null_key"] == "games.game.options.deck.if_null");
  CHECK(deck["items"]["title_key"] == "games.game.options.deck.item.title");
  const Json& card = deck["items"]["fields"];
  CHECK(card["good"]["title_key"] == "games.game.fields.good");
  CHECK(card["good"]["value_keys"] == Json::array({"games.game.values.gems", nullptr}));
  CHECK(card["value"]["title_key"] == "options.common.value");
  CHECK(card["pair"]["items"]["title_key"] == "games.game.options.deck.item.pair.item.title");
  CHECK(keyed["window_s"]["title_key"] == "games.game.options.window_s.title");
  CHECK_FALSE(keyed["window_s"].contains("if_null_key"));
  CHECK_FALSE(keyed["window_s"].contains("value_keys"));
}

TEST_CASE("every game names itself and its options by keys, the players option alike in all") {
  for (const auto* game : tortuga::all_games()) {
    const Json described = game->describe();
    INFO(game->info().id);
    CHECK(described["name_key"] == "games." + game->info().id + ".name");
    CHECK(described["options"]["players"]["title_key"] == "options.players.title");
    CHECK(described["options"]["players"]["description_key"] == "options.players.help");
  }
}
