// Ratings as players read them, for HTTP and the WebSocket alike: a game's leaderboard, a
// player's profile (per game: rating, matches, wins and history; how often they finish what they
// start; their latest matches) and players found by name. A private match shows in a profile
// only as history lets the reader see it (history.hpp): a rating point of a match the reader may
// not read keeps its figures but not its match.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "persistence/store.hpp"
#include "protocol/command.hpp"
#include "rules/core/error.hpp"
#include "server/history/history.hpp"

namespace tortuga::rated {

inline constexpr int kDefaultBoardLimit = protocol::kDefaultBoardLimit;
inline constexpr int kMaxBoardLimit = protocol::kMaxBoardLimit;
inline constexpr int kHistoryPoints = 200;  // the latest, per game, in a profile
inline constexpr int kProfileMatches = 10;
inline constexpr int kMaxSearchResults = 20;
// The ratings' HTTP reads (leaderboards, profiles, searches) one address may make: this many at
// once, and again each minute; past it 429 rate_limited.
inline constexpr int kRatingReadsPerMinute = 120;

// {"game", "entries": [{"player": {"id", "name"}, "rating", "mu", "sigma", "matches",
// "provisional"}]}: best first, provisional after the rest. Throws store::Unavailable.
// Refused (no_such_game) for a game the server does not host.
Expected<nlohmann::json> leaderboard_json(store::Store& store, const std::string& game, int limit,
                                          std::int64_t offset);

// {"player": {"id", "name"}, "games": [{"game", "rating", "mu", "sigma", "matches", "wins",
// "provisional", "history": [{"match", "time_ms", "place", "rating", "mu", "sigma"}]}],
// "finished": {"started", "finished", "rate"}, "matches": [...]}; no_such_player for an unknown
// id. Throws store::Unavailable.
Expected<nlohmann::json> profile_json(store::Store& store, std::int64_t player,
                                      const Viewer& viewer);

// {"players": [{"id", "name"}]}: whose name begins with `prefix`, at most kMaxSearchResults.
nlohmann::json players_json(store::Store& store, const std::string& prefix);

}  // namespace tortuga::rated
