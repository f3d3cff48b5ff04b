// The catalogs are whole: every language has every key English has and no other, with its
// plural forms and only the parameters English gives; every key the code looks up by name is in
// English and every key of English is looked up (scripts/check_catalogs.mjs); every error code
// of the protocol and of the SDK has its sentence; and every game's options, as a real server's
// `welcome` describes them, are named, explained and valued from the catalogs of every language
// (the schema's English titles and its descriptions for client authors never reach a person),
// with no words left for options no game has.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import {startServer} from './harness.mjs';
import {catalogs, useCatalogs} from './catalogs.mjs';
import {findings} from '../../scripts/check_catalogs.mjs';
import {SERVER_CODES, CLIENT_CODES} from '../../sdk/js/errors.js';
import {catalogTitle} from '../../web/js/options_form.js';
import {has, maybe, setLanguage} from '../../web/js/i18n.js';

test('every catalog has every key of English, and English every key the code looks up', () => {
  assert.deepEqual(findings(), []);
});

test('every error code of the protocol and of the SDK has its sentence, and no other code', () => {
  for (const [language, catalog] of Object.entries(catalogs())) {
    assert.deepEqual(Object.keys(catalog.errors).sort(),
                     [...SERVER_CODES, ...CLIENT_CODES, 'unknown'].sort(), language);
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

// Every part of an option's shape: [path of names ("item" for a list's items), shape].
function shapes(name, spec, path = [name]) {
  const found = [[path, spec]];
  if (spec.items) found.push(...shapes('item', spec.items, [...path, 'item']));
  for (const [field, shape] of Object.entries(spec.fields || {})) {
    found.push(...shapes(field, shape, [...path, field]));
  }
  return found;
}

test('every game\'s options are worded by the catalogs, for players, in every language',
     async () => {
  const server = await startServer();
  try {
    const {games} = await welcome(server.url);
    assert.ok(games.length >= 5);
    const problems = useCatalogs('en');
    for (const language of Object.keys(catalogs())) {
      setLanguage(language);
      for (const game of games) {
        const at = `${language}: ${game.id}`;
        assert.ok(has(`games.${game.id}.name`), `${at}: the game's name`);
        for (const [name, spec] of Object.entries(game.options)) {
          for (const [path, shape] of shapes(name, spec)) {
            assert.ok(catalogTitle(game.id, path, shape), `${at}: the title of ${path.join('.')}`);
            for (const value of shape.values || []) {
              if (typeof value !== 'string') continue;
              assert.ok(has(`games.${game.id}.values.${value}`), `${at}: the value ${value}`);
            }
          }
          if (name === 'players') continue;
          const help = maybe(`games.${game.id}.options.${name}.help`);
          assert.ok(help, `${at}: what ${name} does, for players`);
          assert.notEqual(help, spec.description, `${at}: ${name}'s help is not the schema's`);
          if (spec.type === 'array' || spec.type === 'object') {
            assert.ok(has(`games.${game.id}.options.${name}.if_null`), `${at}: ${name}'s standard`);
          }
        }
      }
    }
    // Nothing is worded for an option, a field or a value that no game has.
    for (const game of games) {
      const parts = Object.entries(game.options).flatMap(([name, spec]) => shapes(name, spec));
      const paths = new Set(parts.map(([path]) => path.join('.')));
      const fields = new Set(parts.map(([path]) => path.at(-1)));
      const values = new Set(parts.flatMap(([, shape]) => shape.values || []).map(String));
      const words = catalogs().en.games[game.id];
      const keys = (tree, prefix = []) => Object.entries(tree || {}).flatMap(([k, v]) =>
        (typeof v === 'object' ? keys(v, [...prefix, k]) : [[...prefix, k]]));
      for (const key of keys(words.options)) {
        const path = key.slice(0, -1).join('.');
        assert.ok(paths.has(path), `${game.id}: words for an option it has not: ${key.join('.')}`);
      }
      for (const field of Object.keys(words.fields || {})) {
        assert.ok(fields.has(field), `${game.id}: words for a field it has not: ${field}`);
      }
      for (const value of Object.keys(words.values || {})) {
        assert.ok(values.has(value), `${game.id}: words for a value it has not: ${value}`);
      }
    }
    assert.deepEqual(problems, []);
  } finally {
    await server.stop();
  }
});
