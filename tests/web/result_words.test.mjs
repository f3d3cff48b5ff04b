// A match's end in words. Each game's results, as the protocol's schema lists them
// (protocol/schema/games/GAME/result.json: the keys of their sentences, the values each sentence
// is given, their reasons), are worded by every catalog, each sentence naming only values its key
// always carries. And every result the rules produce as bots play every setup through them
// (word_samples.cpp) fits that schema, and its English `message` is the English catalog's
// sentence for its key and values, players named as the English names them ("Seat 2"): a client
// that translates and one that shows the English tell the same ending.
//
// The keys are read from the schema, not from a list kept here: a result a game gains fails
// this test until the catalogs word it.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync, readdirSync, existsSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import {catalogs, useCatalogs} from './catalogs.mjs';
import {flatten, setLanguage} from '../../web/js/i18n.js';
import {serverText} from '../../web/js/server_words.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const gamesDir = join(root, 'protocol', 'schema', 'games');
const PLURAL = /_(zero|one|two|few|many|other)$/;

// Each game's result schema, as written.
function resultSchemas() {
  return Object.fromEntries(readdirSync(gamesDir)
      .filter((game) => existsSync(join(gamesDir, game, 'result.json')))
      .map((game) => [game, JSON.parse(readFileSync(join(gamesDir, game, 'result.json'),
                                                    'utf8'))]));
}

// The values the schema says a key's results always carry.
function paramsOf(schema, key) {
  const entry = schema.allOf.find((part) => part.if?.properties?.key?.const === key);
  return entry?.then?.properties?.params?.required ?? [];
}

// A key's texts in one catalog: the key itself, or its plural forms.
function textsOf(flat, key) {
  if (flat.has(key)) return [flat.get(key)];
  return [...flat].filter(([name]) => name.replace(PLURAL, '') === key).map(([, text]) => text);
}

const placeholders = (text) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

test('every key and reason of every game\'s results is worded by every catalog', () => {
  const schemas = resultSchemas();
  assert.deepEqual(Object.keys(schemas).sort(),
                   readdirSync(gamesDir).sort(), 'every game has a result schema');
  for (const [language, catalog] of Object.entries(catalogs())) {
    const flat = flatten(catalog);
    for (const [game, schema] of Object.entries(schemas)) {
      const keys = schema.properties.key.enum;
      const reasons = schema.properties.reason.enum;
      assert.ok(keys.length && reasons.length, `${game}: its keys and reasons are read`);
      for (const key of keys) {
        const texts = textsOf(flat, key);
        assert.ok(texts.length, `${language}: no words for ${key}`);
        const given = new Set(paramsOf(schema, key));
        for (const name of texts.flatMap(placeholders)) {
          assert.ok(given.has(name), `${language}: ${key} names {{${name}}}, which its results ` +
                                     `do not always carry`);
        }
      }
      for (const reason of reasons) {
        assert.ok(flat.has(`games.${game}.reason.${reason}`),
                  `${language}: no words for ${game}'s reason ${reason}`);
      }
      // No words for a result or a reason the game does not have.
      for (const name of flat.keys()) {
        const base = name.replace(PLURAL, '');
        if (base.startsWith(`games.${game}.result.`)) {
          assert.ok(keys.includes(base), `${language}: words for no result of ${game}: ${name}`);
        }
        if (name.startsWith(`games.${game}.reason.`)) {
          assert.ok(reasons.includes(name.slice(`games.${game}.reason.`.length)),
                    `${language}: words for no reason of ${game}: ${name}`);
        }
      }
    }
  }
});

function resultSamples() {
  const binary = process.env.WORD_SAMPLES;
  assert.ok(binary, 'WORD_SAMPLES names the word_samples program (ctest sets it)');
  const run = spawnSync(binary, [], {encoding: 'utf8', maxBuffer: 256 * 1024 * 1024});
  assert.equal(run.status, 0, `word_samples failed: ${run.stderr}`);
  return run.stdout.trim().split('\n').map((line) => JSON.parse(line))
      .filter((s) => s.sample === 'result');
}

test('every result the rules make fits its schema, and its English is the catalog\'s sentence',
     () => {
  const schemaPath = process.env.TORTUGA_SCHEMA ||
                     join(root, 'build', 'protocol', 'tortuga.schema.json');
  const ajv = new Ajv2020({strict: false, allErrors: true});
  ajv.addSchema(JSON.parse(readFileSync(schemaPath, 'utf8')), 'tortuga');
  const samples = resultSamples();
  const seen = new Set(samples.map((s) => s.game));
  assert.deepEqual([...seen].sort(), Object.keys(resultSchemas()).sort(), 'every game ends');
  const seatNames = Array.from({length: 8}, (_, seat) => `Seat ${seat + 1}`);
  const problems = useCatalogs('en');
  for (const {game, result} of samples) {
    const at = `${game} ${result.key}`;
    const validate = ajv.getSchema(`tortuga#/$defs/games.${game}.result`);
    assert.ok(validate(result), `${at}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    setLanguage('en');
    assert.equal(serverText(result.key, result.params, seatNames), result.message, at);
    // In every language the sentence names every winner (by their crew, in Raft & Scupper).
    for (const language of Object.keys(catalogs())) {
      setLanguage(language);
      const said = serverText(result.key, result.params, seatNames);
      if (game === 'raft-and-scupper') continue;
      for (const seat of result.winners) {
        assert.ok(said.includes(seatNames[seat]), `${language}: ${at}: ${said} names the winner`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('a result stored before results carried their words is told by its reason', async () => {
  const {resultText} = await import('../../web/js/play.js');
  const problems = useCatalogs('it');
  const stored = {winners: [1], reason: 'prestige', scores: [20, 25]};
  assert.equal(resultText('colpaccio', stored, ['Giulia', 'Marco']),
               'Com\'è finita: più punti Prestigio');
  // With its words, the key's sentence, the winners by their names.
  assert.equal(resultText('colpaccio', {...stored, key: 'games.colpaccio.result.colpaccio',
                                        params: {winners: [{seat: 1}], prestige: 25},
                                        message: 'Seat 2 made the Colpaccio with 25 prestige.'},
                          ['Giulia', 'Marco']),
               'Marco ha fatto il Colpaccio con 25 punti Prestigio.');
  assert.deepEqual(problems, []);
});
