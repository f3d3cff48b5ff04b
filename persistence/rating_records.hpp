// What the store keeps of ratings (docs/ratings.md): each player's rating per game, every rated
// match with each player's part in it (place, team, skill before and after), which is the
// players' rating history and what a rebuild replays. The store does no arithmetic on skills: the
// caller's Rate fills the figures inside the write that stores them, so that reading the skills
// before, the new ones and the record of the match are one transaction.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "persistence/outcome.hpp"

namespace tortuga::store {

// A player's rating in one game, as the leaderboard and the profile show it.
struct RatingEntry {
  std::int64_t player = 0;
  std::string name;  // the player's name now
  std::string game;
  double mu = 0, sigma = 0;
  double rating = 0;  // the conservative figure the board sorts by
  bool provisional = true;
  std::int64_t matches = 0, wins = 0;
};

// One player's part in a rated match: the team and place the match gave them (place 0 the best),
// their skill before (none: a first rated match of the game) and after, with the figure and
// whether it is provisional.
struct RatingChange {
  std::int64_t player = 0;
  int team = 0;
  int place = 0;
  std::optional<double> mu_before, sigma_before;
  double mu = 0, sigma = 0, rating = 0;
  bool provisional = true;
};

// A rated match as stored: in the order the matches were rated (seq), which a rebuild replays.
struct RatedMatch {
  std::int64_t seq = 0;
  std::int64_t match = 0;
  std::string game;
  std::int64_t time_ms = 0;
  std::vector<RatingChange> changes;
};

// A finished rated match not yet rated: what the server reads to rate it (after it ends, or
// after a restart or a takeover found it unrated). A seat's player is who began the match there;
// `finished` is false when they did not play it to the end (left it and a stand-in played on, or
// were removed), which puts them last.
struct MatchToRate {
  std::int64_t match = 0;
  std::string game;
  std::string result_json;
  struct Seat {
    int seat = 0;
    std::optional<std::int64_t> player;  // empty for a bot's seat
    bool finished = true;
  };
  std::vector<Seat> seats;
};

// A point of a player's rating history in one game.
struct RatingPoint {
  std::int64_t seq = 0;
  std::int64_t match = 0;
  std::int64_t time_ms = 0;
  int place = 0;
  double mu = 0, sigma = 0, rating = 0;
  // The match's privacy, for the reader's rules (a private match's id is not everyone's).
  std::string private_code;
  bool public_when_over = false;
};

// How often a player finished what they started: finished matches begun in a seat, and those of
// them played to the end.
struct FinishRecord {
  std::int64_t started = 0;
  std::int64_t finished = 0;
};

// What a rebuild did: the matches replayed and how many stored figures it found different.
struct RebuildReport {
  std::int64_t matches = 0;
  std::int64_t changed = 0;
};

// Fills mu, sigma, rating and provisional of every change from their team, place and skill
// before. Runs inside the write, on the writer thread: arithmetic only.
using Rate = std::function<void(std::vector<RatingChange>& changes)>;
// Recomputes every rated match in seq order, filling each change's skill before and after.
using Replay = std::function<void(std::vector<RatedMatch>& matches)>;
// A match rated now (true), or rated before (false), or the write's failure.
using Rated = std::function<void(const Outcome<bool>& rated)>;

}  // namespace tortuga::store
