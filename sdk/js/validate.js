// Checks what the client is about to send against docs/protocol.md, so that a mistake is
// refused at once, named like the server would name it, and never costs a round trip (nor a
// rate-limit token). Each check throws a TortugaError; the caller turns it into a rejection.

import {TortugaError} from './errors.js';

// Every level of bot a game may offer; the server refuses one the room's game does not
// (no_such_bot; welcome's games list each game's `bots`).
const BOT_KINDS = ['random', 'smart', 'strong'];
const MATCH_STATUSES = ['running', 'finished', 'aborted'];
// What the server takes in names, chat lines and a host's reasons (docs/protocol.md, "Names that
// show what they say"), by Unicode's properties: no control, format, separator, private-use or
// unassigned character nor a default-ignorable one, but for one variation selector right after a
// character that shows (an emoji in colour); and at least one character that shows (not white
// space, a mark, U+2800 BRAILLE PATTERN BLANK nor any of those). protocol/schema/parts/name.json
// writes the same rule as a pattern. The server, with its own Unicode tables, has the last word on
// characters a newer Unicode has assigned.
const HIDDEN = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Co}\\p{Cn}\\p{Default_Ignorable_Code_Point}';
const SHOWN = `[^\\p{White_Space}\\p{M}${HIDDEN}\\u2800]`;
const UNSHOWN = `(?![${HIDDEN}])[\\p{White_Space}\\p{M}\\u2800]`;
const HIDES_NOTHING = new RegExp(`^(?:${SHOWN}\\p{Variation_Selector}?|${UNSHOWN})*$`, 'u');
const SHOWS_SOMETHING = new RegExp(SHOWN, 'u');
// Unicode's White_Space, which the server trims from a name's ends (line breaks there too).
const ENDS = /^\p{White_Space}+|\p{White_Space}+$/gu;
const INVISIBLE = 'must not hold control, format, invisible, private-use or unassigned characters';
const NAME_MAX = 32;
const CHAT_MAX = 500;
const REASON_MAX = 200;

function refuse(field, rule) {
  throw new TortugaError('bad_field', `field "${field}" ${rule}`);
}

// Text another player sees shows what it says.
function visible(field, value) {
  if (!HIDES_NOTHING.test(value)) refuse(field, INVISIBLE);
  if (!SHOWS_SOMETHING.test(value)) refuse(field, 'must show at least one visible character');
}

export function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// As the server reads a name: trimmed of white space at both ends, then 1 to 32 characters
// (code points), shown as they are. The name is sent as given; the server trims it.
export function name(value) {
  if (typeof value !== 'string') refuse('name', 'must be a string');
  const trimmed = value.replace(ENDS, '');
  const length = [...trimmed].length;
  if (length < 1 || length > NAME_MAX) {
    refuse('name', `must have 1 to ${NAME_MAX} characters once trimmed, not ${length}`);
  }
  visible('name', trimmed);
  return value;
}

// A chat line is kept as typed: nothing trimmed, but it must show something and hide nothing.
export function chatText(value) {
  if (typeof value !== 'string') refuse('text', 'must be a string');
  visible('text', value);
  const length = [...value].length;
  if (length > CHAT_MAX) {
    throw new TortugaError('chat_too_long',
                           `field "text" must have at most ${CHAT_MAX} characters, not ${length}`,
                           {params: {max: CHAT_MAX, length}});
  }
  return value;
}

// The host's words on closing a room: 1 to 200 characters, shown as they are.
export function reason(field, value) {
  text(field, value, 1, REASON_MAX);
  visible(field, value);
  return value;
}

export function integer(field, value, min, max = Number.MAX_SAFE_INTEGER) {
  if (!Number.isSafeInteger(value)) refuse(field, 'must be an integer');
  if (value < min) refuse(field, `must be at least ${min}`);
  if (value > max) refuse(field, `must be at most ${max}`);
  return value;
}

export function optional(check, field, value, ...rest) {
  return value === undefined || value === null ? undefined : check(field, value, ...rest);
}

export function string(field, value) {
  if (typeof value !== 'string' || value === '') refuse(field, 'must be a non-empty string');
  return value;
}

// A password as the server takes it: 1 to 128 characters (code points), kept as given.
export function password(field, value) {
  if (typeof value !== 'string' || value === '' || [...value].length > 128) {
    refuse(field, 'must be a string of 1 to 128 characters');
  }
  return value;
}

export function oneOf(field, value, values) {
  if (!values.includes(value)) refuse(field, `must be one of ${values.join(', ')}`);
  return value;
}

export function boolean(field, value) {
  if (typeof value !== 'boolean') refuse(field, 'must be true or false');
  return value;
}

export function object(field, value) {
  if (!isPlainObject(value)) refuse(field, 'must be an object');
  return value;
}

// A room is named by its id or, for a private room, by its join code.
export function room(value) {
  if (typeof value === 'string') return string('room', value);
  return integer('room', value, 1);
}

// add_bot, leave_room and start name a room by its id only.
export const roomId = (value) => integer('room', value, 1);
export const match = (value) => integer('match', value, 1);
export const seat = (value) => optional(integer, 'seat', value, 0);
export const player = (value) => integer('player', value, 1);
export const bot = (value) => optional(oneOf, 'bot', value, BOT_KINDS);

export function matchFilter({game, player, status, limit, before} = {}) {
  return {
    game: optional(string, 'game', game),
    player: optional(integer, 'player', player, 1),
    status: optional(oneOf, 'status', status, MATCH_STATUSES),
    limit: optional(integer, 'limit', limit, 1, 200),
    before: optional(integer, 'before', before, 1),
  };
}

// A string of `min` to `max` characters, counted as the server counts them (code points).
export function text(field, value, min, max) {
  if (typeof value !== 'string') refuse(field, 'must be a string');
  const length = [...value].length;
  if (length < min || length > max) refuse(field, `must have ${min} to ${max} characters`);
  return value;
}

// An action is the game's business, but its envelope is the protocol's: an object with a
// string `type`, and something JSON can carry (no cycles, no BigInt, no undefined in arrays).
export function action(value) {
  if (!isPlainObject(value)) {
    throw new TortugaError('bad_action', 'an action must be a JSON object');
  }
  if (!('type' in value)) throw new TortugaError('bad_action', 'missing "type"');
  if (typeof value.type !== 'string') {
    throw new TortugaError('bad_action', '"type" must be a string');
  }
  return value;
}

// The frame as text; whatever JSON cannot write is the caller's mistake, not a crash.
export function serialize(message) {
  try {
    return JSON.stringify(message);
  } catch (error) {
    throw new TortugaError('bad_field', `the message cannot be written as JSON: ${error.message}`);
  }
}
