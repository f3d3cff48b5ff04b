// The keys of a game's words in the message catalogs (web/locales/, served at /locales/): beside
// each English text of a game as `welcome` describes it (an option's title, what it does, what
// null keeps, the title of each part of an option), the key a translating client says it by, and
// the keys of a choice's values (docs/protocol.md, "Words for people"; docs/translating.md).
// A game's option schema writes English; the keys follow from where each text is, except where
// a game names one itself (option_shape::worded): a part whose words depend on where it is.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace tortuga::option_keys {

// `options` with every key filled in that it does not name itself, for game id GAME:
//   an option NAME: title_key games.GAME.options.NAME.title, description_key
//     games.GAME.options.NAME.help, if_null_key games.GAME.options.NAME.if_null (where it has
//     if_null);
//   a field F of an object, wherever it is: title_key games.GAME.fields.F (a field's words are
//     the same wherever it appears: every cargo's density);
//   the items of a list at PATH (the option's name, then each field's name, and "item" for a
//     list's items): title_key games.GAME.options.PATH.item.title;
//   an enum with text among its values: value_keys, games.GAME.values.VALUE for each text value
//     and null for the others (numbers, null), which a client writes itself.
nlohmann::json keyed(std::string_view game, nlohmann::json options);

}  // namespace tortuga::option_keys
