// The shared property suite: every registered game, at every player count it allows, is played
// through many random matches, and after every step the facts the rules contract promises are
// checked:
//   - the match ends within a bound on steps;
//   - each seat's view lists exactly that seat's legal actions (none for seats not to act, none
//     for spectators), and to_act is actors();
//   - every legal action applies to a clone of the state;
//   - malformed actions, actions of seats not to act and mutated legal actions are refused, and
//     refusals leave every view unchanged;
//   - replaying the history from the same options and seed reproduces every view at every step;
//   - nothing a seat may not know appears in its view (a per-game leak check).
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "rules/core/registry.hpp"
#include "tests/rules/suite.hpp"
#include "tests/why.hpp"

using tortuga::Chance;
using tortuga::Game;
using tortuga::Json;
using tortuga::State;

namespace {

using tortuga::suite::SuiteConfig;

const SuiteConfig& config_for(const std::string& game) {
  static const SuiteConfig defaults;
  const auto& entries = tortuga::suite::entries();
  auto it = entries.find(game);
  return it == entries.end() ? defaults : it->second;
}

// Every view of the state, in a fixed order: each seat, the spectators, the full view.
Json all_views(const State& state) {
  Json views = Json::array();
  for (int seat = 0; seat < state.seats(); ++seat) views.push_back(state.view(seat));
  views.push_back(state.spectator_view());
  views.push_back(state.full_view());
  return views;
}

bool contains(const Json& list, const Json& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// Variations on a legal action that are usually not legal themselves.
std::vector<Json> mutations(const Json& action, Chance& rng) {
  std::vector<Json> out;
  Json extra = action;
  extra["unexpected_field"] = 1;
  out.push_back(extra);
  for (auto it = action.begin(); it != action.end(); ++it) {
    if (it.key() == "type") continue;
    Json without = action;
    without.erase(it.key());
    out.push_back(without);
    Json wrong_type = action;
    wrong_type[it.key()] = it->is_string() ? Json(12345) : Json("not this");
    out.push_back(wrong_type);
    Json far = action;
    far[it.key()] = Json::array({1000000 + static_cast<int>(rng.below(1000)), -1000000});
    out.push_back(far);
  }
  Json renamed = action;
  renamed["type"] = action["type"].get<std::string>() + "_not";
  out.push_back(renamed);
  return out;
}

void check_views_of(const State& state, const Json& views, const std::string& game) {
  const bool over = state.is_over();
  const Json to_act = over ? Json::array() : Json(state.actors());
  const auto actors = state.actors();
  for (int seat = 0; seat < state.seats(); ++seat) {
    const Json& view = views[seat];
    const Json legal = state.legal_actions(seat);
    CHECK(view["legal"] == legal);
    CHECK(view["to_act"] == to_act);
    CHECK(view["over"] == over);
    const bool acts = std::find(actors.begin(), actors.end(), seat) != actors.end();
    if (!acts || over) CHECK(legal.empty());
    if (acts && !over) CHECK_FALSE(legal.empty());
    // A seat's view never offers another seat's actions.
    for (int other = 0; other < state.seats(); ++other) {
      if (other == seat) continue;
      for (const Json& action : state.legal_actions(other))
        if (!contains(legal, action)) CHECK_FALSE(contains(view["legal"], action));
    }
  }
  const Json& spectator = views[state.seats()];
  // The game's own part never takes a name of the common fields: it would be overwritten.
  const Json board = state.seat_view(tortuga::kSpectator);
  const Json common = state.common_fields(tortuga::kSpectator);
  for (const auto& [key, value] : common.items()) {
    const std::string clash = game + " names a field of its own \"" + key + "\"";
    CHECK_MESSAGE(!board.contains(key), clash);
  }
  CHECK(spectator["legal"].empty());
  CHECK(spectator["to_act"] == to_act);
  CHECK(spectator["seat"] == nullptr);
  if (const auto& leak = config_for(game).leak_check) {
    for (int seat = 0; seat < state.seats(); ++seat) leak(state, seat, views[seat]);
    leak(state, tortuga::kSpectator, spectator);
  }
}

void check_refused(State& state, int seat, const Json& action, const Json& views) {
  tortuga::Refusal refused;
  CHECK_NOTHROW(refused = state.apply(seat, action));
  CHECK_MESSAGE(refused.has_value(), "seat " << seat << " was allowed " << action.dump());
  if (!refused) return;
  CHECK_FALSE(refused->message.empty());
  CHECK(all_views(state) == views);
}

// The ranking ratings read from the result: every seat once, the winners first and alone there;
// none for one player alone (Colpaccio's solo duel is not rated).
void check_ranking(const Game& game, const Json& result, int seats) {
  const auto ranking = game.ranking(result, seats);
  if (seats == 1) {
    CHECK_FALSE(ranking);
    return;
  }
  REQUIRE_MESSAGE(ranking, result.dump());
  std::vector<int> rank_of(seats, -1);
  for (const tortuga::Place& place : *ranking)
    for (int seat : place.seats) {
      REQUIRE((seat >= 0 && seat < seats));
      CHECK(rank_of[seat] == -1);
      rank_of[seat] = place.rank;
    }
  const auto winners = tortuga::ranking::winners(result, seats);
  REQUIRE(winners);
  for (int seat = 0; seat < seats; ++seat) {
    const bool won = std::find(winners->begin(), winners->end(), seat) != winners->end();
    CHECK_MESSAGE((won ? rank_of[seat] == 0 : rank_of[seat] > 0), result.dump());
  }
}

void play_match(const Game& game, const Json& options, std::uint64_t seed,
                const SuiteConfig& config, bool exhaustive) {
  const std::string id = game.info().id;
  auto state = game.new_state(options, Chance(seed));
  Chance rng(seed * 1000003 + 17);
  tortuga::RandomBot bot;
  std::vector<Json> recorded = {all_views(*state)};
  int steps = 0;
  while (!state->is_over()) {
    REQUIRE_MESSAGE(steps < config.step_bound, id << " seed " << seed << " did not end");
    const Json& views = recorded.back();
    check_views_of(*state, views, id);
    const auto actors = state->actors();
    REQUIRE_FALSE(actors.empty());

    // Every legal action (or a sample of them) applies to a clone.
    for (int seat : actors) {
      const Json legal = state->legal_actions(seat);
      const std::size_t tries = exhaustive ? legal.size() : std::min<std::size_t>(3, legal.size());
      for (std::size_t i = 0; i < tries; ++i) {
        const Json& action = exhaustive ? legal[i] : legal[rng.below(legal.size())];
        auto copy = state->clone();
        auto refused = copy->apply(seat, action);
        CHECK_MESSAGE(!refused, id << ": legal " << action.dump()
                                   << " refused: " << (refused ? refused->message : ""));
      }
    }

    // A sample of refusals, each leaving every view as it was.
    const int actor = actors[rng.below(actors.size())];
    const Json legal = state->legal_actions(actor);
    if (steps % 4 == 0) {
      const Json malformed[] = {
          nullptr, 7, Json::array(), Json::object(), {{"type", 7}}, {{"type", "no_such_action"}}};
      check_refused(*state, actor, malformed[rng.below(6)], views);
      for (int seat = 0; seat < state->seats(); ++seat)
        if (std::find(actors.begin(), actors.end(), seat) == actors.end())
          check_refused(*state, seat, legal[rng.below(legal.size())], views);
      check_refused(*state, tortuga::kSpectator, legal[0], views);
    }
    if (config.legal_is_exhaustive) {
      auto variants = mutations(legal[rng.below(legal.size())], rng);
      const Json& mutated = variants[rng.below(variants.size())];
      if (!contains(legal, mutated)) check_refused(*state, actor, mutated, views);
    }

    // Move on: the room's timer now and then, otherwise a random actor's random action.
    tortuga::Refusal refused;
    if (state->deadline() && rng.below(10) == 0) {
      refused = state->apply(tortuga::kSystem, {{"type", "timeout"}});
    } else {
      const Json action = bot.choose(*state, actor, rng);
      refused = state->apply(actor, action);
    }
    REQUIRE_MESSAGE(!refused, id << ": " << tortuga::why(refused));
    recorded.push_back(all_views(*state));
    ++steps;
  }

  check_views_of(*state, recorded.back(), id);
  const Json result = state->result();
  CHECK(result["winners"].is_array());
  CHECK(result["reason"].is_string());
  for (const Json& winner : result["winners"])
    CHECK((winner.is_number_integer() && winner >= 0 && winner < state->seats()));
  CHECK(state->apply(0, {{"type", "pass"}})->code == tortuga::code::kMatchOver);
  check_ranking(game, result, state->seats());

  // Options, seed and the history reproduce every view at every step.
  auto replay = game.new_state(options, Chance(seed));
  const auto& history = state->history();
  REQUIRE(history.size() == recorded.size() - 1);
  for (std::size_t i = 0; i < history.size(); ++i) {
    REQUIRE_MESSAGE(all_views(*replay) == recorded[i], id << " seed " << seed << " step " << i);
    auto refused = replay->apply(history[i].seat, history[i].action);
    REQUIRE_MESSAGE(!refused, id << " replay step " << i << ": " << tortuga::why(refused));
  }
  CHECK(all_views(*replay) == recorded.back());
}

}  // namespace

TEST_CASE("property suite: random matches of every game keep the rules contract") {
  REQUIRE_FALSE(tortuga::all_games().empty());
  for (const Game* game : tortuga::all_games()) {
    const auto& info = game->info();
    const SuiteConfig& config = config_for(info.id);
    for (int players = info.min_players; players <= info.max_players; ++players) {
      std::vector<Json> variants;
      for (const Json& variant : config.option_variants)
        if (!config.variant_fits || config.variant_fits(variant, players))
          variants.push_back(variant);
      REQUIRE_FALSE(variants.empty());
      for (int m = 0; m < config.matches; ++m) {
        Json given = variants[m % variants.size()];
        given["players"] = players;
        auto options = game->normalize_options(given);
        REQUIRE_MESSAGE(options.ok(), info.id << ": " << tortuga::why(options));
        CAPTURE(info.id);
        CAPTURE(players);
        CAPTURE(m);
        play_match(*game, *options, static_cast<std::uint64_t>(m), config,
                   m < config.exhaustive_matches);
      }
    }
  }
}
