// Every error code a client may receive, in one place. Each is the `code` of an
// {"type":"error","code":...} message; docs/protocol.md tells client authors when each happens.
// The codes the rules layer returns are defined beside the rules (rules/core/error.hpp) and only
// listed here.
#pragma once

#include <string_view>

#include "rules/core/error.hpp"

namespace tortuga::code {

// The message itself.
inline constexpr const char* kBadJson = "bad_json";          // not JSON, not an object, nested too
                                                             // deep, or a key given twice
inline constexpr const char* kUnknownType = "unknown_type";  // `type` names no client message
inline constexpr const char* kBadField = "bad_field";  // a field missing, of the wrong type or out
                                                       // of range; the message names the field
inline constexpr const char* kMessageTooLarge = "message_too_large";  // over the size limit
inline constexpr const char* kRateLimited = "rate_limited";  // too many messages too quickly

// The connection and the player.
inline constexpr const char* kNotWelcomed = "not_welcomed";  // anything but hello/ping before hello
inline constexpr const char* kBadToken = "bad_token";        // hello's token resumes no player
inline constexpr const char* kServerFull = "server_full";    // no room for another connection
// The limits per address and per player (docs/security.md).
inline constexpr const char* kTooManyConnections = "too_many_connections";  // from one address
inline constexpr const char* kTooManyPlayers = "too_many_players";  // made by one address lately
inline constexpr const char* kTooManyRooms = "too_many_rooms";      // made by one player or address
inline constexpr const char* kTooManyGuesses = "too_many_guesses";  // wrong join codes: wait

// Accounts and sessions (docs/protocol.md, Accounts).
inline constexpr const char* kBadLogin = "bad_login";    // no account has that name and password
inline constexpr const char* kNameTaken = "name_taken";  // another account's name, or a look-alike
inline constexpr const char* kWeakPassword = "weak_password";  // the new password breaks the rule
inline constexpr const char* kTooManyLogins = "too_many_logins";     // wrong passwords: wait
inline constexpr const char* kAccountDisabled = "account_disabled";  // by the server's operator
inline constexpr const char* kPasswordsBusy = "passwords_busy";   // the hashing queue is full: wait
inline constexpr const char* kNoSuchSession = "no_such_session";  // not one of the player's
inline constexpr const char* kAlreadyRegistered = "already_registered";  // the player has one
inline constexpr const char* kNotRegistered = "not_registered";          // a guest has no password

// Lobby and rooms.
inline constexpr const char* kUnknownGame = "unknown_game";  // no game with that id
inline constexpr const char* kOptionsTooLarge =
    "options_too_large";                                    // create_room's options are
                                                            // over limits.max_options_bytes
inline constexpr const char* kNoSuchRoom = "no_such_room";  // no room with that id or code
inline constexpr const char* kRoomFull = "room_full";       // every seat is taken
inline constexpr const char* kSeatTaken = "seat_taken";     // that seat is someone else's
inline constexpr const char* kNotInRoom = "not_in_room";    // the player is not in that room
inline constexpr const char* kNotHost = "not_host";         // only the room's host may do that
inline constexpr const char* kNotEnoughPlayers = "not_enough_players";  // start with too few seated
inline constexpr const char* kAlreadyStarted = "already_started";  // the room's match has begun
inline constexpr const char* kDraining = "draining";  // the server takes no new rooms or matches
inline constexpr const char* kNotOver = "not_over";   // rematch before the match is over
inline constexpr const char* kNotPlaying = "not_playing";        // stand_in outside a running match
inline constexpr const char* kPlayerPresent = "player_present";  // stand_in for a player who is
                                                                 // there
inline constexpr const char* kNoSuchBot = "no_such_bot";  // add_bot or stand_in with a level of
                                                          // bot the room's game does not offer
inline constexpr const char* kBanned = "banned";  // join_room or watch_room after the host removed
                                                  // the player from that room
inline constexpr const char* kNotRated = "not_rated";  // rated asked of a room that cannot be
                                                       // (a guest's, a solo game), or a guest or a
                                                       // bot for a seat of a rated room
// Play by correspondence: create_room with correspondence, join_room of such a room or
// take_vacation from a guest, or create_room with correspondence on a server whose operator
// turned it off.
inline constexpr const char* kNoCorrespondence = "no_correspondence";
// create_room or join_room of a room by correspondence from a player with as many running
// correspondence matches as the server allows (max_matches_per_player).
inline constexpr const char* kTooManyCorrespondenceMatches = "too_many_correspondence_matches";
// take_vacation of more days than the player has left this year.
inline constexpr const char* kTooManyVacationDays = "too_many_vacation_days";

// Notifications (set_notifications).
inline constexpr const char* kBadEmail = "bad_email";  // not an address, or longer than the limit
inline constexpr const char* kBadWebhook = "bad_webhook";  // not an https URL, or too long
// a webhook whose host is a loopback, private or link-local address, which the server may not call
inline constexpr const char* kWebhookRefused = "webhook_refused";
inline constexpr const char* kTooManyChanges = "too_many_changes";  // settings changed too often

// Chat in a room.
inline constexpr const char* kChatTooLong = "chat_too_long";  // over kMaxChatLength code points
inline constexpr const char* kChatRateLimited = "chat_rate_limited";  // too many lines too quickly
inline constexpr const char* kChatClosed = "chat_closed";  // spectators may not chat in that room
inline constexpr const char* kTooManyMutes = "too_many_mutes";  // over the mutes one member may set

// Matches.
inline constexpr const char* kNoSuchMatch = "no_such_match";    // no match with that id
inline constexpr const char* kNoSuchPlayer = "no_such_player";  // no player with that id
inline constexpr const char* kNotYourSeat = "not_your_seat";    // the player holds no seat there
                                                                // (or not the one asked for)
inline constexpr const char* kReplayBusy = "replay_busy";       // the replays' queue is full: retry
inline constexpr const char* kReplayRateLimited = "replay_rate_limited";  // the address has asked
                                                                          // for too many replays

// Several nodes (docs/scaling.md): the room or match asked for lives on another node, whose URL
// the error names (event::elsewhere).
inline constexpr const char* kElsewhere = "elsewhere";

// The store (the database) cannot be reached or cannot write now: nothing was changed or stored,
// and what was asked is no verdict (a token refused so would be a good one). Try again later. A
// room whose store fails pushes it too, and waits for the store (docs/protocol.md).
inline constexpr const char* kStoreUnavailable = "store_unavailable";

// The server's own fault: a bug. The message says no more than that.
inline constexpr const char* kInternal = "internal";

}  // namespace tortuga::code

namespace tortuga::protocol {

// Every code above and every code of the rules layer: the complete list a client must handle.
inline constexpr std::string_view kAllCodes[] = {
    code::kBadJson,
    code::kUnknownType,
    code::kBadField,
    code::kNotWelcomed,
    code::kBadToken,
    code::kUnknownGame,
    code::kBadOptions,
    code::kNoSuchRoom,
    code::kNoSuchMatch,
    code::kRoomFull,
    code::kSeatTaken,
    code::kNotInRoom,
    code::kNotHost,
    code::kNotEnoughPlayers,
    code::kAlreadyStarted,
    code::kNotYourSeat,
    code::kNotYourTurn,
    code::kIllegalAction,
    code::kBadAction,
    code::kMatchOver,
    code::kRateLimited,
    code::kMessageTooLarge,
    code::kServerFull,
    code::kDraining,
    code::kInternal,
    code::kChatTooLong,
    code::kChatRateLimited,
    code::kChatClosed,
    code::kNotPlaying,
    code::kPlayerPresent,
    code::kNotOver,
    code::kElsewhere,
    code::kOptionsTooLarge,
    code::kReplayBusy,
    code::kReplayRateLimited,
    code::kStoreUnavailable,
    code::kBanned,
    code::kTooManyRooms,
    code::kTooManyMutes,
    code::kTooManyPlayers,
    code::kTooManyGuesses,
    code::kTooManyConnections,
    code::kNoSuchBot,
    code::kBadLogin,
    code::kNameTaken,
    code::kWeakPassword,
    code::kTooManyLogins,
    code::kAccountDisabled,
    code::kPasswordsBusy,
    code::kNoSuchSession,
    code::kAlreadyRegistered,
    code::kNotRegistered,
    code::kNotRated,
    code::kNoSuchPlayer,
    code::kNoCorrespondence,
    code::kTooManyCorrespondenceMatches,
    code::kTooManyVacationDays,
    code::kBadEmail,
    code::kBadWebhook,
    code::kWebhookRefused,
    code::kTooManyChanges,
};

// The close codes of the WebSocket the server ends a connection with, beyond the standard ones
// (1001 going away, 1013 try again later): each says why, its reason starting with the same word.
namespace close_code {
inline constexpr int kHelloTimeout = 4001;        // "hello_timeout": no hello in time
inline constexpr int kSlowReader = 4002;          // "slow_reader": too far behind in reading
inline constexpr int kTooManyConnections = 4003;  // "too_many_connections": from one address
inline constexpr int kSignedOut = 4004;  // "signed_out": its session revoked, or account disabled
}  // namespace close_code

}  // namespace tortuga::protocol
