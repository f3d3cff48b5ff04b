// Server messages, from their parts to the bytes of one WebSocket text frame. Each builder returns
// the serialized message, so that one buffer can be shared by every client of a broadcast.
//
// The server builds the payloads (rooms, views, match descriptions); the builders add "type" and,
// when the request carried an "id", "re" with that id. `re` is the request's Parsed::id: pass
// nullptr for a message the server pushes on its own. Keys come out with "type" and "re" first so
// that logs read easily; clients must not depend on the order of keys.
//
// Builders never throw: a string holding invalid UTF-8 is written with U+FFFD in its place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga::protocol {

using Json = nlohmann::json;

// Sent in welcome; raised only when a change would break existing clients.
inline constexpr int kProtocolVersion = 1;

// Why a room closed or a player was removed: the words of whoever did it (the host, the
// operator), shown as they are, or the server's own when they gave none, which carry the key of
// their words in the catalogs (`key`; docs/protocol.md, "Words for people").
struct Reason {
  std::string text;
  std::string key;  // empty for a person's own words
};

namespace event {

// A value as messages carry it: compact JSON text, invalid UTF-8 replaced by U+FFFD. For payloads
// written once and sent in several messages (see room_of_text, state_of_text).
std::string text_of(const Json& value);

// {type:"error", re?, code, message, params?}: params, when not null, are the values the code's
// words name (rules/core/error.hpp).
std::string error(const Json& re, std::string_view code, std::string_view message,
                  const Json& params = nullptr);
std::string error(const Json& re, const Error& error);
// {type:"error", re?, code, message, retry_after_ms}: refused for now, heard again after that long
// (too_many_guesses, too_many_players, too_many_logins, passwords_busy).
std::string retry_later(const Json& re, std::string_view code, std::string_view message,
                        std::int64_t retry_after_ms);
// {type:"error", re?, code:"elsewhere", message, url, room, match}: on a cluster, the room (or
// match) asked for lives on another node, reached at `url` (null when it is being taken over:
// any node will do, shortly). Without re, pushed when a room this connection is in moves away.
std::string elsewhere(const Json& re, std::string_view message, std::string_view url,
                      std::int64_t room, std::int64_t match);
// {type:"error", re?, code:"store_unavailable", message, room, match}: the room's match waits for
// its store, which failed a write (what was in flight was not stored); pushed without re to
// everyone in the room as it begins to wait, and the answer to what they ask meanwhile. A fresh
// state follows once the store is back.
std::string match_waits(const Json& re, std::string_view message, std::int64_t room,
                        std::int64_t match);
// {type:"welcome", re?, player:{id,name}, account, token, protocol, games:[Game::describe()...],
//  room_defaults:{absent_bot_s}, limits:{...}}: account, whether the player has one (a guest has
// none); room_defaults, what create_room gives a room it says nothing of; limits, the server's
// limits a client keeps within (docs/protocol.md). `games` is written already, as JSON text: the
// same for every welcome, it is written once.
std::string welcome(const Json& re, const Json& player, bool account, std::string_view token,
                    std::string_view games, const Json& room_defaults, const Json& limits);
// {type:"sessions", re?, sessions:[{id, label, created_ms, last_used_ms, current}...]}: the
// player's sessions, oldest first; current marks the asking connection's.
std::string sessions(const Json& re, const Json& sessions);
// {type:"vacation", re?, from_ms, until_ms, days_left, days_a_year}: the answer to take_vacation
// and get_vacation. from_ms and until_ms, the player's vacation under way or the last one this
// year, null when there is none; days_left, those they may still take this year of days_a_year.
std::string vacation(const Json& re, std::optional<std::int64_t> from_ms,
                     std::optional<std::int64_t> until_ms, int days_left, int days_a_year);
// {type:"notifications", re?, email, email_verified, email_unsubscribed, webhook_url, mode,
// language, webhook_secret?}: the account's notification settings, the answer to
// get_notifications and set_notifications; webhook_secret only when the webhook's key is new.
std::string notifications(const Json& re, const Json& settings);
// {type:"rooms", re?, rooms:[room...], now_ms}: the listed rooms, and the server's clock to
// reckon their ages by (created_ms).
std::string rooms(const Json& re, const Json& rooms, std::int64_t now_ms);
// {type:"rooms_changed", rooms:[room...], gone:[room ids], now_ms}: to a lobby's watchers, the
// rooms listed anew or changed since the last, whole, and those no longer listed.
std::string rooms_changed(const Json& rooms, const Json& gone, std::int64_t now_ms);
// {type:"lobby_unwatched", re?}: the lobby's changes no longer come.
std::string lobby_unwatched(const Json& re);
// {type:"leaderboard", re?, game, entries}: a page of a game's leaderboard (answering
// get_leaderboard or watch_leaderboard), or, without re, the watched board after a match of its
// game was rated.
std::string leaderboard(const Json& re, const Json& board);
// {type:"leaderboard_unwatched", re?}: the watched board's changes no longer come.
std::string leaderboard_unwatched(const Json& re);
// {type:"my_matches", re?, matches, more?}: the player's running matches (answering
// watch_my_matches), or, without re, the list again after one of them changed.
std::string my_matches(const Json& re, const Json& matches, std::int64_t more);
// {type:"my_matches_unwatched", re?}: the list's changes no longer come.
std::string my_matches_unwatched(const Json& re);
// {type:"room", re?, room:{...}, you:{seat, spectator}}; seat is null when the client holds none.
std::string room(const Json& re, const Json& room, std::optional<int> seat, bool spectator);
// The same, with the room already written as compact JSON text (one text for all its members).
std::string room_of_text(const Json& re, std::string_view room_text, std::optional<int> seat,
                         bool spectator);
// {type:"left", re?, room}
std::string left(const Json& re, std::int64_t room);
// {type:"state", re?, match, version, view}: the whole view, after start, join or sync.
std::string state(const Json& re, std::int64_t match, std::int64_t version, const Json& view);
// The same, with the view already written as compact JSON text.
std::string state_of_text(const Json& re, std::int64_t match, std::int64_t version,
                          std::string_view view_text);
// {type:"patch", match, version, ops}: pushed to every member of an audience alike; the one
// whose action it carries gets it through `answering`, with its request's re.
std::string patch(std::int64_t match, std::int64_t version, const Json& ops);
// The same, with ops in two parts, each the text of a JSON array: `first_ops`, serialized once
// and shared by several audiences' patches, then this audience's own `more_ops`.
std::string patch(std::int64_t match, std::int64_t version, std::string_view first_ops,
                  std::string_view more_ops);
// {type:"applied", re, match, version}: the answer to an action whose sender is not following the
// match's patches when the action is stored (it waits for a state, or has left the room): the
// action was applied at `version`.
std::string applied(const Json& re, std::int64_t match, std::int64_t version);
// A pushed message (from this file) as the answer to one client's request: the same text with
// `re` after its type. Null `re` leaves it as it is.
std::string answering(const Json& re, std::string_view pushed);
// {type:"matches", re?, matches:[...]}
std::string matches(const Json& re, const Json& matches);
// {type:"match", re?, match:{...}}
std::string match(const Json& re, const Json& match);
// {type:"replay", re?, match, seat, revealed, steps:[{step, seat, action, view}...],
// chat:[line...]} from the text of a replay as the history makes it (server/history.hpp: an object
// of those fields), the same body HTTP answers with, which is not parsed again; seat null:
// spectators.
std::string replay_of_text(const Json& re, std::string_view replay);
// {type:"pong", re?}
std::string pong(const Json& re);
// {type:"room_closed", room, match, reason, reason_key?, by}: to everyone in a room closed by the
// server's operator; match is the id of the match it ended (stored as aborted), or null.
// `by` says who closed it: "operator" or "host".
std::string room_closed(std::int64_t room, std::optional<std::int64_t> match, const Reason& reason,
                        std::string_view by = "operator");
// {type:"removed", room, seat, reason, reason_key?, by}: to a player's connections when the
// player was removed from the room and its seat.
std::string removed(std::int64_t room, int seat, const Reason& reason,
                    std::string_view by = "operator");
// {type:"notice", text}: the operator's word to every connection.
std::string notice(std::string_view text);
// {type:"chat", room, line:{player, name, seat, match, step, text, time_ms}}: a line said in a
// room, to everyone there who has not muted its speaker.
std::string chat(std::int64_t room, const Json& line);
// {type:"chat_log", room, lines:[line...]}: the room's recent lines, oldest first, to a member
// who has just come in (joined, watched or resumed).
std::string chat_log(std::int64_t room, const Json& lines);
// {type:"mutes", re?, room, muted:[player ids]}: whose chat no longer reaches the asker.
std::string mutes(const Json& re, std::int64_t room, const Json& muted);

}  // namespace event
}  // namespace tortuga::protocol
