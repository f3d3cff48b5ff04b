// The frame checker catches what the schema does not describe, and the schema names every
// message and error code docs/protocol.md names: without these, the frame checks of the other
// suites could pass by checking nothing.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, writeFileSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {FrameChecker, readSchema} from './frame_checker.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const schemaPath = process.env.TORTUGA_SCHEMA || join(root, 'build', 'protocol', 'tortuga.schema.json');
const schema = readSchema(schemaPath);

const room = {id: 3, game: 'raft-and-scupper', options: {players: 2}, private: false, host: 4,
              status: 'playing', match: 12, spectators: 0, spectator_chat: false,
              absent_bot_s: 30, public_when_over: false, rated: false, rematch: null,
              seats: [{seat: 0, name: 'Anne', player: {id: 4, name: 'Anne'}, bot: null,
                       connected: true, away_since_ms: null, stand_in: null,
                       stand_in_after_ms: null}]};
const view = {game: 'raft-and-scupper', phase: 'playing', short_game: true, turn_clock_s: 0,
              layout: [], board: {}, area: {}, ships: [], pirates: [], crews: {}, seats: [],
              connected: [], turn: 'yellowbeards', sunk: [], last_action: null, last_scupper: null,
              seat: 0, to_act: [0], legal: [{type: 'pass'}, {type: 'jump', pirate: 1, to: [2, 3]}],
              over: false, result: null, deadline: null, step: 0};

// A conversation in which the client is in room 3, whose match 12 is Raft & Scupper.
function inMatch() {
  const c = new FrameChecker(schema).conversation('anne');
  assert.equal(c.received(JSON.stringify({type: 'room', room, you: {seat: 0, spectator: false}})),
               null);
  return c;
}
const text = (message) => JSON.stringify(message);

test('frames as the protocol describes them fit', () => {
  const c = inMatch();
  c.sent(text({type: 'sync', id: 1, match: 12}));
  assert.equal(c.received(text({type: 'state', re: 1, match: 12, version: 0, view})), null);
  c.sent(text({type: 'action', id: 2, match: 12, action: {type: 'jump', pirate: 1, to: [2, 3]}}));
  assert.equal(c.received(text({type: 'patch', re: 2, match: 12, version: 1,
                                ops: [{op: 'replace', path: '/step', value: 1}]})), null);
  assert.deepEqual(c.finish(), []);
});

test('a received frame with a field its message does not have is reported', () => {
  const c = inMatch();
  const problem = c.received(text({type: 'pong', re: 1, latency: 3}));
  assert.match(problem, /server\.pong/);
  assert.match(problem, /latency/);
});

test('a received frame of a type the schema does not know is reported', () => {
  assert.match(inMatch().received(text({type: 'welcome_back'})), /server_message/);
});

test('a room without one of its fields is reported', () => {
  const {spectators, ...without} = room;
  const problem = inMatch().received(text({type: 'room', room: without,
                                           you: {seat: 0, spectator: false}}));
  assert.match(problem, /spectators/);
});

test('a listed room has the listing\'s fields, its seats no stand_in_after_ms, its options a summary',
     () => {
  const c = inMatch();
  const seats = room.seats.map(({stand_in_after_ms, ...seat}) => seat);
  const listed = {...room, seats, created_ms: 1795249339956, host_online: true,
                  custom_options: []};
  assert.equal(c.received(text({type: 'rooms', re: 5, rooms: [listed], now_ms: 1795249641230})),
               null);
  assert.match(c.received(text({type: 'rooms_changed', rooms: [{...listed, seats: room.seats}],
                                gone: [], now_ms: 1795249641230})),
               /stand_in_after_ms/);
  const {created_ms, ...unmade} = listed;
  assert.match(c.received(text({type: 'rooms', rooms: [unmade], now_ms: 1795249641230})),
               /created_ms/);
  // An option set by hand is named, not carried: a listing carrying a layout does not fit.
  const carried = {...listed, options: {players: 2, layout: [[0, 0], [1, 0]]}};
  assert.match(c.received(text({type: 'rooms', rooms: [carried], now_ms: 1795249641230})),
               /options\/layout/);
  const {custom_options: _, ...unnamed} = listed;
  assert.match(c.received(text({type: 'rooms', rooms: [unnamed], now_ms: 1795249641230})),
               /custom_options/);
  // A room's own message is not a listing.
  assert.match(c.received(text({type: 'room', room: {...room, host_online: true},
                                you: {seat: 0, spectator: false}})),
               /host_online boolean schema is false/);
});

test('an option is described in words, and a list or object option by its shape', () => {
  const checker = new FrameChecker(schema);
  const face = {type: 'enum', title: 'Face', title_key: 'games.g.options.die.item.title',
                values: [1, 2, 3]};
  const die = {type: 'array', default: null, title: 'Fog of War die',
               title_key: 'games.g.options.die.title', if_null: 'faces 1 to 3',
               if_null_key: 'games.g.options.die.if_null',
               standard: [1, 1, 2, 2, 3, 3], items: face, min_length: 6, max_length: 6,
               description: 'The die.', description_key: 'games.g.options.die.help'};
  assert.equal(checker.problem('parts.option', die), null);
  const {title, ...untitled} = die;
  assert.match(checker.problem('parts.option', untitled), /title/);
  // Each text has the key of its words beside it.
  for (const key of ['title_key', 'description_key', 'if_null_key']) {
    const {[key]: _, ...unkeyed} = die;
    assert.match(checker.problem('parts.option', unkeyed), new RegExp(key), key);
  }
  const {title_key: __, ...unkeyedFace} = face;
  assert.match(checker.problem('parts.option', {...die, items: unkeyedFace}), /title_key/);
  const {standard, ...unstarted} = die;
  assert.match(checker.problem('parts.option', unstarted), /standard|start/);
  assert.match(checker.problem('parts.option', {...die, items: {type: 'enum', values: [1]}}),
               /title/);
  const tile = {type: 'integer', title: 'Tile', title_key: 'games.g.fields.tile', min: 1, max: 9};
  const position = {type: 'object', title: 'Position', title_key: 'games.g.options.die.item.title',
                    fields: {tile},
                    order: ['tile']};
  assert.equal(checker.problem('parts.option', {...die, items: position}), null);
  const {order, ...unordered} = position;
  assert.match(checker.problem('parts.option', {...die, items: unordered}), /order/);
  assert.match(checker.problem('parts.option', {...die, items: {...position, min: 1}}),
               /min/);
});

test('a view with a top-level field its game does not have is reported', () => {
  const problem = inMatch().received(text({type: 'state', match: 12, version: 0,
                                           view: {...view, secret_hand: [1, 2]}}));
  assert.match(problem, /games\.raft-and-scupper\.view/);
});

test('a legal action of a shape its game does not have is reported', () => {
  const problem = inMatch().received(text({type: 'state', match: 12, version: 0,
                                           view: {...view, legal: [{type: 'jump', pirate: 1}]}}));
  assert.match(problem, /games\.raft-and-scupper/);
});

test('a patch that gives the view a field its game does not have is reported', () => {
  const c = inMatch();
  assert.equal(c.received(text({type: 'state', match: 12, version: 0, view})), null);
  const problem = c.received(text({type: 'patch', match: 12, version: 1,
                                   ops: [{op: 'add', path: '/ghost', value: 1}]}));
  assert.match(problem, /ghost/);
});

test('a sent frame that fits no schema is reported unless the server refused it for its form', () => {
  const refused = inMatch();
  refused.sent(text({type: 'join_room', id: 7, room: true}));
  refused.received(text({type: 'error', re: 7, code: 'bad_field', message: 'field "room" ...'}));
  assert.deepEqual(refused.finish(), []);

  const accepted = inMatch();
  accepted.sent(text({type: 'join_room', id: 7, room: 3, sit: 1}));
  accepted.received(text({type: 'room', re: 7, room, you: {seat: 0, spectator: false}}));
  const problems = accepted.finish();
  assert.equal(problems.length, 1);
  assert.match(problems[0], /client\.join_room/);
  assert.match(problems[0], /sit/);

  const action = inMatch();
  action.sent(text({type: 'action', id: 8, match: 12, action: {type: 'jump', pirate: 1, to: 4}}));
  assert.match(action.finish()[0], /games\.raft-and-scupper\.action/);
});

test('a sent frame the schema takes but the server does not know is reported', () => {
  const c = inMatch();
  c.sent(text({type: 'ping', id: 9}));
  c.received(text({type: 'error', re: 9, code: 'unknown_type', message: 'no'}));
  assert.match(c.finish()[0], /fits the schema but the server refused it/);
});

test('check_frames.mjs fails on a recorded frame the schema does not describe, naming it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-frames-'));
  try {
    const lines = (frames) => [JSON.stringify({client: 'anne', test: 'a test'}),
                               ...frames.map((f) => JSON.stringify(f))].join('\n') + '\n';
    writeFileSync(join(dir, '1-1.jsonl'), lines([
      {dir: 'sent', raw: false, frame: text({type: 'ping', id: 1})},
      {dir: 'received', raw: false, frame: text({type: 'pong', re: 1})},
      {dir: 'sent', raw: true, frame: '{"type": '},
      {dir: 'received', raw: false, frame: text({type: 'error', code: 'bad_json', message: 'x'})},
    ]));
    const run = () => spawnSync(process.execPath, [join(here, 'check_frames.mjs'), schemaPath, dir],
                                {encoding: 'utf8'});
    const good = run();
    assert.equal(good.status, 0, good.stderr);
    writeFileSync(join(dir, '1-2.jsonl'), lines([
      {dir: 'received', raw: false, frame: text({type: 'pong', re: 1, extra: true})},
    ]));
    const bad = run();
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /\[a test\] anne/);
    assert.match(bad.stderr, /"extra":true/);
    assert.match(bad.stderr, /server\.pong/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

// docs/protocol.md and the schema name the same messages and codes.
test('the schema has a message for every one docs/protocol.md describes, and every error code', () => {
  const doc = readFileSync(join(root, 'docs', 'protocol.md'), 'utf8');
  const section = (from, to) => doc.slice(doc.indexOf(`\n## ${from}\n`), doc.indexOf(`\n## ${to}\n`));
  const names = (prefix) => Object.keys(schema.$defs).filter((n) => n.startsWith(prefix))
                                .map((n) => n.slice(prefix.length)).sort();
  const headings = (part) => [...part.matchAll(/^### (\w+)$/gm)].map((m) => m[1]);
  const clients = section('Client messages', 'Server messages');
  assert.deepEqual([...new Set(headings(clients))].sort(), names('client.'));
  const replies = [...clients.matchAll(/Reply (?:\[)?`(\w+)`/g)].map((m) => m[1]);
  const pushed = headings(section('Server messages', 'The view'));
  assert.deepEqual([...new Set([...replies, ...pushed])].sort(), names('server.'));
  const codes = [...section('Error codes', 'Limits').matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1])
                    .filter((c) => c !== 'bad_patch');
  assert.deepEqual(codes.sort(), [...schema.$defs['parts.error_code'].enum].sort());
});
