#include "server/ratings/rating_pages.hpp"

#include <algorithm>

#include "protocol/codes.hpp"
#include "rules/core/registry.hpp"

namespace tortuga::rated {
namespace {

using nlohmann::json;

json entry_json(const store::RatingEntry& e) {
  return {{"player", {{"id", e.player}, {"name", e.name}}},
          {"rating", e.rating},
          {"mu", e.mu},
          {"sigma", e.sigma},
          {"matches", e.matches},
          {"provisional", e.provisional}};
}

// A rating point's match, if `viewer` may read it: a rated match is over, so a private one is
// everyone's if its room made it so, and always its own player's.
json point_match(const store::RatingPoint& p, std::int64_t owner, const Viewer& viewer) {
  const bool open = p.private_code.empty() || p.public_when_over ||
                    (viewer.player && *viewer.player == owner) ||
                    (viewer.code && *viewer.code == p.private_code);
  return open ? json(p.match) : json(nullptr);
}

}  // namespace

Expected<json> leaderboard_json(store::Store& store, const std::string& game, int limit,
                                std::int64_t offset) {
  if (!find_game(game)) return Error{code::kUnknownGame, "no game " + game};
  json entries = json::array();
  for (const auto& e :
       store.leaderboard(game, std::clamp(limit, 1, kMaxBoardLimit), offset).value())
    entries.push_back(entry_json(e));
  return json{{"game", game}, {"entries", std::move(entries)}};
}

Expected<json> profile_json(store::Store& store, std::int64_t player, const Viewer& viewer) {
  const auto found = store.player(player).value();
  if (!found) return Error{code::kNoSuchPlayer, "no player " + std::to_string(player)};
  json games = json::array();
  for (const auto& e : store.player_ratings(player).value()) {
    json game = entry_json(e);
    game.erase("player");
    game["game"] = e.game;
    game["wins"] = e.wins;
    json history = json::array();
    for (const auto& p : store.rating_history(player, e.game, kHistoryPoints).value())
      history.push_back({{"match", point_match(p, player, viewer)},
                         {"time_ms", p.time_ms},
                         {"place", p.place},
                         {"rating", p.rating},
                         {"mu", p.mu},
                         {"sigma", p.sigma}});
    game["history"] = std::move(history);
    games.push_back(std::move(game));
  }
  const store::FinishRecord record = store.finish_record(player).value();
  json matches = json::array();
  store::MatchFilter filter;
  filter.player = player;
  filter.limit = kProfileMatches;
  for (const auto& m : readable_matches(store, filter, viewer)) matches.push_back(match_json(m));
  return json{{"player", {{"id", found->id}, {"name", found->name}}},
              {"games", std::move(games)},
              {"finished",
               {{"started", record.started},
                {"finished", record.finished},
                {"rate", record.started == 0 ? json(nullptr)
                                             : json(static_cast<double>(record.finished) /
                                                    static_cast<double>(record.started))}}},
              {"matches", std::move(matches)}};
}

json players_json(store::Store& store, const std::string& prefix) {
  json players = json::array();
  for (const auto& p : store.players_named(prefix, kMaxSearchResults).value())
    players.push_back({{"id", p.id}, {"name", p.name}});
  return {{"players", std::move(players)}};
}

}  // namespace tortuga::rated
