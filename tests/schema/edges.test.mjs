// The schema refuses exactly the client messages that the server refuses for their form, at the
// edges of every bound the server's parser keeps: a name's length once trimmed and the characters
// it may hold, a chat line's and a host's reason's, the ranges of ids, seats and counts, integers
// past 64 bits, and an action that is not an object. The SDK's own checks (sdk/js/validate.js)
// give the same verdict on names and texts. So a client that validates what it sends against the
// schema, or is written with the SDK, never sends what the server refuses nor holds back what it
// takes. The server is a real one, answering over a socket; where JSON Schema cannot say what the
// server does (an integer written 54.0), the schema's description says so, and this test holds
// the server to that description.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import WebSocket from 'ws';
import {startServer} from '../web/harness.mjs';
import {FrameChecker, fetchSchema} from './frame_checker.mjs';
import * as sdk from '../../sdk/js/validate.js';

// The codes with which the server refuses a message for its form; anything else (a welcome, or
// no_such_room for a room nobody made) means the form was taken.
const FORM = new Set(['bad_field', 'bad_json', 'bad_action', 'chat_too_long', 'unknown_type']);

// A welcomed connection that sends each case with an id and resolves with the reply to it.
async function connect(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const waiting = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    const resolve = waiting.get(message.re);
    if (resolve) {
      waiting.delete(message.re);
      resolve(message);
    }
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let next = 0;
  const ask = (text) => {
    const id = `e${++next}`;
    const reply = new Promise((resolve) => waiting.set(id, resolve));
    ws.send(text.replace(/^\{/, `{"id":"${id}",`));
    return reply;
  };
  const welcome = await ask(JSON.stringify({type: 'hello', name: 'Edge Tester'}));
  assert.equal(welcome.type, 'welcome');
  return {ask, token: welcome.token, close: () => ws.close()};
}

const accepts = (check) => {
  try {
    check();
    return true;
  } catch (_) {
    return false;
  }
};

// Characters at and beside the edges of the sets the server trims and refuses (white space,
// control and formatting characters), and a few it takes that look close to them.
const EDGE_CHARACTERS = [
  0x00, 0x08, 0x09, 0x0a, 0x0d, 0x1f, 0x20, 0x21, 0x7e, 0x7f, 0x84, 0x85, 0x9f, 0xa0, 0xa1, 0xad,
  0x061b, 0x061c, 0x061d, 0x1680, 0x1fff, 0x2000, 0x200a, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f,
  0x2010, 0x2027, 0x2028, 0x2029, 0x202a, 0x202e, 0x202f, 0x2030, 0x205f, 0x2060, 0x2065, 0x2066,
  0x2069, 0x206a, 0x3000, 0x3001, 0xfefe, 0xfeff, 0xff00, 0x1f3f4, 0xe0067,
].map((c) => String.fromCodePoint(c));

const hex = (text) => [...text].map((c) => {
  const p = c.codePointAt(0);
  return p > 0x7e || p < 0x20 ? `\\u{${p.toString(16)}}` : c;
}).join('');

function names() {
  const out = ['Anne Bonny', '', ' ', '\t\n', 'a'.repeat(32), 'a'.repeat(33), 'é'.repeat(32),
               'é'.repeat(33), '🏴'.repeat(32), '🏴'.repeat(33), ` ${'a'.repeat(32)} `,
               `\n${'a'.repeat(32)}\t`, `\u3000${'a'.repeat(32)}\u2028`, `a${' '.repeat(30)}a`,
               `a${' '.repeat(31)}a`, `${'\u3000'.repeat(40)}x`, 'Anne\nBonny', 'Anne\u200fBonny',
               '\u202eynnoB'];
  for (const c of EDGE_CHARACTERS) out.push(c, `${c}Anne`, `An${c}ne`, `Anne${c}`);
  return out;
}

function chatLines() {
  const out = ['Fair winds', '', ' ', ' x ', '\u00a0', '\u200d', 'a'.repeat(500), 'a'.repeat(501),
               '😀'.repeat(500), '😀'.repeat(501), `${' '.repeat(499)}x`, 'hi\n'];
  for (const c of EDGE_CHARACTERS) out.push(c, `a${c}b`);
  return out;
}

function reasons() {
  const out = ['time for bed', '', ' ', 'a'.repeat(200), 'a'.repeat(201), '😀'.repeat(200),
               '😀'.repeat(201)];
  for (const c of EDGE_CHARACTERS) out.push(`a${c}b`);
  return out;
}

// Integers as written in the text of a message, each tried in every integer field.
const INTEGERS = ['0', '1', '-1', '54', '54.5', '"54"', 'true', 'null', '200', '201', '3600',
                  '3601', '2147483647', '2147483648', '9007199254740993', '9223372036854775807',
                  '18446744073709551616', '1e19', '99999999999999999999999',
                  '-9223372036854775809'];
// What JSON Schema cannot refuse: an integer written with a fraction or an exponent is a number
// with no fraction, so an integer to the schema; the server reads only plain integers.
const WRITTEN_AS_FRACTION = ['54.0', '5.4e1', '1e0', '1.0'];

// Each integer field, in a message the server answers with something other than a form
// refusal once the field is taken (no room, no match, no game, not in the room, a list).
const INTEGER_FIELDS = [
  (v) => `{"type":"join_room","room":${v}}`,
  (v) => `{"type":"watch_room","room":${v}}`,
  (v) => `{"type":"join_room","room":"NOSUCH","seat":${v}}`,
  (v) => `{"type":"sync","match":${v}}`,
  (v) => `{"type":"get_match","match":${v}}`,
  (v) => `{"type":"get_replay","match":999999,"seat":${v}}`,
  (v) => `{"type":"list_matches","player":${v}}`,
  (v) => `{"type":"list_matches","before":${v}}`,
  (v) => `{"type":"list_matches","limit":${v}}`,
  (v) => `{"type":"add_bot","room":${v}}`,
  (v) => `{"type":"add_bot","room":999999,"seat":${v}}`,
  (v) => `{"type":"stand_in","room":999999,"seat":${v}}`,
  (v) => `{"type":"mute","room":999999,"player":${v}}`,
  (v) => `{"type":"leave_room","room":${v}}`,
  (v) => `{"type":"create_room","game":"no-such-game","absent_bot_s":${v}}`,
];

test('the schema, the SDK and the server take and refuse the same client messages', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-edges-'));
  const config = join(dir, 'limits.json');
  writeFileSync(config, JSON.stringify({limits: {messages_per_second: 100000,
                                                 message_burst: 100000}}));
  const server = await startServer({dir, args: ['--config', config]});
  const client = await connect(server.port);
  try {
    const checker = new FrameChecker(await fetchSchema(server.url));
    const differences = [];
    const held = [];
    // `sdk`: the SDK's check of the same value, where it has one.
    const compare = async (label, text, sdkCheck) => {
      const reply = await client.ask(text);
      const taken = !(reply.type === 'error' && FORM.has(reply.code));
      const schema = checker.messageProblem('client', JSON.parse(text));
      const verdicts = {server: taken, schema: schema === null};
      if (sdkCheck) verdicts.sdk = accepts(sdkCheck);
      held.push(label);
      if (Object.values(verdicts).some((v) => v !== taken)) {
        differences.push(`${label}: ${JSON.stringify(verdicts)} (server: ` +
                         `${reply.code ?? reply.type}${schema ? `; schema: ${schema}` : ''})`);
      }
      return reply;
    };

    for (const name of names()) {
      await compare(`name "${hex(name)}"`,
                    JSON.stringify({type: 'hello', name, token: client.token}),
                    () => sdk.name(name));
    }
    for (const token of ['', 'no-such-token']) {
      await compare(`token "${token}"`, JSON.stringify({type: 'hello', name: 'Anne', token}));
    }
    for (const text of chatLines()) {
      await compare(`chat "${hex(text).slice(0, 40)}" (${[...text].length})`,
                    JSON.stringify({type: 'chat', room: 999999, text}), () => sdk.chatText(text));
    }
    for (const reason of reasons()) {
      await compare(`reason "${hex(reason).slice(0, 40)}" (${[...reason].length})`,
                    JSON.stringify({type: 'close_room', room: 999999, reason}),
                    () => sdk.reason('reason', reason));
    }
    for (const field of INTEGER_FIELDS) {
      for (const value of INTEGERS) await compare(field(value), field(value));
    }

    // An action that is not an object is refused as every malformed action is, in the same words
    // in every game; the schema refuses it too.
    for (const action of ['5', 'null', '"pass"', '[{"type":"pass"}]']) {
      const text = `{"type":"action","match":999999,"action":${action}}`;
      const reply = await compare(text, text, () => sdk.action(JSON.parse(action)));
      assert.equal(reply.code, 'bad_action', text);
      assert.equal(reply.message, 'an action must be a JSON object');
      assert.throws(() => sdk.action(JSON.parse(action)),
                    {code: 'bad_action', message: 'an action must be a JSON object'});
    }
    await compare('an action object', '{"type":"action","match":999999,"action":{"type":"pass"}}');

    assert.deepEqual(differences, [], `${differences.length} of ${held.length} cases differ`);
    assert.ok(held.length > 600, `${held.length} cases`);

    // What the schema cannot say, its descriptions say, and the server does as they say.
    const rooms = checker.ajv.getSchema('tortuga#/$defs/parts.room_id').schema;
    assert.match(rooms.description, /54\.0/);
    for (const value of WRITTEN_AS_FRACTION) {
      const text = `{"type":"sync","match":${value}}`;
      assert.equal(checker.messageProblem('client', JSON.parse(text)), null, text);
      const reply = await client.ask(text);
      assert.equal(reply.code, 'bad_field', text);
      assert.match(reply.message, /"match" must be an integer written without a fraction/);
    }
    // 2^63 is read as a double here, which cannot tell it from 2^63 - 1, the largest id.
    assert.match(rooms.description, /2\^63/);
    const past = '{"type":"sync","match":9223372036854775808}';
    assert.equal(checker.messageProblem('client', JSON.parse(past)), null);
    assert.equal((await client.ask(past)).code, 'bad_field');
  } finally {
    client.close();
    await server.stop();
  }
});
