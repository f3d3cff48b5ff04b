// A match's settings, read from its options and from data.json (the crew distribution table,
// the damage box numbers, the Fog of War die, the flags and allegiances), and the deal of the
// rulebook's "Preparazione della partita".
#pragma once

#include <array>
#include <string_view>

#include <nlohmann/json.hpp>

#include "rules/core/chance.hpp"
#include "rules/core/error.hpp"
#include "rules/scalawag/table.hpp"

namespace tortuga::scalawag {

inline constexpr int kDieFaces = 6;

struct Rules {
  int players = 3;
  int window_ms = 10000;
  int turn_clock_ms = 0;  // for every other question; 0: no clock
  bool alliances = false;
  bool fog = false;  // the Fog of War: three players and the option on
  std::array<int, kDamageBoxes> boxes{};
  // Each face's symbol 1..3. Out of play, symbol k places the fog to the left of the k-th player;
  // in play, 1 and 2 move it one or two places clockwise, and 3 removes it.
  std::array<int, kDieFaces> die{};
  std::array<int, kCrewKinds> crew{};  // how many cards of each kind are in the game
};

// The game's options as normalized by the Game, checked across fields; the refusal names the
// option at fault.
Expected<Rules> rules_from(const nlohmann::json& options);

std::string_view flag_name(int flag);
std::string_view allegiance_name(int allegiance);

// Flags dealt to seat the players (mat k is the k-th in turn order), crew dealt three each, the
// rest to the harbour, two compass points each, allegiances dealt in pairs in alliance mode.
Table deal(const Rules& rules, Chance& chance);

}  // namespace tortuga::scalawag
