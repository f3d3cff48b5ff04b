// Helpers for the Riff Raff tests: a match of a given size with a known first captain, rounds
// started with chosen cards, placements as JSON, and actions that must succeed or be refused
// without changing anything.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "rules/riff_raff/riff_raff_game.hpp"
#include "rules/riff_raff/riff_raff_state.hpp"
#include "tests/why.hpp"

namespace riff_raff_test {

using tortuga::Chance;
using tortuga::Error;
using tortuga::Json;
using namespace tortuga::riff_raff;

// A new match of `players`; the scripted chance makes `captain` the first captain.
inline std::unique_ptr<RiffRaffState> new_match(int players, int captain = 0, Json options = {}) {
  if (!options.is_object()) options = Json::object();
  options["players"] = players;
  auto normalized = riff_raff().normalize_options(options);
  REQUIRE_MESSAGE(normalized.ok(), tortuga::why(normalized));
  auto state = riff_raff().new_state(*normalized, Chance(7, {static_cast<std::uint32_t>(captain)}));
  return std::unique_ptr<RiffRaffState>(static_cast<RiffRaffState*>(state.release()));
}

inline void play(RiffRaffState& state, int seat, const Json& action) {
  auto refused = state.apply(seat, action);
  REQUIRE_MESSAGE(!refused, action.dump() << ": " << tortuga::why(refused));
}

// Refused, and every view exactly as before.
inline Error refuse(RiffRaffState& state, int seat, const Json& action) {
  std::vector<Json> before;
  for (int s = -1; s < state.seats(); ++s) before.push_back(state.view(s));
  auto refused = state.apply(seat, action);
  REQUIRE_MESSAGE(refused.has_value(), action.dump() << " was accepted");
  for (int s = -1; s < state.seats(); ++s) CHECK(state.view(s) == before[s + 1]);
  return *refused;
}

inline Json choose(int card) {
  return {{"type", "choose"}, {"card", card}};
}

// Every seat chooses its card of `cards` (seat order).
inline void choose_all(RiffRaffState& state, const std::vector<int>& cards) {
  for (int s = 0; s < static_cast<int>(cards.size()); ++s) play(state, s, choose(cards[s]));
}

inline Json load(const std::string& piece, double x, double angle = 0, double drop = 0,
                 int pieces = 0) {
  Json action = {{"type", "load"}, {"piece", piece}, {"x", x}, {"angle", angle}, {"drop", drop}};
  if (pieces) action["pieces"] = pieces;
  return action;
}

inline Json grab(std::vector<std::pair<int, int>> grabs) {
  Json list = Json::array();
  for (auto [piece, frame] : grabs) list.push_back({{"piece", piece}, {"frame", frame}});
  return {{"type", "catch"}, {"grabs", list}};
}

inline std::array<int, kKinds> supply_of(std::initializer_list<std::pair<const char*, int>> n) {
  std::array<int, kKinds> supply{};
  for (auto [kind, count] : n) supply[kind_index(kind)] = count;
  return supply;
}

// A piece in the air beyond the bow: it falls into the water, touching nothing, during the next
// placement's simulation.
inline Cargo overboard(int id, const std::string& kind) {
  return {id, kind_index(kind), Pose{5.5f, 3.0f, 0, 0, 0, 0}};
}

}  // namespace riff_raff_test
