// Review of stored matches, shared by the WebSocket commands and the HTTP API.
#pragma once

#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "persistence/store.hpp"
#include "rules/core/error.hpp"

namespace tortuga {

using Json = nlohmann::json;

// {id, game, options, seats, status, result, created_ms, ended_ms, actions}
Json match_json(const store::Match& match);

// Who asks for a replay: a player may see a running match as the seat that player holds.
struct Viewer {
  std::optional<std::int64_t> player;  // none over plain HTTP
};

// [{step, seat, player, name, text, time_ms}]: what was said in the match's room, in order.
Json chat_json(const std::vector<store::ChatLine>& lines);

// {match, seat, revealed, steps: [{step, seat, action, view}], chat}: the view after each step as
// `seat` could see it while the match ran (spectators' view without a seat), or fully revealed
// once the match is over and no seat is asked for; and the match's chat (chat_json).
Expected<Json> replay_json(store::Store& store, std::int64_t match, std::optional<int> seat,
                           const Viewer& viewer);

// The match file of a finished match (its seed would reveal hidden cards of a running one).
Expected<Json> export_json(store::Store& store, std::int64_t match);

}  // namespace tortuga
