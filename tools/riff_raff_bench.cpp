// Riff Raff placements simulated per second: whole matches played by a bot, timing only the
// load actions (each one rebuilds the Box2D world and simulates until everything rests or the
// step cap), with what the simulation did: steps per placement, placements that hit the cap,
// pieces fallen, the slowest placement, the size of the motion sent with each, and the time the
// bot took to choose each placement (the smart bot simulates its candidates on copies).
//
//   build/tools/riff_raff_bench [--players N] [--matches M] [--bot random|smart] [--model JSON]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "rules/riff_raff/riff_raff_game.hpp"
#include "rules/riff_raff/riff_raff_state.hpp"

namespace {

using namespace tortuga;

int usage() {
  std::fprintf(stderr,
               "usage: riff_raff_bench [--players N] [--matches M] [--bot random|smart] "
               "[--model JSON]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int players = 4;
  long matches = 20;
  std::string bot_kind = "random";
  Json model = nullptr;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--players") && has_value) {
      players = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--matches") && has_value) {
      matches = std::atol(argv[++i]);
    } else if (!std::strcmp(argv[i], "--model") && has_value) {
      model = Json::parse(argv[++i], nullptr, false);
      if (!model.is_object()) return usage();
    } else if (!std::strcmp(argv[i], "--bot") && has_value) {
      bot_kind = argv[++i];
    } else {
      return usage();
    }
  }
  const Game& game = riff_raff::riff_raff();
  auto options = game.normalize_options({{"players", players}, {"model", model}});
  if (!options.ok()) {
    std::fprintf(stderr, "options refused: %s\n", options.error().message.c_str());
    return 2;
  }
  if (matches < 1) return usage();
  const auto bot = game.make_bot(bot_kind);
  Chance choices(12345);
  long placements = 0, steps = 0, capped = 0, fallen = 0, emptied = 0;
  double seconds = 0, slowest = 0, choosing = 0, slowest_choice = 0;
  std::size_t motion_bytes = 0;
  using Clock = std::chrono::steady_clock;
  for (long m = 0; m < matches; ++m) {
    auto state = game.new_state(*options, Chance(static_cast<std::uint64_t>(m)));
    const auto& riff = static_cast<const riff_raff::RiffRaffState&>(*state);
    while (!state->is_over()) {
      const auto actors = state->actors();
      const int seat = actors[choices.below(static_cast<std::uint32_t>(actors.size()))];
      const auto asked = Clock::now();
      const Json action = bot->choose(*state, seat, choices);
      const bool loading = action["type"] == "load";
      const auto start = Clock::now();
      if (loading) {
        const double thought = std::chrono::duration<double>(start - asked).count();
        choosing += thought;
        slowest_choice = std::max(slowest_choice, thought);
      }
      if (auto refused = state->apply(seat, action)) {
        std::fprintf(stderr, "match %ld: refused: %s\n", m, refused->message.c_str());
        return 1;
      }
      if (!loading) continue;
      const double took = std::chrono::duration<double>(Clock::now() - start).count();
      seconds += took;
      slowest = std::max(slowest, took);
      motion_bytes += state->spectator_view()["motion"].dump().size();
      ++placements;
      steps += riff.motion().steps;
      capped += riff.motion().settled ? 0 : 1;
      fallen += static_cast<long>(riff.motion().falls.size());
    }
    emptied += state->result()["reason"] == "emptied" ? 1 : 0;
  }
  std::printf("riff_raff_bench: %d players, %ld matches, %s bot\n", players, matches,
              bot_kind.c_str());
  std::printf("  %ld placements in %.2f s: %.1f placements/s, %.0f steps/s\n", placements, seconds,
              placements / seconds, steps / seconds);
  std::printf(
      "  %.1f steps per placement, %.1f%% stopped by the step cap, %.2f pieces fallen per "
      "placement, %ld matches won by emptying\n",
      static_cast<double>(steps) / placements, 100.0 * capped / placements,
      static_cast<double>(fallen) / placements, emptied);
  std::printf("  slowest placement %.1f ms; motion frames %.0f bytes of JSON per placement\n",
              slowest * 1000, static_cast<double>(motion_bytes) / placements);
  std::printf("  the bot took %.1f ms per placement it chose, %.1f ms at most\n",
              choosing * 1000 / placements, slowest_choice * 1000);
  return 0;
}
