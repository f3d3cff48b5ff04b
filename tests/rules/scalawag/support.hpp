// Helpers for the Scalawag! tests: tables built by hand, actions as JSON, and applying actions
// that must succeed or must be refused without changing anything.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "rules/scalawag/scalawag_game.hpp"
#include "rules/scalawag/scalawag_state.hpp"

namespace scalawag_test {

using tortuga::Chance;
using tortuga::Json;
using namespace tortuga::scalawag;

inline constexpr Crew S = Crew::kSailor;
inline constexpr Crew G = Crew::kGunner;
inline constexpr Crew M = Crew::kMarine;
inline constexpr Crew P = Crew::kPilot;
inline constexpr Crew U = Crew::kMutineer;
inline constexpr Crew L = Crew::kLookout;

inline Rules rules_for(int players, Json options = Json::object()) {
  options["players"] = players;
  auto normalized = scalawag().normalize_options(options);
  if (!normalized.ok()) FAIL(normalized.error().message);
  auto rules = rules_from(*normalized);
  REQUIRE(rules.ok());
  return *rules;
}

// A table whose turn order is seat 0, 1, 2, ...: the given hands, two compass points each.
inline Table table_of(const std::vector<Hand>& hands, const Hand& harbour = {}) {
  Table table;
  table.ships.resize(hands.size());
  for (std::size_t seat = 0; seat < hands.size(); ++seat) {
    table.ships[seat].hand = hands[seat];
    table.ships[seat].flag = static_cast<int>(seat);
    table.ring.push_back(static_cast<int>(seat));
  }
  table.harbour = harbour;
  return table;
}

// A match at seat 0's first turn on `table`; `script` scripts the chance (draws, steals, prizes).
inline std::unique_ptr<ScalawagState> match_on(Table table, std::vector<std::uint32_t> script = {},
                                               Json options = Json::object()) {
  const Rules rules = rules_for(table.seats(), std::move(options));
  return std::make_unique<ScalawagState>(rules, std::move(table), Chance(1, std::move(script)));
}

inline Json order(const char* name, int crew = -1) {
  Json json = {{"type", "order"}, {"order", name}};
  if (std::string(name) == "make_sail") json["sailors"] = crew;
  if (std::string(name) == "fire") json["gunners"] = crew;
  if (std::string(name) == "board") json["marines"] = crew;
  return json;
}
inline Json simple(const char* type) {
  return {{"type", type}};
}
inline Json targets(std::vector<int> seats, int steal = 0) {
  Json json = {{"type", "targets"}, {"targets", seats}};
  if (steal > 0) json["steal"] = steal;
  return json;
}
inline Json penalty_damage() {
  return {{"type", "penalty"}, {"take", "damage"}};
}
inline Json penalty_crew(const char* card = nullptr) {
  Json json = {{"type", "penalty"}, {"take", "crew"}};
  if (card) json["card"] = card;
  return json;
}
inline Json card(const char* type, const char* name) {
  return {{"type", type}, {"card", name}};
}
inline Json give_back(std::vector<std::string> cards) {
  return {{"type", "return"}, {"cards", cards}};
}

inline void ok(tortuga::State& state, int seat, const Json& action) {
  auto refused = state.apply(seat, action);
  if (refused) FAIL(action.dump() << " by seat " << seat << ": " << refused->message);
}

// Every seat declines the open challenge window.
inline void all_decline(ScalawagState& state) {
  REQUIRE(state.phase() == Phase::kWindow);
  const auto waiting = state.waiting();
  for (int seat : waiting) ok(state, seat, simple("decline"));
}

// Refused with `code`, and every view unchanged; returns the message.
inline std::string refused(tortuga::State& state, int seat, const Json& action,
                           const char* code = tortuga::code::kIllegalAction) {
  const Json before = state.full_view();
  auto refusal = state.apply(seat, action);
  REQUIRE_MESSAGE(refusal.has_value(), action.dump() << " was allowed");
  CHECK(refusal->code == code);
  CHECK(state.full_view() == before);
  return refusal->message;
}

inline const Ship& ship(const ScalawagState& state, int seat) {
  return state.table().ships[seat];
}

inline bool has_legal(const tortuga::State& state, int seat, const Json& action) {
  const Json legal = state.legal_actions(seat);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

}  // namespace scalawag_test
