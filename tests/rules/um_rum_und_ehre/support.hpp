// Helpers for the Um Rum & Ehre tests: a match on the town in its plain arrangement (tiles 1..9 in
// reading order, unturned), spaces by their place, actions that must succeed or be refused.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "rules/um_rum_und_ehre/um_rum_und_ehre_game.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_state.hpp"
#include "tests/why.hpp"

namespace um_rum_und_ehre_test {

using tortuga::Chance;
using tortuga::Error;
using tortuga::Json;
using namespace tortuga::um_rum_und_ehre;

inline Json plain_arrangement() {
  Json tiles = Json::array();
  for (int t = 1; t <= 9; ++t) tiles.push_back({{"tile", t}, {"rotation", 0}});
  return tiles;
}

inline std::unique_ptr<UmRumUndEhreState> match(int players, Json options = Json::object(),
                                                std::uint64_t seed = 1) {
  options["players"] = players;
  if (!options.contains("arrangement")) options["arrangement"] = plain_arrangement();
  auto normalized = um_rum_und_ehre().normalize_options(options);
  REQUIRE_MESSAGE(normalized.ok(), tortuga::why(normalized));
  auto state = um_rum_und_ehre().new_state(*normalized, Chance(seed));
  return std::unique_ptr<UmRumUndEhreState>(static_cast<UmRumUndEhreState*>(state.release()));
}

// The space at column x, row y of the 6x6 town.
inline int at(int x, int y) {
  return y * kTownSide + x;
}

// The ordinary alley between two neighbouring spaces.
inline int alley(const UmRumUndEhreState& s, int a, int b) {
  for (int id : s.town().space(a).alleys) {
    const Alley& al = s.town().alley(id);
    if (!al.dark && (al.spaces[0] == b || al.spaces[1] == b)) return id;
  }
  FAIL("no alley between " << a << " and " << b);
  return -1;
}

// The dark alleys of a space.
inline std::vector<int> dark_alleys(const UmRumUndEhreState& s, int space) {
  std::vector<int> out;
  for (int id : s.town().space(space).alleys)
    if (s.town().alley(id).dark) out.push_back(id);
  return out;
}

inline int actor(const tortuga::State& s) {
  auto who = s.actors();
  REQUIRE(who.size() == 1);
  return who[0];
}

inline Json all_views(const tortuga::State& s) {
  Json views = Json::array();
  for (int seat = 0; seat < s.seats(); ++seat) views.push_back(s.view(seat));
  views.push_back(s.spectator_view());
  views.push_back(s.full_view());
  return views;
}

// Applies an action of the seat to act, which must succeed.
inline void play(tortuga::State& s, const Json& action) {
  const int seat = actor(s);
  auto refused = s.apply(seat, action);
  REQUIRE_MESSAGE(!refused,
                  "seat " << seat << " " << action.dump() << ": " << tortuga::why(refused));
}

inline void play(tortuga::State& s, const char* type) {
  play(s, Json{{"type", type}});
}

// The same type played over and over (rolls, declines).
inline void play_n(tortuga::State& s, const std::string& type, int times) {
  for (int i = 0; i < times; ++i) play(s, Json{{"type", type}});
}

inline Json move(int alley) {
  return {{"type", "move"}, {"alley", alley}};
}

inline Json move_dark(int out, int in) {
  return {{"type", "move_dark"}, {"out", out}, {"in", in}};
}

// Applies an action that must be refused with `code` and a message holding `words`; checks that
// nothing changed.
inline void refuse(tortuga::State& s, const Json& action, const std::string& words,
                   const std::string& code = "illegal_action", int seat = -100) {
  if (seat == -100) seat = actor(s);
  const Json before = all_views(s);
  auto refused = s.apply(seat, action);
  REQUIRE_MESSAGE(refused.has_value(), action.dump() << " was accepted");
  CHECK_MESSAGE(refused->code == code, tortuga::why(refused));
  CHECK_MESSAGE(tortuga::why(refused).find(words) != std::string::npos,
                "\"" << refused->message << "\" lacks \"" << words << "\"");
  CHECK(all_views(s) == before);
}

inline bool offers(const tortuga::State& s, const Json& action) {
  const Json legal = s.legal_actions(actor(s));
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

inline Tile tile(TileKind kind, int value, int sort = 0, int threshold = 0) {
  return {kind, static_cast<std::int8_t>(sort), static_cast<std::int8_t>(value),
          static_cast<std::int8_t>(threshold)};
}

// Every seat but `keep` is done ashore (boarded with nobody), so that `keep` is the last ashore.
inline void only_ashore(UmRumUndEhreState& s, int keep) {
  for (int seat = 0; seat < s.seats(); ++seat)
    if (seat != keep) s.player(seat).done = true;
}

}  // namespace um_rum_und_ehre_test
