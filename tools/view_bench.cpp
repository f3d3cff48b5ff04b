// Measures what a room computes after each action, apart from sockets and the store: the board
// built once, its diff, each seat's own fields and their diff, and each seat's patch message, over
// N matches of Raft & Scupper played by random legal actions and interleaved as a busy server
// interleaves its rooms (so that, as there, each action meets its match's data cold in the cache).
// As a room does, it keeps the shape of each last view (protocol::Shape), has the game's observer
// write the new one straight from the state (protocol::ShapeWriter), copying from the last board
// what the observer offers for reuse, and diffs the two. --fresh writes every board whole, as rooms
// once did.
// --named takes an action's board changes from the observer where it names them, as rooms do, and
// writes and diffs the board only where it does not.
//
//   build/tools/view_bench [--matches N] [--actions A] [--fresh] [--named]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "protocol/changes_text.hpp"
#include "protocol/event.hpp"
#include "protocol/patch.hpp"
#include "rules/core/registry.hpp"

namespace {

using namespace tortuga;

struct Table {
  std::unique_ptr<State> state;
  std::unique_ptr<Observer> observer;  // one per match, as each room has
  protocol::Shape board;
  protocol::Shape own[2];
  bool board_stale = false;  // named changes moved the board past `board`
};

// This thread's CPU time: on a machine shared with other work, wall time also counts the time
// the thread waited for a core.
double cpu_us() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

}  // namespace

int main(int argc, char** argv) {
  long matches = 500, actions = 100000;
  bool fresh = false, named = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--fresh")) {
      fresh = true;
    } else if (!std::strcmp(argv[i], "--named")) {
      named = true;
    } else if (i + 1 < argc && !std::strcmp(argv[i], "--matches")) {
      matches = std::atol(argv[++i]);
    } else if (i + 1 < argc && !std::strcmp(argv[i], "--actions")) {
      actions = std::atol(argv[++i]);
    } else {
      matches = 0;
    }
  }
  if (matches < 1 || actions < 1) {
    std::fprintf(stderr, "usage: view_bench [--matches N] [--actions A] [--fresh] [--named]\n");
    return 2;
  }
  const Game& game = *find_game("raft-and-scupper");
  const Json options = *game.normalize_options(Json::object());
  Chance choices(1);
  std::uint64_t next_seed = 0;
  auto deal = [&](Table& t) {
    t.state = game.new_state(options, Chance(next_seed++));
    t.observer = game.make_observer();
    protocol::ShapeWriter board(t.board);
    t.observer->write_board(*t.state, kSpectator, board);
    t.board_stale = false;
    for (int seat = 0; seat < 2; ++seat) {
      protocol::ShapeWriter own(t.own[seat]);
      t.observer->write_common_fields(*t.state, seat, own);
    }
  };
  std::vector<Table> tables(static_cast<std::size_t>(matches));
  for (auto& t : tables) deal(t);

  using Clock = std::chrono::steady_clock;
  protocol::Shape scratch;  // reused for each new shape, as a room does
  protocol::ChangesText changes;
  double room_us = 0, room_cpu_us = 0;
  std::size_t bytes = 0;
  long done = 0;
  while (done < actions) {
    for (auto& t : tables) {
      if (t.state->is_over()) deal(t);
      const int seat = t.state->actors().front();
      const Json legal = t.state->legal_actions(seat);
      const Json action = legal[choices.below(static_cast<std::uint32_t>(legal.size()))];
      t.state->apply(seat, action);
      // What Room::apply does for a game whose board everyone shares.
      const auto start = Clock::now();
      const double cpu_start = cpu_us();
      std::string board_ops;
      if (named && t.observer->write_board_changes(*t.state, changes)) {
        board_ops = changes.take();
        t.board_stale = true;
      } else {
        // A room whose board lags behind named changes sends whole views instead; this program
        // only ever meets Raft & Scupper, which names every move's once at sea.
        {
          protocol::ShapeWriter board(scratch, fresh || t.board_stale ? nullptr : &t.board);
          t.observer->write_board(*t.state, kSpectator, board);
        }
        board_ops = protocol::diff_members_text(t.board, scratch);
        std::swap(t.board, scratch);
        t.board_stale = false;
      }
      for (int s = 0; s < 2; ++s) {
        {
          protocol::ShapeWriter own(scratch);
          t.observer->write_common_fields(*t.state, s, own);
        }
        const std::string ops = protocol::diff_members_text(t.own[s], scratch);
        std::swap(t.own[s], scratch);
        bytes += protocol::event::patch(1, done, board_ops, ops).size();
      }
      room_cpu_us += cpu_us() - cpu_start;
      room_us += std::chrono::duration<double, std::micro>(Clock::now() - start).count();
      if (++done == actions) break;
    }
  }
  std::printf("view_bench: %ld actions over %ld interleaved matches\n", done, matches);
  std::printf(
      "  per action: %.1f us of views, diffs and patches (two seats), %.1f us of them on the CPU, "
      "%.0f bytes of patches\n",
      room_us / static_cast<double>(done), room_cpu_us / static_cast<double>(done),
      static_cast<double>(bytes) / done);
  return 0;
}
