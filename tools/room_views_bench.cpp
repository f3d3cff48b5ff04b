// What a room computes after each action of any game, apart from sockets and the store: the
// messages of every audience (each seat; the spectators with --spectators) through
// server/room/match_views.hpp, as Room::apply has them made. N matches played by the random bot are
// interleaved as a busy server interleaves its rooms, so that each action meets its match's data
// cold in the cache. The rules (the bot's choice and State::apply) are timed apart, so that the
// views' cost of one game can be set against another's without the rules' own compute.
//
//   build/tools/room_views_bench --game ID [--players N] [--matches M] [--actions A]
//                                [--spectators]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/registry.hpp"
#include "server/room/match_views.hpp"

namespace {

using namespace tortuga;

int usage() {
  std::fprintf(stderr,
               "usage: room_views_bench --game ID [--players N] [--matches M] [--actions A]\n"
               "                        [--spectators]\n");
  return 2;
}

// This thread's CPU time: on a machine shared with other work, wall time also counts the time
// the thread waited for a core.
double cpu_us() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

struct Table {
  std::unique_ptr<State> state;
  std::unique_ptr<MatchViews> views;
  std::int64_t version = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::string id;
  long matches = 200, actions = 50000;
  bool spectators = false;
  Json given = Json::object();
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--spectators")) {
      spectators = true;
    } else if (!std::strcmp(argv[i], "--game") && has_value) {
      id = argv[++i];
    } else if (!std::strcmp(argv[i], "--players") && has_value) {
      given["players"] = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--matches") && has_value) {
      matches = std::atol(argv[++i]);
    } else if (!std::strcmp(argv[i], "--actions") && has_value) {
      actions = std::atol(argv[++i]);
    } else {
      return usage();
    }
  }
  const Game* game = find_game(id);
  if (!game || matches < 1 || actions < 1) return usage();
  auto options = game->normalize_options(given);
  if (!options.ok()) {
    std::fprintf(stderr, "options refused: %s\n", options.error().message.c_str());
    return 2;
  }
  const auto bot = game->make_bot("random");
  Chance choices(12345);
  std::uint64_t next_seed = 0;
  const auto watched = [&](int audience) { return spectators || audience < (*options)["players"]; };
  auto deal = [&](Table& t) {
    t.state = game->new_state(*options, Chance(next_seed++));
    t.views = std::make_unique<MatchViews>(t.state->seats(), game->make_observer());
    t.views->reset(*t.state);
    t.version = 0;
    // Every watching audience is sent its whole view first, as a room does when a match starts.
    for (int a = 0; a <= t.state->seats(); ++a)
      if (watched(a)) t.views->view_text(*t.state, a);
  };
  std::vector<Table> tables(static_cast<std::size_t>(matches));
  for (auto& t : tables) deal(t);

  double rules_us = 0, views_us = 0;
  std::size_t bytes = 0, messages = 0;
  long done = 0;
  while (done < actions) {
    for (auto& t : tables) {
      if (t.state->is_over()) deal(t);
      const double start = cpu_us();
      const auto actors = t.state->actors();
      const int seat = actors[choices.below(static_cast<std::uint32_t>(actors.size()))];
      if (auto refused = t.state->apply(seat, bot->choose(*t.state, seat, choices))) {
        std::fprintf(stderr, "a bot's action was refused: %s\n", refused->message.c_str());
        return 1;
      }
      const double applied = cpu_us();
      for (const auto& [audience, text] : t.views->advance(*t.state, 1, ++t.version, watched)) {
        bytes += text.size();
        ++messages;
      }
      views_us += cpu_us() - applied;
      rules_us += applied - start;
      if (++done == actions) break;
    }
  }
  const double n = static_cast<double>(done);
  std::printf("room_views_bench: %s, options %s, %ld actions over %ld interleaved matches\n",
              id.c_str(), options->dump().c_str(), done, matches);
  std::printf(
      "  per action: %.1f us of views, diffs and messages (%.1f messages, %.0f bytes), "
      "%.1f us of rules (the bot's choice and apply)\n",
      views_us / n, static_cast<double>(messages) / n, static_cast<double>(bytes) / n,
      rules_us / n);
  return 0;
}
