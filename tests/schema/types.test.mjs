// sdk/js/games.d.ts is what scripts/schema_types.mjs makes of the protocol's schema: a game's
// schema changed without regenerating the SDK's types fails here.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {generate, output} from '../../scripts/schema_types.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const schemaPath = process.env.TORTUGA_SCHEMA || join(root, 'build', 'protocol', 'tortuga.schema.json');

test('the SDK\'s game types are generated from the current schema', () => {
  const bundle = JSON.parse(readFileSync(schemaPath, 'utf8'));
  assert.equal(readFileSync(output, 'utf8'), generate(bundle),
               'run node scripts/schema_types.mjs to regenerate sdk/js/games.d.ts');
});

test('the SDK\'s types name every game and every action type of the schema', () => {
  const bundle = JSON.parse(readFileSync(schemaPath, 'utf8'));
  const text = readFileSync(output, 'utf8');
  for (const name of Object.keys(bundle.$defs).filter((n) => /^games\..+\.action$/.test(n))) {
    for (const action of bundle.$defs[name].oneOf) {
      assert.ok(text.includes(`type: '${action.properties.type.const}'`),
                `${name} ${action.properties.type.const}`);
    }
  }
  const index = readFileSync(join(root, 'sdk', 'js', 'index.d.ts'), 'utf8');
  assert.match(index, /export \* from '\.\/games\.js';/);
});

// The SDK's hand-written types of the history's messages have the schema's fields, each optional
// exactly where the schema leaves it out of `required`: a field the server always sends is never
// `?` (a client would guard against its absence for nothing), and none is missing.
test('index.d.ts declares the replay, its chat lines and the stored match as the schema does', () => {
  const bundle = JSON.parse(readFileSync(schemaPath, 'utf8'));
  const index = readFileSync(join(root, 'sdk', 'js', 'index.d.ts'), 'utf8');
  const always = (required) => (required ? 'always' : 'optional');
  const declared = (name) => {
    const body = index.match(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`));
    assert.ok(body, `index.d.ts declares ${name}`);
    const fields = [...body[1].matchAll(/^ {2}(\w+)(\?)?:/gm)];
    return Object.fromEntries(fields.map(([, field, optional]) => [field, always(!optional)]).sort());
  };
  const described = (def) => {
    const {properties, required = []} = bundle.$defs[def];
    const fields = Object.keys(properties);
    return Object.fromEntries(fields.map((f) => [f, always(required.includes(f))]).sort());
  };
  for (const [name, def] of [['Replay', 'server.replay'],
                             ['ReplayChatLine', 'parts.replay_chat_line'],
                             ['ChatLine', 'parts.chat_line'], ['StoredMatch', 'parts.match'],
                             ['RoomMessage', 'server.room']]) {
    assert.deepEqual(declared(name), described(def), `${name} and ${def}`);
  }
});
