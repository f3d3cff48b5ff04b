// A match's result in words (docs/protocol.md, "Words for people"): the key of its sentence in
// the message catalogs, the values that sentence names, and the same sentence in English for
// clients that do not translate. A player is a parameter by seat ({"seat": 2}), which a client
// names as its room names the seat; the English, which knows no names, counts seats from 1 as
// people do ("Seat 3"). The English must read as the English catalog's sentence does with the
// players so named: tests/web/result_words.test.mjs holds the two together.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tortuga::result_words {

using Json = nlohmann::json;

// A player as a parameter: {"seat": seat}.
Json player(int seat);
// Players as a parameter: a list of them.
Json players(const std::vector<int>& seats);
// Words of the catalogs as a parameter: {"key": key}.
Json words(std::string key);

// A player in the English sentence: "Seat 3" for seat 2.
std::string seat_text(int seat);
// Several in the English sentence, as English lists them: "Seat 1", "Seat 1 and Seat 2",
// "Seat 1, Seat 2, and Seat 3".
std::string seats_text(const std::vector<int>& seats);
// Any texts listed so.
std::string and_list(const std::vector<std::string>& texts);

// `result` with its words: {"key", "params", "message"}.
Json said(Json result, std::string key, Json params, std::string message);

}  // namespace tortuga::result_words
