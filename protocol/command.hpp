// Client messages, from the bytes of one WebSocket text frame to a typed command or a typed error.
// Parsing is the only defence the rest of the server has against a hostile client, so it never
// throws, bounds nesting, refuses what JSON leaves ambiguous (duplicate keys) and checks every
// field's type and range here: past parse_command, a command's fields are known to be sane.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "protocol/codes.hpp"
#include "rules/core/error.hpp"

namespace tortuga::protocol {

using Json = nlohmann::json;

// Limits of the message format itself (the size and rate limits belong to the server's config).
inline constexpr int kMaxDepth = 64;       // arrays and objects nested deeper are refused
inline constexpr int kMaxNameLength = 32;  // characters (code points) of a trimmed player name
inline constexpr int kMaxMatchLimit = 200;
inline constexpr int kDefaultMatchLimit = 50;
// A leaderboard's page (get_leaderboard, watch_leaderboard, GET /api/leaderboard/{game}).
inline constexpr int kMaxBoardLimit = 200;
inline constexpr int kDefaultBoardLimit = 50;
inline constexpr int kMaxChatLength = 500;    // code points of one chat line
inline constexpr int kMaxReasonLength = 200;  // code points of a host's reason for closing
inline constexpr int kMaxAbsentBotS = 3600;   // create_room's absent_bot_s: at most an hour
// create_room's correspondence (docs/correspondence.md): days for each move, and the time bank.
inline constexpr int kMaxDaysPerMove = 14;
inline constexpr int kMaxBankExtraHours = 168;  // a week
inline constexpr int kMaxBankCapDays = 28;
// take_vacation's days: a year's at most (the operator's allowance is smaller, 14 by default).
inline constexpr int kMaxVacationDays = 365;
// The statuses a stored match can have, the values of list_matches' (and the HTTP list's) filter.
inline constexpr std::string_view kMatchStatuses[] = {"running", "finished", "aborted"};

// A room is named by its id, or by its join code (private rooms are reached by code only).
using RoomRef = std::variant<std::int64_t, std::string>;

struct Hello {
  std::string name;  // trimmed, 1..kMaxNameLength code points, no control characters
  std::optional<std::string> token;
};
// Accounts (docs/protocol.md, Accounts): a name and a password. The name is a player name's
// (Hello); the password 1..kMaxPasswordChars code points (the rule a new one must meet is the
// server's, refused with weak_password).
inline constexpr int kMaxPasswordChars = 128;
struct Register {
  std::string name;
  std::string password;
};
struct Login {
  std::string name;
  std::string password;
};
struct ListSessions {};
struct RevokeSession {  // one of the player's sessions, this connection's too
  std::int64_t session;
};
struct RevokeOtherSessions {};  // every session of the player but this connection's
struct ChangePassword {         // revokes the other sessions
  std::string password;         // the one the account has now
  std::string new_password;
};
// Notifications (docs/notifications.md): an account's settings, read and changed. Each field of
// set_notifications that is absent stays as it was; "" removes an address or a webhook.
struct GetNotifications {};
struct SetNotifications {
  std::optional<std::string> email;
  std::optional<std::string> webhook_url;
  std::optional<std::string> mode;  // "digest", "immediate" or "off"
  std::optional<std::string> language;
};
inline constexpr std::size_t kMaxNotifyFieldBytes = 4096;  // the operator's limits are below
struct ListRooms {
  std::optional<std::string> game;
};
// Watching the lobby: the listed rooms now, then their changes as they happen.
struct WatchLobby {
  std::optional<std::string> game;  // only rooms of this game; absent: every game
};
struct UnwatchLobby {};
// A room played by correspondence: each move has `days_per_move` days, then the seat's time bank,
// which starts full (`bank_cap_days`) and gains `bank_extra_hours` with each move, up to its cap.
struct Correspondence {
  int days_per_move = 1;
  int bank_extra_hours = 12;
  int bank_cap_days = 7;
  bool operator==(const Correspondence&) const = default;
};
struct CreateRoom {
  std::string game;
  Json options = Json::object();  // the game's own options; the game checks them
  bool is_private = false;        // the wire field is "private"
  // Seconds before a bot plays for a player who went away from the running match; 0: never;
  // absent: the server's default (Config::absent_bot_s).
  std::optional<int> absent_bot_s;
  // A private room's matches become everyone's to review once over (history, replay, chat);
  // false (the default): they stay their players' and theirs who have the code.
  bool public_when_over = false;
  // Whether the room's matches are rated (docs/ratings.md): true asks for it (refused with
  // not_rated unless it can be), false refuses it; absent, a match is rated when every seat is
  // an account's.
  std::optional<bool> rated = std::nullopt;
  // Played by correspondence (docs/correspondence.md); absent: live, on the game's own clock.
  std::optional<Correspondence> correspondence = std::nullopt;
};
struct JoinRoom {
  RoomRef room;
  std::optional<int> seat;  // absent: the first free seat
};
struct WatchRoom {
  RoomRef room;
};
struct AddBot {
  std::int64_t room;
  std::optional<int> seat;    // absent: the first free seat
  std::string bot = "smart";  // "random", "smart" or "strong": a level its game offers
};
struct LeaveRoom {
  std::int64_t room;
};
struct Start {
  std::int64_t room;
};
struct Act {  // the wire type is "action"
  std::int64_t match;
  Json action;  // an object; its contents are the game's to judge
};
struct Sync {
  std::int64_t match;
};
struct ListMatches {
  std::optional<std::string> game;
  std::optional<std::int64_t> player;
  std::optional<std::string> status;   // one of kMatchStatuses
  int limit = kDefaultMatchLimit;      // 1..kMaxMatchLimit
  std::optional<std::int64_t> before;  // only matches with a smaller id (paging)
};
struct GetMatch {
  std::int64_t match;
  std::optional<std::string> code;  // a private match's join code, for one not seated in it
};
struct GetReplay {
  std::int64_t match;
  std::optional<int> seat;          // absent: the spectators' view
  std::optional<std::string> code;  // a private match's join code, for one not seated in it
};
// A game's leaderboard (docs/ratings.md): a page of it, or its first `limit` entries now and again
// each time a match of the game is rated. A connection watches one board at a time.
struct GetLeaderboard {
  std::string game;
  int limit = kDefaultBoardLimit;  // 1..kMaxBoardLimit
  std::int64_t offset = 0;
};
struct WatchLeaderboard {
  std::string game;
  int limit = kDefaultBoardLimit;
};
struct UnwatchLeaderboard {};
// "My matches" (docs/protocol.md#watch_my_matches): the player's running matches, sent at once
// and again whenever they change. A connection watches its player's list or not.
struct WatchMyMatches {};
struct UnwatchMyMatches {};
struct Ping {};
struct Chat {
  std::int64_t room;
  std::string text;  // 1..kMaxChatLength code points, not only white space, no control characters
};
struct Mute {
  std::int64_t room;
  std::int64_t player;  // whose chat stops (or, muted false, starts again) reaching the sender
  bool muted = true;
};
struct SpectatorChat {  // the wire type is "spectator_chat"
  std::int64_t room;
  bool allowed;
};

// The host's controls.
struct TransferHost {
  std::int64_t room;
  std::int64_t player;  // a seated person, the new host
};
struct RemovePlayer {  // and keeps the player out of the room, until AllowPlayer
  std::int64_t room;
  std::int64_t player;
};
struct AllowPlayer {  // the wire type is "allow_player": a removed player may come back
  std::int64_t room;
  std::int64_t player;
};
struct CloseRoom {
  std::int64_t room;
  std::optional<std::string> reason;  // the host's words for everyone; at most kMaxReasonLength
};
struct Rematch {  // offers, or accepts, the same seats and options again
  std::int64_t room;
};
struct TakeVacation {  // an account's days of vacation: its correspondence clocks stand still
  int days = 1;        // 1..kMaxVacationDays; at most those left this year
};
struct GetVacation {};  // an account's vacation days: those left, and the last vacation this year
struct StandIn {        // the wire type is "stand_in": a bot plays an absent player's seat
  std::int64_t room;
  int seat;
  std::string bot = "smart";
};

using Command =
    std::variant<Hello, ListRooms, CreateRoom, JoinRoom, WatchRoom, AddBot, LeaveRoom, Start, Act,
                 Sync, ListMatches, GetMatch, GetReplay, Ping, Chat, Mute, SpectatorChat,
                 TransferHost, RemovePlayer, CloseRoom, StandIn, Rematch, WatchLobby, UnwatchLobby,
                 AllowPlayer, Register, Login, ListSessions, RevokeSession, RevokeOtherSessions,
                 ChangePassword, GetLeaderboard, WatchLeaderboard, UnwatchLeaderboard, TakeVacation,
                 GetNotifications, SetNotifications, GetVacation, WatchMyMatches, UnwatchMyMatches>;

struct Parsed {
  Json id;  // the request's "id", to echo as "re"; null when absent or unreadable
  Expected<Command> command;
};

// Never throws. On failure the error's code is bad_json, unknown_type or bad_field (or, for a chat
// line over kMaxChatLength, chat_too_long; for an action that is not an object, bad_action), and
// its message says what is wrong and names the field. Unknown extra fields are ignored; an
// optional field given as null counts as absent.
Parsed parse_command(std::string_view text);

// The "id" of a message refused without being parsed (rate limited, too large), so that its error
// can still carry it as "re". Reads at most the first `max_bytes` bytes of `text`, and only up to
// the message's first top-level "id", building nothing else. Null, like Parsed::id, unless that
// much of the text is a JSON object whose top-level "id" is a string or a number: an "id" inside
// another value is not the message's, and text past `max_bytes` is never looked at.
Json peek_id(std::string_view text, std::size_t max_bytes);

// The wire name of a command's type ("hello", "action", ...), for logs and counters.
std::string_view type_name(const Command& command);

}  // namespace tortuga::protocol
