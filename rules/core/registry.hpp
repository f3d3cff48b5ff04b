// Every game the server hosts. Adding a game touches only rules/<game>/ and rules/registry.cpp.
#pragma once

#include <string_view>
#include <vector>

#include "rules/core/game.hpp"

namespace tortuga {

const std::vector<const Game*>& all_games();
const Game* find_game(std::string_view id);  // nullptr when unknown

}  // namespace tortuga
