// Helpers for the Raft & Scupper tests: positions from diagrams, actions as JSON, and applying
// actions that must succeed or must be refused without changing anything.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "rules/raft_and_scupper/deal.hpp"
#include "rules/raft_and_scupper/diagram.hpp"
#include "rules/raft_and_scupper/raft_and_scupper_game.hpp"
#include "rules/raft_and_scupper/raft_and_scupper_state.hpp"
#include "tests/rules/shuffle_script.hpp"
#include "tests/why.hpp"

namespace raft_and_scupper_test {

using tortuga::Chance;
using tortuga::Error;
using tortuga::Json;
using tortuga::testing::script_for_shuffle;
using namespace tortuga::raft_and_scupper;

// A match in play from a diagram (see diagram.hpp); seat 0 plays the Yellowbeards.
inline std::unique_ptr<RaftAndScupperState> at_sea(const std::vector<std::string>& rows,
                                                   Crew to_move = Crew::kYellowbeards) {
  auto position = position_from_diagram(rows);
  REQUIRE_MESSAGE(position.ok(), tortuga::why(position));
  position->to_move = to_move;
  return RaftAndScupperState::in_play(std::move(*position));
}

inline Json at(int x, int y) {
  return Json::array({x, y});
}
inline Json jump(int pirate, int x, int y) {
  return {{"type", "jump"}, {"pirate", pirate}, {"to", at(x, y)}};
}
inline Json sail(int pirate, int x, int y) {
  return {{"type", "sail"}, {"pirate", pirate}, {"to", at(x, y)}};
}
inline Json scupper(int x, int y) {
  return {{"type", "scupper"}, {"at", at(x, y)}};
}
inline Json pass() {
  return {{"type", "pass"}};
}

inline int mover(const tortuga::State& state) {
  auto who = state.actors();
  REQUIRE(who.size() == 1);
  return who[0];
}

inline bool offers(const tortuga::State& state, const Json& action) {
  const Json legal = state.legal_actions(mover(state));
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// The legal actions of the seat to move that have this type.
inline std::vector<Json> offered(const tortuga::State& state, const std::string& type) {
  std::vector<Json> out;
  for (const Json& action : state.legal_actions(mover(state)))
    if (action["type"] == type) out.push_back(action);
  return out;
}

// Everything anyone can see of the state.
inline Json all_views(const tortuga::State& state) {
  return Json::array({state.view(0), state.view(1), state.spectator_view(), state.full_view()});
}

inline void play(tortuga::State& state, const Json& action) {
  const int seat = mover(state);
  auto refused = state.apply(seat, action);
  REQUIRE_MESSAGE(!refused, action.dump() << ": " << tortuga::why(refused));
}

// Applies an action that must be refused, checks that nothing changed, and returns the refusal.
inline Error refuse(tortuga::State& state, const Json& action, int seat = -100) {
  if (seat == -100) seat = state.actors().empty() ? 0 : state.actors()[0];
  const Json before = all_views(state);
  const auto steps = state.history().size();
  auto refused = state.apply(seat, action);
  // Some tests send bytes that are not UTF-8: the message shows them replaced, not thrown on.
  REQUIRE_MESSAGE(refused.has_value(), action.dump(-1, ' ', false, Json::error_handler_t::replace)
                                           << " was accepted");
  CHECK(all_views(state) == before);
  CHECK(state.history().size() == steps);
  return *refused;
}

inline void check_illegal(tortuga::State& state, const Json& action, const std::string& words) {
  const Error error = refuse(state, action);
  CHECK_MESSAGE(error.code == "illegal_action", action.dump() << ": " << error.message);
  CHECK_MESSAGE(error.message.find(words) != std::string::npos,
                action.dump() << ": \"" << error.message << "\" lacks \"" << words << "\"");
}

inline void check_malformed(tortuga::State& state, const Json& action, const std::string& words) {
  const Error error = refuse(state, action);
  CHECK_MESSAGE(error.code == "bad_action", action.dump() << ": " << error.message);
  CHECK_MESSAGE(error.message.find(words) != std::string::npos,
                action.dump() << ": \"" << error.message << "\" lacks \"" << words << "\"");
}

// A match whose deal is exactly `tiles` (position k gets tiles[k - 1]): each even tile must be
// the opposite of the odd one before it, so that the deal never turns a tile aside.
inline std::unique_ptr<tortuga::State> dealt(const std::vector<Kind>& tiles, Json options = {}) {
  options["short_game"] = tiles.size() == 16;
  auto normalized = raft_and_scupper().normalize_options(options);
  REQUIRE_MESSAGE(normalized.ok(), tortuga::why(normalized));
  return raft_and_scupper().new_state(
      *normalized,
      Chance(1, script_for_shuffle(ship_tiles(static_cast<int>(tiles.size())), tiles)));
}

inline const RaftAndScupperState& raft(const tortuga::State& state) {
  return dynamic_cast<const RaftAndScupperState&>(state);
}

}  // namespace raft_and_scupper_test
