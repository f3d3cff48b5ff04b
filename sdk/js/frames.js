// Reads what the server sends. A frame that is not what docs/protocol.md describes is reported
// and dropped, never thrown: a bad frame must not take the connection down with it.

import {isPlainObject} from './validate.js';

const isId = (value) => Number.isSafeInteger(value) && value >= 1;
const isVersion = (value) => Number.isSafeInteger(value) && value >= 0;

// What each message type must hold for the client to act on it; types not listed (and fields
// not named) are taken as they come, as the protocol's forward compatibility asks.
const SHAPES = {
  welcome: (m) => isPlainObject(m.player) && isId(m.player.id) && typeof m.token === 'string' &&
                  Array.isArray(m.games),
  state: (m) => isId(m.match) && isVersion(m.version) && isPlainObject(m.view),
  patch: (m) => isId(m.match) && isVersion(m.version) && Array.isArray(m.ops) &&
                m.ops.every(isPlainObject),
  applied: (m) => isId(m.match) && isVersion(m.version),
  room: (m) => isPlainObject(m.room) && isId(m.room.id) && Array.isArray(m.room.seats),
  rooms: (m) => Array.isArray(m.rooms),
  matches: (m) => Array.isArray(m.matches),
  match: (m) => isPlainObject(m.match),
  replay: (m) => Array.isArray(m.steps),
  left: (m) => isId(m.room),
  room_closed: (m) => isId(m.room),
  removed: (m) => isId(m.room),
  error: (m) => typeof m.code === 'string',
};

// {message} for a frame to act on, {problem, message?} for one to drop (`message` when it could
// at least be read, so that a broken state or patch can still name its match).
export function readFrame(data) {
  if (typeof data !== 'string') return {problem: 'a binary frame'};
  let message;
  try {
    message = JSON.parse(data);
  } catch (_) {
    return {problem: 'a frame that is not JSON'};
  }
  if (!isPlainObject(message)) return {problem: 'a frame that is not a JSON object'};
  if (typeof message.type !== 'string') return {problem: 'a message without a string "type"'};
  const shape = SHAPES[message.type];
  if (shape && !shape(message)) {
    return {problem: `a "${message.type}" message that does not fit the protocol`, message};
  }
  return {message};
}
