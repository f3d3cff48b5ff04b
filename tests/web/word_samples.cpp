// Real steps of every game, for the test of the browser's words (words.test.mjs): random and
// smart bots play matches of every hosted game through the rules, with the room's timeouts
// applied now and then where a deadline runs, in several seat counts and options. Printed as
// JSON lines, a few of each kind:
//   {"sample": "action", "game", "type", "action", "view"}   an action of `view.legal`, with the
//       view of the seat that may send it (what a button's label is made from);
//   {"sample": "step", "game", "key", "audience", "seat", "action", "before", "view"}   one
//       step as an audience saw it, before and after (what a log line is made from), keyed by
//       each kind of event it set off, or by its action's type in a game without events;
//   {"sample": "result", "game", "result"}   how a match ended, keyed by its result's key.
//
//   word_samples [--matches N] [--game ID]   N matches per setup (default 6; Riff Raff's, slow
//                                            with its physics, a third); only game ID
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/registry.hpp"

namespace {

using namespace tortuga;

constexpr int kSamplesPerKind = 2;

struct Setup {
  const char* game;
  Json options;
  int times = 1;  // matches played: this many times --matches
};

// The setups played: every seat count, and the options that change what can happen (the short
// and long raft, the solo duel's variants, alliances, the Fog of War); a clock wherever the
// game has one, so that timeouts happen too.
std::vector<Setup> setups() {
  std::vector<Setup> out;
  // Switching a pair is offered only when a deal leaves one kind all connected: a few deals in a
  // hundred, so many short matches (they take milliseconds).
  out.push_back(
      {"raft-and-scupper", {{"players", 2}, {"short_game", true}, {"turn_clock_s", 30}}, 40});
  out.push_back({"raft-and-scupper", {{"players", 2}, {"turn_clock_s", 30}}});
  for (int n = 3; n <= 8; ++n) out.push_back({"scalawag", {{"players", n}, {"turn_clock_s", 30}}});
  out.push_back({"scalawag", {{"players", 6}, {"alliances", true}, {"turn_clock_s", 30}}});
  out.push_back({"scalawag", {{"players", 8}, {"alliances", true}}});
  for (const char* level : {"standard", "easy", "medium", "hard"})
    out.push_back({"colpaccio", {{"players", 1}, {"solo_difficulty", level}}});
  for (int n = 2; n <= 5; ++n) out.push_back({"colpaccio", {{"players", n}}});
  // A dead end (the captain with no way on) takes a few matches to meet.
  for (int n = 2; n <= 5; ++n)
    out.push_back({"um-rum-und-ehre", {{"players", n}, {"decision_s", 30}}, 2});
  for (int n = 2; n <= 4; ++n) out.push_back({"riff-raff", {{"players", n}, {"turn_clock_s", 30}}});
  return out;
}

// The events a step set off, as an audience saw them: a game's `events`, or its `log` (only the
// entries new since `before` where they are numbered, as Scalawag's are).
std::vector<Json> new_events(const Json& before, const Json& after) {
  std::vector<Json> out;
  if (after.contains("events") && after["events"].is_array()) {
    for (const Json& e : after["events"]) out.push_back(e);
    return out;
  }
  if (!after.contains("log") || !after["log"].is_array()) return out;
  long long seen = -1;
  if (before.contains("log") && before["log"].is_array())
    for (const Json& e : before["log"])
      if (e.contains("n")) seen = std::max(seen, e["n"].get<long long>());
  for (const Json& e : after["log"])
    if (!e.contains("n") || e["n"].get<long long>() > seen) out.push_back(e);
  return out;
}

class Samples {
 public:
  void action(const std::string& game, const Json& action, const Json& view) {
    const std::string type = action.value("type", "");
    if (++count_[{game, "action " + type}] > kSamplesPerKind) return;
    print(
        {{"sample", "action"}, {"game", game}, {"type", type}, {"action", action}, {"view", view}});
  }

  void result(const std::string& game, const Json& result) {
    if (++count_[{game, "result " + result.value("key", "?")}] > kSamplesPerKind) return;
    print({{"sample", "result"}, {"game", game}, {"result", result}});
  }

  void step(const std::string& game, const std::string& key, const char* audience, int seat,
            const Json& action, const Json& before, const Json& view) {
    if (++count_[{game, "step " + key + " " + audience}] > kSamplesPerKind) return;
    print({{"sample", "step"},
           {"game", game},
           {"key", key},
           {"audience", audience},
           {"seat", seat >= 0 ? Json(seat) : Json(nullptr)},
           {"action", action},
           {"before", before},
           {"view", view}});
  }

 private:
  static void print(const Json& line) { std::printf("%s\n", line.dump().c_str()); }
  std::map<std::pair<std::string, std::string>, int> count_;
};

// Every audience's view: the full view of review, the spectators', then each seat's.
std::vector<Json> views_of(const State& state) {
  std::vector<Json> views;
  for (int a = kEveryone; a < state.seats(); ++a)
    views.push_back(a == kEveryone ? state.full_view() : state.view(a));
  return views;
}

// One step for every audience, from the views before it to those after it.
void record_step(Samples& samples, const std::string& game, const std::vector<Json>& before,
                 const std::vector<Json>& views, int seat, const Json& action) {
  for (int a = kEveryone; a + 2 < static_cast<int>(views.size()); ++a) {
    const char* audience = a == kEveryone ? "full" : a == kSpectator ? "spectator" : "seat";
    const Json& after = views[static_cast<std::size_t>(a + 2)];
    const Json& was = before[static_cast<std::size_t>(a + 2)];
    std::set<std::string> keys;
    for (const Json& e : new_events(was, after)) keys.insert(e.value("event", "?"));
    if (keys.empty()) keys.insert("action " + action.value("type", "?"));
    for (const std::string& key : keys) samples.step(game, key, audience, seat, action, was, after);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int matches = 6;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--matches") && i + 1 < argc) {
      matches = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--game") && i + 1 < argc) {
      only = argv[++i];
    } else {
      std::fprintf(stderr, "usage: word_samples [--matches N] [--game ID]\n");
      return 2;
    }
  }
  Samples samples;
  const auto all = setups();
  for (std::size_t index = 0; index < all.size(); ++index) {
    const Setup& setup = all[index];
    const Game* game = find_game(setup.game);
    auto options = game ? game->normalize_options(setup.options) : Expected<Json>(Json());
    if (!game || !options) {
      std::fprintf(stderr, "word_samples: cannot set up %s %s\n", setup.game,
                   setup.options.dump().c_str());
      return 1;
    }
    Chance choices(2026 + index);  // the bots' and the timer's choices
    const std::string id = setup.game;
    if (!only.empty() && id != only) continue;
    const int played = id == "riff-raff" ? std::max(1, matches / 3) : matches * setup.times;
    for (int m = 0; m < played; ++m) {
      const auto bot = game->make_bot(m % 2 ? "smart" : "random");
      // Each setup's matches have their own seeds, whatever the other setups play.
      auto state = game->new_state(*options, Chance(1000 * index + static_cast<std::size_t>(m)));
      std::vector<Json> before = views_of(*state);
      while (!state->is_over()) {
        for (int s = 0; s < state->seats(); ++s)
          for (const Json& action : before[static_cast<std::size_t>(s + 2)]["legal"])
            samples.action(id, action, before[static_cast<std::size_t>(s + 2)]);
        // Now and then the deadline passes: the room's timer acts instead of the seats.
        int seat;
        Json action;
        if (state->deadline() && choices.below(8) == 0) {
          seat = kSystem;
          action = {{"type", "timeout"}};
          samples.action(id, action, before[1]);
        } else {
          const auto actors = state->actors();
          seat = actors[choices.below(static_cast<std::uint32_t>(actors.size()))];
          action = bot->choose(*state, seat, choices);
        }
        if (auto refused = state->apply(seat, action)) {
          std::fprintf(stderr, "word_samples: %s refused %s: %s\n", id.c_str(),
                       action.dump().c_str(), refused->message.c_str());
          return 1;
        }
        std::vector<Json> after = views_of(*state);
        record_step(samples, id, before, after, seat, action);
        before = std::move(after);
      }
      samples.result(id, state->result());
    }
  }
  return 0;
}
