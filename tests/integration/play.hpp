// Shared moves of the integration tests: opening a table for two and playing random legal
// actions, each player choosing from its own view's `legal`.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "tests/integration/test_client.hpp"

namespace tortuga::integration {

inline constexpr const char* kRaft = "raft-and-scupper";

// A seeded generator whose seed doctest prints with any failure (TORTUGA_TEST_SEED overrides it).
std::mt19937_64 seeded_rng();

struct Table {
  std::int64_t room = 0;
  std::int64_t match = 0;
  Json started;  // the room message answering the start
};

// Signs `c` up as an account named `name`; answers the welcome. A password's hash takes its
// while on a busy machine: `timeout` is the answer's.
Json register_account(TestClient& c, const std::string& name, Millis timeout = kWait);

// `host` creates a Raft & Scupper room with `options`, `guest` joins it, `watchers` watch it, the
// host starts it; returns once every one of them holds the match's first state.
Table open_table(TestClient& host, TestClient& guest, const std::vector<TestClient*>& watchers = {},
                 const Json& options = Json::object());

// The same for a match of Raft & Scupper by correspondence, `days_per_move` days a move (the
// host and guest are accounts).
Table open_by_post(TestClient& host, TestClient& guest, int days_per_move);

// `host` creates a room of `game` with `options`, fills the other seats with bots of the given
// kinds in order, `watchers` watch it, the host starts it; returns once the host and every
// watcher hold the match's first state.
Table open_bot_table(TestClient& host, const std::string& game, const Json& options,
                     const std::vector<std::string>& bots,
                     const std::vector<TestClient*>& watchers = {});

// Plays until the match is over or `max_actions` actions have been played: each turn, the first
// player whose view offers legal actions sends one of them, chosen at random; when none does (a
// bot's turn), everyone waits for the next version. After each action every player and watcher
// is brought to the new version. Fails on any error answer. Returns the actions played.
int play_random(std::int64_t match, const std::vector<TestClient*>& players,
                const std::vector<TestClient*>& watchers, std::mt19937_64& rng,
                int max_actions = 100000);

// Raft & Scupper ends when both players pass in turn, and a clock run out passes: plays random
// actions until a player is offered a pass, which they make. Returns whether one was (within
// `max_actions`, the match still running); the other player's timeout then ends the match.
bool pass_in_raft(std::int64_t match, TestClient& a, TestClient& b, std::mt19937_64& rng,
                  int max_actions = 100);

// The view with the parts that depend on who looks (seat, legal) set as the spectators see them.
Json as_public(Json view);

bool is_over(const TestClient& client, std::int64_t match);

// Retries `done` until it holds, pausing briefly between tries; throws after `timeout`. For what
// the server promises only eventually (a write in its store's queue).
void eventually(const std::function<bool()>& done, const std::string& what, Millis timeout = kWait);

}  // namespace tortuga::integration
