// Refusals as values a program can branch on: the server's `error` codes (docs/protocol.md,
// "Error codes") and the few the client itself meets on its side of the wire.

// Every code the server sends today, as the protocol's schema lists them (parts/error_code.json;
// tests/schema holds the two lists together). A code not listed here came from a newer server:
// the protocol asks clients to treat it like `internal`.
export const SERVER_CODES = Object.freeze([
  'bad_json', 'unknown_type', 'bad_field', 'not_welcomed', 'bad_token', 'unknown_game',
  'bad_options', 'no_such_room', 'no_such_bot', 'no_such_match', 'room_full', 'seat_taken', 'not_in_room',
  'not_host', 'not_enough_players', 'already_started', 'not_your_seat', 'not_your_turn',
  'illegal_action', 'bad_action', 'match_over', 'rate_limited', 'message_too_large',
  'server_full', 'draining', 'elsewhere', 'internal', 'chat_too_long', 'chat_rate_limited',
  'chat_closed', 'not_playing', 'player_present', 'not_over', 'options_too_large', 'replay_busy',
  'replay_rate_limited', 'store_unavailable', 'too_many_connections', 'too_many_players',
  'too_many_rooms', 'too_many_guesses', 'banned', 'too_many_mutes', 'bad_login', 'name_taken',
  'weak_password', 'too_many_logins', 'account_disabled', 'passwords_busy', 'no_such_session',
  'already_registered', 'not_registered', 'not_rated', 'no_correspondence', 'no_such_player',
  'too_many_correspondence_matches', 'too_many_vacation_days',
  'bad_email', 'bad_webhook', 'webhook_refused', 'too_many_changes',
]);

// Codes that never come from the server: the connection dropped under a request, no reply came
// in time, the client was closed, or a patch did not apply (the protocol's own name for it).
export const CLIENT_CODES = Object.freeze(['disconnected', 'timeout', 'closed', 'bad_patch']);

// `code` is what a program branches on, and the key a translating client words the refusal by;
// `params` the values those words name (chat_too_long's {max, length}: docs/protocol.md, "Words
// for people"); `message` the server's English, for developers.
export class TortugaError extends Error {
  constructor(code, message, {re, params, retryAfterMs} = {}) {
    super(message);
    this.name = 'TortugaError';
    this.code = code;
    if (re !== undefined) this.re = re;
    if (params !== null && typeof params === 'object' && !Array.isArray(params)) {
      this.params = params;
    }
    // too_many_guesses, too_many_players, too_many_logins, too_many_changes and passwords_busy: how
    // long until the server hears the request again.
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }

  // Whether the code is one this client knows; the others are to be handled as `internal`.
  get known() {
    return SERVER_CODES.includes(this.code) || CLIENT_CODES.includes(this.code);
  }

  // An `error` message from the server, checked: a frame without a string code is itself a fault.
  static fromMessage(message) {
    const code = typeof message.code === 'string' ? message.code : 'internal';
    const text = typeof message.message === 'string' ? message.message : `server error ${code}`;
    const retryAfterMs = Number.isInteger(message.retry_after_ms) ? message.retry_after_ms
                                                                   : undefined;
    return new TortugaError(code, text, {re: message.re, params: message.params, retryAfterMs});
  }
}
