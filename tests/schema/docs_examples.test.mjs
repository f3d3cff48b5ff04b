// Every example in docs/protocol.md fits the protocol's schema: each message of its ```json
// blocks and of its worked session (```jsonc, `→` sent, `←` received), the game's views and
// actions in the worked session, and the fragments that a comment before their block places:
// by the schema's name for them (<!-- schema: parts.option -->), or by the message that holds
// them and where (<!-- schema: server.room at /room/seats/- -->). A client author copies these:
// an example that lacks a field the schema requires, or holds one it does not have, teaches a
// message the server never sends.
//
// An example may cut what is long, and must say so where it does: "...": "..." (any value) in an
// object stands for members left out, and the item "..." in a list for items left out. An object
// or a list so marked may lack required members or items; everything written must still fit.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const schemaPath = process.env.TORTUGA_SCHEMA || join(root, 'build', 'protocol', 'tortuga.schema.json');
const doc = readFileSync(join(root, 'docs', 'protocol.md'), 'utf8');
const ELIDED = '...';

// The objects and lists an example marks as cut, once the marks are taken out.
const cut = new WeakSet();
function withoutMarks(value) {
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== ELIDED).map(withoutMarks);
    if (items.length !== value.length) cut.add(items);
    return items;
  }
  if (value !== null && typeof value === 'object') {
    const members = {};
    for (const [key, member] of Object.entries(value)) {
      if (key !== ELIDED) members[key] = withoutMarks(member);
    }
    if (ELIDED in value) cut.add(members);
    return members;
  }
  return value;
}

// The schema with `required` and `minItems` as keywords that a cut object or list passes.
function lenient(schema) {
  if (Array.isArray(schema)) return schema.map(lenient);
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value)) out.tortugaRequired = value;
    else if (key === 'minItems' && typeof value === 'number') out.tortugaMinItems = value;
    else out[key] = lenient(value);
  }
  return out;
}

function checker() {
  const ajv = new Ajv2020({strict: false, allErrors: true});
  ajv.addKeyword({
    keyword: 'tortugaRequired', type: 'object', schemaType: 'array',
    validate: function required(names, data) {
      const missing = cut.has(data) ? [] : names.filter((name) => !(name in data));
      required.errors = missing.map((name) => ({keyword: 'required',
                                                message: `must have required property '${name}'`,
                                                params: {missingProperty: name}}));
      return missing.length === 0;
    },
  });
  ajv.addKeyword({
    keyword: 'tortugaMinItems', type: 'array', schemaType: 'number',
    validate: function minItems(least, data) {
      minItems.errors = [{keyword: 'minItems', message: `must have at least ${least} items`,
                          params: {limit: least}}];
      return cut.has(data) || data.length >= least;
    },
  });
  const bundle = lenient(JSON.parse(readFileSync(schemaPath, 'utf8')));
  ajv.addSchema(bundle, 'tortuga');
  const defs = new Set(Object.keys(bundle.$defs));
  return (name, value) => {
    if (!defs.has(name)) return `the schema has no ${name}`;
    const validate = ajv.getSchema(`tortuga#/$defs/${name}`);
    if (validate(value)) return null;
    return `does not fit ${name}: ` + validate.errors.slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message}` +
                    (e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''))
        .join('; ');
  };
}

// The JSON values of a block, one after the other.
function values(text) {
  const out = [];
  let rest = text.trim();
  while (rest) {
    let end = rest.length;
    for (;;) {
      try {
        out.push(JSON.parse(rest.slice(0, end)));
        break;
      } catch (error) {
        end = rest.lastIndexOf('\n', end - 1);
        if (end <= 0) throw new Error(`not JSON: ${rest.slice(0, 80)}`);
      }
    }
    rest = rest.slice(end).trim();
  }
  return out;
}

// A fragment where a message holds it: `pointer` ("/room/seats/-") names the place in a message
// of `def` ("server.room") cut to nothing else.
function placed(def, pointer, fragment) {
  const root = {type: def.replace(/^(client|server)\./, ''), [ELIDED]: ELIDED};
  let at = root;
  const segments = pointer.split('/').slice(1);
  segments.forEach((segment, i) => {
    const next = i === segments.length - 1 ? fragment
        : segments[i + 1] === '-' ? [ELIDED] : {[ELIDED]: ELIDED};
    if (segment === '-') at.push(next);
    else at[segment] = next;
    at = next;
  });
  return root;
}

// A message fits its own type's schema on the side it goes (or, not knowing, on either).
function messageProblem(fits, message, sides = ['client', 'server']) {
  const problems = sides.map((side) => fits(`${side}.${message.type}`, message));
  return problems.includes(null) ? null : problems.join('; or ');
}

test('every example of docs/protocol.md fits the schema, cut only where it says so', () => {
  const fits = checker();
  const problems = [];
  let checked = 0;
  const check = (where, problem) => {
    ++checked;
    if (problem) problems.push(`${where}: ${problem}`);
  };

  const blocks = [...doc.matchAll(
      /(?:<!-- schema: ([\w.-]+)(?: at (\/[\w/-]+))? -->\n\n)?```(json|jsonc)\n([\s\S]*?)```/g)];
  assert.ok(blocks.length > 50, `${blocks.length} blocks`);
  for (const [, def, pointer, kind, text] of blocks) {
    const line = doc.slice(0, doc.indexOf(text)).split('\n').length;
    if (kind === 'jsonc') continue;  // the worked session, below
    // A fragment ("name": value) is the members of an object: each is an example.
    const examples = text.trimStart().startsWith('"') ? Object.values(JSON.parse(`{${text}}`))
                                                     : values(text);
    for (const example of examples) {
      const value = withoutMarks(pointer ? placed(def, pointer, example) : example);
      if (def) {
        check(`line ${line}`, fits(def, value));
      } else if (typeof value.type === 'string') {
        check(`line ${line} (${value.type})`, messageProblem(fits, value));
      } else {
        problems.push(`line ${line}: an example that is no message, and no <!-- schema: --> names`);
      }
    }
  }

  // The worked session: each message after its arrow, a game's views and actions by its game.
  const session = blocks.find(([, , , kind]) => kind === 'jsonc');
  assert.ok(session, 'docs/protocol.md has its worked session');
  const text = session[4].split('\n').filter((l) => !l.trimStart().startsWith('//')).join('\n');
  const messages = [...text.matchAll(/^([→←]) ([\s\S]*?)(?=^[→←] |$(?![\s\S]))/gmu)];
  assert.ok(messages.length >= 15, `${messages.length} messages in the worked session`);
  let game = null;
  for (const [, arrow, body] of messages) {
    const where = `worked session ${arrow} ${body.slice(0, 40).replace(/\s+/g, ' ')}`;
    let message;
    try {
      message = withoutMarks(JSON.parse(body));
    } catch (error) {
      problems.push(`${where}: not JSON (${error.message}); mark a cut with "...": "..." or "..."`);
      continue;
    }
    check(where, messageProblem(fits, message, [arrow === '→' ? 'client' : 'server']));
    if (message.type === 'create_room') game = message.game;
    if (game && message.type === 'state') check(`${where} (view)`, fits(`games.${game}.view`,
                                                                        message.view));
    if (game && message.type === 'action') check(`${where} (action)`,
                                                 fits(`games.${game}.action`, message.action));
  }

  assert.deepEqual(problems, [], `${problems.length} of ${checked} examples do not fit`);
});
