// Random playouts per second for any registered game: whole matches played by the random bot
// through State::apply (validation included), without views. With --views, each step also builds
// every seat's view, as a room does after each action.
//
//   build/tools/playout_bench --game ID [--players N] [--matches M] [--options JSON] [--bot KIND]
//                             [--views]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "rules/core/registry.hpp"

namespace {

using namespace tortuga;

int usage() {
  std::fprintf(stderr,
               "usage: playout_bench --game ID [--players N] [--matches M] [--options JSON]\n"
               "                     [--bot random|smart] [--views]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string id, bot_kind = "random";
  long matches = 1000;
  Json given = Json::object();
  bool views = false;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--views")) {
      views = true;
    } else if (!std::strcmp(argv[i], "--game") && has_value) {
      id = argv[++i];
    } else if (!std::strcmp(argv[i], "--players") && has_value) {
      given["players"] = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--matches") && has_value) {
      matches = std::atol(argv[++i]);
    } else if (!std::strcmp(argv[i], "--bot") && has_value) {
      bot_kind = argv[++i];
    } else if (!std::strcmp(argv[i], "--options") && has_value) {
      Json extra = Json::parse(argv[++i], nullptr, false);
      if (!extra.is_object()) return usage();
      given.update(extra);
    } else {
      return usage();
    }
  }
  const Game* game = find_game(id);
  if (!game || matches < 1) return usage();
  auto options = game->normalize_options(given);
  if (!options.ok()) {
    std::fprintf(stderr, "options refused: %s\n", options.error().message.c_str());
    return 2;
  }
  const auto bot = game->make_bot(bot_kind);
  Chance choices(12345);
  long actions = 0;
  std::size_t view_bytes = 0;
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  for (long m = 0; m < matches; ++m) {
    auto state = game->new_state(*options, Chance(static_cast<std::uint64_t>(m)));
    while (!state->is_over()) {
      const auto actors = state->actors();
      const int seat = actors[choices.below(static_cast<std::uint32_t>(actors.size()))];
      if (auto refused = state->apply(seat, bot->choose(*state, seat, choices))) {
        std::fprintf(stderr, "match %ld: a bot's action was refused: %s\n", m,
                     refused->message.c_str());
        return 1;
      }
      ++actions;
      if (views)
        for (int s = -1; s < state->seats(); ++s) view_bytes += state->view(s).dump().size();
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("playout_bench: %s, options %s, %s bot\n", id.c_str(), options->dump().c_str(),
              bot_kind.c_str());
  std::printf("  %ld matches, %ld actions in %.2f s: %.1f playouts/s, %.0f actions/s\n", matches,
              actions, seconds, matches / seconds, actions / seconds);
  if (views)
    std::printf("  views built after every action: %.0f bytes per action for all audiences\n",
                static_cast<double>(view_bytes) / static_cast<double>(actions));
  return 0;
}
