// MatchViews, apart from rooms: the messages it makes take every audience's view to the state's
// view of it at every step of random matches of every game, whether the game shares its board and
// names its changes or not; an audience nobody watches is sent nothing and starts again whole.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "protocol/event.hpp"
#include "protocol/patch.hpp"
#include "rules/core/registry.hpp"
#include "server/room/match_views.hpp"
#include "tests/server/tally_game.hpp"

namespace tortuga::testing {
namespace {

constexpr std::int64_t kMatch = 7;

// Each audience's view as a client keeps it from the messages it is sent.
struct Clients {
  std::vector<Json> views;
  std::vector<std::int64_t> versions;
  int states = 0;  // whole views sent in place of a patch

  explicit Clients(int audiences) : views(audiences), versions(audiences, -1) {}

  void take(int audience, const std::string& text) {
    const Json m = Json::parse(text);
    REQUIRE(m["match"] == kMatch);
    REQUIRE(m["version"] == versions[audience] + 1);
    versions[audience] = m["version"];
    if (m["type"] == "state") {
      views[audience] = m["view"];
      ++states;
      return;
    }
    REQUIRE(m["type"] == "patch");
    auto patched = protocol::apply_patch(views[audience], m["ops"]);
    REQUIRE(patched);
    views[audience] = std::move(*patched);
  }
};

int seat_of(int audience, int spectators) {
  return audience == spectators ? kSpectator : audience;
}

// One action of random play: a legal action of the first actor offered any, else the timeout.
bool play_one(State& state, Chance& choices) {
  for (int seat : state.actors()) {
    const Json legal = state.legal_actions(seat);
    if (legal.empty()) continue;
    return !state.apply(seat, legal[choices.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return !state.apply(kSystem, Json{{"type", "timeout"}});
}

}  // namespace

TEST_CASE("every audience's messages take its view to the state's view of it, in every game") {
  for (const Game* game : all_games()) {
    for (int players : {game->info().min_players, game->info().max_players}) {
      const Json options = *game->normalize_options({{"players", players}});
      Chance choices(11);
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        auto state = game->new_state(options, Chance(seed));
        MatchViews views(players, game->make_observer());
        const int audiences = players + 1;
        Clients clients(audiences);
        views.reset(*state);
        for (int a = 0; a < audiences; ++a)
          clients.take(
              a, protocol::event::state_of_text(nullptr, kMatch, 0, views.view_text(*state, a)));
        for (std::int64_t version = 1; version <= 200 && !state->is_over(); ++version) {
          INFO(game->info().id << " players " << players << " seed " << seed << " version "
                               << version);
          if (!play_one(*state, choices)) break;  // a template random play cannot fill in
          auto messages = views.advance(*state, kMatch, version, [](int) { return true; });
          REQUIRE(static_cast<int>(messages.size()) == audiences);
          for (const auto& [audience, text] : messages) {
            clients.take(audience, text);
            REQUIRE(clients.views[audience] == state->view(seat_of(audience, views.spectators())));
          }
        }
      }
    }
  }
}

TEST_CASE("an audience nobody watches is sent nothing, then its whole view, then patches") {
  TallyGame tally;
  auto state = tally.new_state(*tally.normalize_options(Json::object()), Chance(3));
  MatchViews views(2, tally.make_observer());
  views.reset(*state);
  Clients clients(3);
  clients.take(0, protocol::event::state_of_text(nullptr, kMatch, 0, views.view_text(*state, 0)));
  const auto only_seat_0 = [](int a) { return a == 0; };

  REQUIRE(!state->apply(0, {{"type", "add"}, {"n", 1}}));
  auto messages = views.advance(*state, kMatch, 1, only_seat_0);
  REQUIRE(messages.size() == 1);
  REQUIRE(messages[0].first == 0);
  clients.take(0, messages[0].second);
  REQUIRE(clients.views[0] == state->view(0));

  // Seat 1 comes: its whole view at version 1, and from there its patches.
  clients.versions[1] = 0;
  clients.take(1, protocol::event::state_of_text(nullptr, kMatch, 1, views.view_text(*state, 1)));
  REQUIRE(clients.views[1] == state->view(1));
  REQUIRE(clients.views[1]["secret"] == static_cast<TallyState&>(*state).secret(1));
  REQUIRE(!state->apply(1, {{"type", "add"}, {"n", 2}}));
  messages = views.advance(*state, kMatch, 2, [](int a) { return a < 2; });
  REQUIRE(messages.size() == 2);
  for (const auto& [audience, text] : messages) {
    REQUIRE(Json::parse(text)["type"] == "patch");
    clients.take(audience, text);
    REQUIRE(clients.views[audience] == state->view(audience));
  }
  // Seat 0 leaves: it is sent nothing, and would start whole again.
  REQUIRE(!state->apply(0, {{"type", "add"}, {"n", 1}}));
  messages = views.advance(*state, kMatch, 3, [](int a) { return a == 1; });
  REQUIRE(messages.size() == 1);
  REQUIRE(messages[0].first == 1);
  REQUIRE(Json::parse(views.view_text(*state, 0)) == state->view(0));
}

TEST_CASE("a shared board whose changes are named for some actions only is resent whole after") {
  TallyGame tally;
  // Tally names the changes of the actions that leave the tally even, and only those.
  auto state = tally.new_state(
      *tally.normalize_options({{"open_hands", true}, {"named_changes", true}}), Chance(5));
  MatchViews views(2, tally.make_observer());
  views.reset(*state);
  Clients clients(3);
  for (int a = 0; a < 3; ++a)
    clients.take(a, protocol::event::state_of_text(nullptr, kMatch, 0, views.view_text(*state, a)));
  // Tally 2 (named), 3 (not named, and the board is stale: whole views), 4 (named), 5.
  const int adds[] = {2, 1, 1, 1};
  const char* expected[] = {"patch", "state", "patch", "state"};
  for (int i = 0; i < 4; ++i) {
    const int seat = state->actors().front();
    REQUIRE(!state->apply(seat, {{"type", "add"}, {"n", adds[i]}}));
    auto messages = views.advance(*state, kMatch, i + 1, [](int) { return true; });
    REQUIRE(messages.size() == 3);
    for (const auto& [audience, text] : messages) {
      CAPTURE(i);
      CHECK(Json::parse(text)["type"] == expected[i]);
      clients.take(audience, text);
      REQUIRE(clients.views[audience] == state->view(audience == 2 ? kSpectator : audience));
    }
  }
  CHECK(clients.states == 3 + 6);
}

}  // namespace tortuga::testing
