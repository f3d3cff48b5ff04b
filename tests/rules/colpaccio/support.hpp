// Helpers for the Colpaccio tests: decks of chosen cards, tables laid out by hand, actions as
// JSON, and applying actions that must succeed or must be refused without changing anything.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "rules/colpaccio/colpaccio_game.hpp"
#include "rules/colpaccio/colpaccio_state.hpp"
#include "tests/rules/shuffle_script.hpp"
#include "tests/why.hpp"

namespace colpaccio_test {

using tortuga::Chance;
using tortuga::Error;
using tortuga::Json;
using tortuga::testing::script_for_shuffle;
using namespace tortuga::colpaccio;

// A deck of hand-picked cards; each add() returns the new card's id.
struct DeckBuilder {
  Deck cards;
  int add(Good good, Location location, Prize prize = Prize::kNone, bool cannonball = false) {
    cards.push_back(Card{good, location, prize, cannonball});
    return static_cast<int>(cards.size()) - 1;
  }
  // `n` plain cards (no prize, no cannonball) to pad a pile.
  std::vector<int> filler(int n, Good good = Good::kGems, Location location = Location::kInn) {
    std::vector<int> ids;
    for (int i = 0; i < n; ++i) ids.push_back(add(good, location));
    return ids;
  }
};

// A table for `players` seats (1: solo) with no cards anywhere; fill in what a test needs.
inline Table empty_table(const DeckBuilder& deck, int players) {
  Table table;
  table.deck = std::make_shared<const Deck>(deck.cards);
  table.players.resize(players);
  table.solo = players == 1;
  return table;
}

inline std::unique_ptr<ColpaccioState> start(Table table, Chance chance = Chance(),
                                             std::vector<Threat> revealed = {},
                                             int turn_clock_s = 0) {
  return ColpaccioState::from_table(std::move(table), std::move(chance), std::move(revealed),
                                    turn_clock_s);
}

// Seat 0 about to play: the convoy (plain gems at the dock when none is given) and the top of the
// pile as given, over eight plain cards with two threats at the bottom; the ghost ship set aside.
struct TurnSetup {
  DeckBuilder deck;
  std::vector<int> convoy;
  std::vector<int> top;  // the pile's top cards, the first on top
  int players = 2;
  int doubloons = 1;       // every player's
  std::vector<int> ships;  // seat 0's personal area
  int turn_clock_s = 0;

  std::unique_ptr<ColpaccioState> build() {
    const auto bottom = deck.filler(8, Good::kRum, Location::kTower);
    if (convoy.empty()) convoy = deck.filler(5, Good::kGems, Location::kDock);
    Table table = empty_table(deck, players);
    table.pile = {threat_entry(Threat::kKraken), threat_entry(Threat::kCorsairs)};
    table.pile.insert(table.pile.end(), bottom.begin(), bottom.end());
    table.pile.insert(table.pile.end(), top.rbegin(), top.rend());
    table.set_aside = Threat::kGhostShip;
    table.convoy = convoy;
    for (Area& area : table.players) area.doubloons = doubloons;
    table.players[0].ships = ships;
    return start(std::move(table), Chance(), {}, turn_clock_s);
  }
};

// A table of `n` players with goods given by hand, seat `first_player` about to play; the ghost
// ship in the pile below the `top` entries, unless threats were `revealed`.
struct Setup {
  DeckBuilder deck;
  int players = 2;
  std::vector<int> convoy;
  std::vector<int> top;  // the pile's top entries, the first on top (threat_entry for threats)
  std::vector<Threat> revealed;
  Chance chance;
  Table table;
  int turn_clock_s = 0;

  explicit Setup(int n = 2) : players(n) { table = empty_table(deck, n); }

  // Gives `seat` the goods, with a cannonball on the first `cannonballs` of them.
  void give(int seat, Good good, int count, int cannonballs = 0) {
    for (int i = 0; i < count; ++i)
      table.players[seat].columns[index(good)].push_back(
          deck.add(good, Location::kInn, Prize::kNone, i < cannonballs));
  }

  std::unique_ptr<ColpaccioState> build(int first_player = 0) {
    const auto bottom = deck.filler(8, Good::kRum, Location::kTower);
    if (convoy.empty()) convoy = deck.filler(5, Good::kGems, Location::kDock);
    table.deck = std::make_shared<const Deck>(deck.cards);
    table.pile.clear();
    if (revealed.empty()) table.pile.push_back(threat_entry(Threat::kGhostShip));
    table.pile.insert(table.pile.end(), bottom.begin(), bottom.end());
    table.pile.insert(table.pile.end(), top.rbegin(), top.rend());
    table.convoy = convoy;
    table.first_player = first_player;
    return start(table, chance, revealed, turn_clock_s);
  }
};

inline Json raid(std::vector<int> cards) {
  return {{"type", "raid"}, {"cards", cards}};
}
inline Json letter(int a, int b) {
  return {{"type", "letter_of_marque"}, {"cards", {a, b}}};
}
inline Json reveal(std::vector<int> ships) {
  return {{"type", "reveal_ships"}, {"ships", ships}};
}
inline Json lose(const std::string& good) {
  return {{"type", "lose_good"}, {"good", good}};
}
inline Json plain(const std::string& type) {
  return {{"type", type}};
}

inline bool offers(const tortuga::State& state, int seat, const Json& action) {
  const Json legal = state.legal_actions(seat);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// Everything anyone can see of the state.
inline Json all_views(const tortuga::State& state) {
  Json views = Json::array();
  for (int seat = 0; seat < state.seats(); ++seat) views.push_back(state.view(seat));
  views.push_back(state.spectator_view());
  views.push_back(state.full_view());
  return views;
}

inline void play(tortuga::State& state, int seat, const Json& action) {
  auto refused = state.apply(seat, action);
  REQUIRE_MESSAGE(!refused, action.dump() << ": " << tortuga::why(refused));
}

// Applies an action that must be refused, checks that nothing changed, and returns the refusal.
inline Error refuse(tortuga::State& state, int seat, const Json& action) {
  const Json before = all_views(state);
  const auto steps = state.history().size();
  auto refused = state.apply(seat, action);
  REQUIRE_MESSAGE(refused.has_value(), action.dump() << " was accepted");
  CHECK(all_views(state) == before);
  CHECK(state.history().size() == steps);
  return *refused;
}

inline void check_illegal(tortuga::State& state, int seat, const Json& action,
                          const std::string& words) {
  const Error error = refuse(state, seat, action);
  CHECK_MESSAGE(error.code == "illegal_action", action.dump() << ": " << error.message);
  CHECK_MESSAGE(error.message.find(words) != std::string::npos,
                action.dump() << ": \"" << error.message << "\" lacks \"" << words << "\"");
}

inline void check_malformed(tortuga::State& state, int seat, const Json& action,
                            const std::string& words) {
  const Error error = refuse(state, seat, action);
  CHECK_MESSAGE(error.code == "bad_action", action.dump() << ": " << error.message);
  CHECK_MESSAGE(error.message.find(words) != std::string::npos,
                action.dump() << ": \"" << error.message << "\" lacks \"" << words << "\"");
}

// The ids of a player's column of `good`, as the view shows them.
inline std::vector<int> column(const ColpaccioState& state, int seat, Good good) {
  return state.table().players[seat].columns[index(good)];
}

inline Json normalized(Json options) {
  auto result = colpaccio().normalize_options(options);
  REQUIRE_MESSAGE(result.ok(), tortuga::why(result));
  return *result;
}

}  // namespace colpaccio_test
