// The catalogs are whole: every language has every key English has and no other, with its
// plural forms and only the parameters English gives; every key the code looks up by name is in
// English and every key of English is looked up (scripts/check_catalogs.mjs); every error code
// the protocol's schema lists has its sentence in every language, naming only the values the
// schema says that code always carries (its `params`), and the SDK's own codes theirs; and every
// game's texts in a real server's `welcome` (its name, its options' titles, help and standards,
// the titles of their parts, their values) come with the keys of their words, which every
// language has and English words as the server's English does, with no words left for options
// no game has.
//
// The server's keys are read from what the server and its schema say, not from a list kept
// here: a code, an option or a result added there fails this test until the catalogs word it.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import WebSocket from 'ws';
import {startServer} from './harness.mjs';
import {catalogs} from './catalogs.mjs';
import {findings} from '../../scripts/check_catalogs.mjs';
import {CLIENT_CODES} from '../../sdk/js/errors.js';
import {flatten} from '../../web/js/i18n.js';

test('every catalog has every key of English, and English every key the code looks up', () => {
  assert.deepEqual(findings(), []);
});

const schemaDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'protocol', 'schema');
const schemaFile = (path) => JSON.parse(readFileSync(join(schemaDir, `${path}.json`), 'utf8'));
const schemaPart = (name) => schemaFile(`parts/${name}`);
const placeholders = (text) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

// A key's texts in one catalog: the key itself, or its plural forms.
function textsOf(catalog, key) {
  const flat = flatten(catalog);
  if (flat.has(key)) return [flat.get(key)];
  return [...flat].filter(([name]) => name.replace(/_(zero|one|two|few|many|other)$/, '') === key)
      .map(([, text]) => text);
}

test('every error code of the protocol and of the SDK has its sentence, and no other code', () => {
  const serverCodes = schemaPart('error_code').enum;
  const params = schemaPart('error_params').properties;
  assert.ok(serverCodes.includes('chat_too_long') && params.chat_too_long, 'the schema is read');
  for (const code of Object.keys(params)) assert.ok(serverCodes.includes(code), code);
  for (const [language, catalog] of Object.entries(catalogs())) {
    assert.deepEqual(Object.keys(catalog.errors).sort(),
                     [...serverCodes, ...CLIENT_CODES, 'unknown'].sort(), language);
    for (const code of serverCodes) {
      // A value the sentence names must come with every error of that code.
      const given = new Set(params[code]?.required ?? []);
      for (const text of textsOf(catalog, `errors.${code}`)) {
        for (const name of placeholders(text)) {
          assert.ok(given.has(name), `${language}: errors.${code} names {{${name}}}, which ` +
                                     `the server does not always send`);
        }
      }
    }
  }
});

test('the server\'s own reasons for closing a room or removing a player are in every catalog',
     () => {
  const keys = new Set(['room_closed', 'removed'].flatMap(
      (type) => schemaFile(`server/${type}`).properties.reason_key.enum));
  assert.ok(keys.has('room.reason.none'), 'the schema is read');
  for (const [language, catalog] of Object.entries(catalogs())) {
    const flat = flatten(catalog);
    for (const key of keys) assert.ok(flat.has(key), `${language}: no words for ${key}`);
    for (const key of flat.keys()) {
      if (key.startsWith('room.reason.')) assert.ok(keys.has(key), `${language}: ${key} unsent`);
    }
  }
});

async function welcome(url) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}ws`);
  try {
    return await new Promise((resolve, reject) => {
      ws.on('open', () => ws.send(JSON.stringify({type: 'hello', id: 1, name: 'Catalogue'})));
      ws.on('message', (data) => {
        const message = JSON.parse(data);
        if (message.type === 'welcome') resolve(message);
      });
      ws.on('error', reject);
    });
  } finally {
    ws.close();
  }
}

// Every text `welcome` says of a game, with the key it gives for its words: {key, english, where}
// (english null for a choice's value, which has no English text but its id).
function texts(game) {
  const found = [{key: game.name_key, english: game.name, where: 'name'}];
  const part = (spec, where, top) => {
    found.push({key: spec.title_key, english: spec.title, where: `${where} title`});
    if (top) found.push({key: spec.description_key, english: spec.description, where});
    if (spec.if_null !== undefined) {
      found.push({key: spec.if_null_key, english: spec.if_null, where: `${where} if null`});
    }
    (spec.values || []).forEach((value, i) => {
      if (typeof value === 'string') {
        found.push({key: spec.value_keys?.[i], english: null, where: `${where} value ${value}`});
      }
    });
    if (spec.items) part(spec.items, `${where}.item`, false);
    for (const [name, field] of Object.entries(spec.fields || {})) {
      part(field, `${where}.${name}`, false);
    }
  };
  for (const [name, spec] of Object.entries(game.options)) part(spec, name, true);
  return found;
}

// The catalog families the server's keys for games and options are in (SERVER_KEYS less the
// results and the rooms' reasons, which other tests hold).
const OPTION_WORDS = [/^games\.[\w-]+\.(name|options\..+|fields\.\w+|values\.\w+)$/,
                      /^options\.(players\.(title|help)|common\.value)$/];

test('every text of every game in welcome has its key, worded by every catalog, for players',
     async () => {
  const server = await startServer();
  try {
    const {games} = await welcome(server.url);
    assert.ok(games.length >= 5);
    const all = catalogs();
    const sent = new Set();
    for (const game of games) {
      for (const {key, english, where} of texts(game)) {
        const at = `${game.id}: ${where}`;
        assert.equal(typeof key, 'string', `${at}: a key beside the English`);
        sent.add(key);
        for (const [language, catalog] of Object.entries(all)) {
          assert.ok(textsOf(catalog, key).length, `${language}: ${at}: no words at ${key}`);
        }
        // The keyed words say what the English says: an option's help is the same for a
        // client that does not translate, and it is written for players.
        if (english !== null) {
          assert.deepEqual(textsOf(all.en, key), [english], `en: ${at}: ${key}`);
        }
      }
    }
    // Nothing is worded for a game's name, option, part or value that no game sends.
    for (const key of flatten(all.en).keys()) {
      if (OPTION_WORDS.some((family) => family.test(key))) {
        assert.ok(sent.has(key), `words no game's options name: ${key}`);
      }
    }
  } finally {
    await server.stop();
  }
});
