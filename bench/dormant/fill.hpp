// The store of the dormant-match benchmark, written in-process through the store's own API before
// any server runs on it: players with known tokens, and running matches by correspondence of every
// game, several players each, a few random legal moves in, with their clocks as a room keeps them
// (nobody's deadline near), so that a server starting on it has every match to keep dormant.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tortuga::bench::dormant {

struct FillSettings {
  std::string db;   // a SQLite file or a PostgreSQL URL, as `tortuga serve --db` takes it
  int matches = 0;  // running matches by correspondence, the games in turn
  int online = 0;   // players the benchmark signs in; the first of those stored
  std::uint64_t seed = 0;
};

struct StoredMatch {
  std::int64_t id = 0;
  std::vector<int> players;  // each seat's player, as an index into Filled::tokens
};

struct Filled {
  std::vector<std::string> tokens;  // every player's, stored hashed; the first `online` sign in
  std::map<std::string, std::vector<StoredMatch>> by_game;
  int players = 0;
  std::int64_t actions = 0;
  double seconds = 0;  // the whole fill, commits included
};

// Writes the store; throws std::runtime_error when the store refuses a write.
Filled fill_store(const FillSettings& settings);

}  // namespace tortuga::bench::dormant
