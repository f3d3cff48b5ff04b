// The SDK knows every error code the server may send: sdk/js/errors.js's SERVER_CODES and the
// ServerErrorCode type of sdk/js/index.d.ts hold exactly the codes of the protocol's schema
// (parts/error_code.json, which the server's own list, protocol/codes.hpp's kAllCodes, is
// checked against in tests/protocol). A code the server gains and the SDK lacks would reach its
// users as an unknown one (`error.known` false, to be treated like `internal`).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {SERVER_CODES, CLIENT_CODES, TortugaError} from '../../sdk/js/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const schemaPath = process.env.TORTUGA_SCHEMA || join(root, 'build', 'protocol', 'tortuga.schema.json');

function schemaCodes() {
  const bundle = JSON.parse(readFileSync(schemaPath, 'utf8'));
  return bundle.$defs['parts.error_code'].enum;
}

test('SERVER_CODES are the schema\'s error codes, every one and no other', () => {
  const codes = schemaCodes();
  assert.ok(codes.length > 0);
  assert.deepEqual([...SERVER_CODES].sort(), [...codes].sort());
  assert.equal(new Set(SERVER_CODES).size, SERVER_CODES.length, 'no code twice');
  for (const code of codes) {
    assert.equal(new TortugaError(code, 'x').known, true, code);
  }
  assert.equal(new TortugaError('from_a_newer_server', 'x').known, false);
  // The client's own codes are never the server's.
  for (const code of CLIENT_CODES) assert.ok(!codes.includes(code), code);
});

test('the TypeScript declarations name the same server codes', () => {
  const text = readFileSync(join(root, 'sdk', 'js', 'index.d.ts'), 'utf8');
  const declared = text.match(/export type ServerErrorCode =([^;]*);/);
  assert.ok(declared, 'index.d.ts declares ServerErrorCode');
  const named = [...declared[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  assert.deepEqual(named.sort(), [...schemaCodes()].sort());
});
