// Review of stored matches, shared by the WebSocket commands and the HTTP API: who may read a
// match's history, and its descriptions, replays and match files.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "persistence/store.hpp"
#include "rules/core/error.hpp"

namespace tortuga {

using Json = nlohmann::json;

// {id, game, options, seats, status, result, created_ms, ended_ms, actions}
Json match_json(const store::Match& match);

// Who asks for a match's history: a player (the WebSocket's, or the one an HTTP request's bearer
// token names; none for a stranger), and the join code given, if any.
struct Viewer {
  std::optional<std::int64_t> player;
  std::optional<std::string> code;
};

// Whether `viewer` may read `match`'s history (its entry, replay, chat and match file). A public
// match's is everyone's. A private match's (its room had a code) is its seated players' and
// theirs who give its code, as its room was; and everyone's once it is over, if its room said so
// (public_when_over).
bool may_read(const store::Match& match, const Viewer& viewer);

// The stored match `id` if `viewer` may read it; else no_such_match, the same answer as for a
// match that does not exist, so that a private match is not even said to be there. Counts the
// private ones refused.
Expected<store::Match> readable_match(store::Store& store, std::int64_t id, const Viewer& viewer);

// The matches `filter` lists that `viewer` may read (the store leaves out the private ones that
// are not theirs).
std::vector<store::Match> readable_matches(store::Store& store, store::MatchFilter filter,
                                           const Viewer& viewer);

// [{step, seat, player, name, text, time_ms}]: what was said in the match's room, in order.
Json chat_json(const std::vector<store::ChatLine>& lines);

// Why `viewer` may not have `seat`'s replay of `match` (a seat it does not have; another's seat
// while the match runs), if they may not.
Refusal refused_seat(const store::Match& match, std::optional<int> seat, const Viewer& viewer);

// Whether a replay of `match` without a seat shows everything (the match is over) rather than
// the spectators' view.
bool replay_revealed(const store::Match& match, std::optional<int> seat);

// [{step, seat, action, view}]: the view after each step as `seat` could see it while the match
// ran (the spectators' without a seat), or fully revealed (replay_revealed); each action shown
// once the match is over, or to its own seat. The costly part of a replay: the match is played
// again from its log.
Expected<Json> replay_steps(const store::Match& match, const std::vector<store::Action>& actions,
                            std::optional<int> seat);

// The text of {match, seat, revealed, steps, chat}, from the steps' text (replay_steps, dumped)
// and the match's chat (chat_json).
std::string replay_text(const store::Match& match, std::optional<int> seat,
                        const std::string& steps, const Json& chat);

// The match file of a finished match (its seed would reveal hidden cards of a running one), if
// `viewer` may read it.
Expected<Json> export_json(store::Store& store, std::int64_t match, const Viewer& viewer);

}  // namespace tortuga
