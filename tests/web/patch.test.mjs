// The client's JSON Patch (sdk/js/patch.js: the SDK's, on which the browser client keeps its
// views): the RFC 6902 operations over RFC 6901 pointers, the old view left untouched, and a
// throw (which the client answers with sync) on what does not apply.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {applyPatch} from '../../sdk/js/patch.js';

test('add, remove and replace, in objects and arrays', () => {
  const view = {step: 1, to_act: [0], legal: [{type: 'a'}, {type: 'b'}], ships: [{id: 1}]};
  const next = applyPatch(view, [
    {op: 'replace', path: '/step', value: 2},
    {op: 'replace', path: '/to_act/0', value: 1},
    {op: 'remove', path: '/legal/0'},
    {op: 'add', path: '/legal/0', value: {type: 'c'}},
    {op: 'add', path: '/legal/-', value: {type: 'd'}},
    {op: 'add', path: '/ships/0/pirate', value: 'yellowbeard'},
    {op: 'add', path: '/over', value: false},
  ]);
  assert.deepEqual(next, {step: 2, to_act: [1], legal: [{type: 'c'}, {type: 'b'}, {type: 'd'}],
                          ships: [{id: 1, pirate: 'yellowbeard'}], over: false});
  // The view it came from is unchanged: a failed patch must leave the old view to sync from.
  assert.deepEqual(view, {step: 1, to_act: [0], legal: [{type: 'a'}, {type: 'b'}],
                          ships: [{id: 1}]});
});

test('array insertion shifts, removal closes the gap', () => {
  assert.deepEqual(applyPatch([1, 2, 3], [{op: 'add', path: '/1', value: 9}]), [1, 9, 2, 3]);
  assert.deepEqual(applyPatch([1, 2, 3], [{op: 'remove', path: '/0'}]), [2, 3]);
  assert.deepEqual(applyPatch([1, 2, 3], [{op: 'add', path: '/3', value: 4}]), [1, 2, 3, 4]);
});

test('pointer escapes: ~1 is a slash and ~0 a tilde', () => {
  const doc = {'a/b': 1, 'c~d': 2};
  assert.deepEqual(applyPatch(doc, [{op: 'replace', path: '/a~1b', value: 3},
                                    {op: 'remove', path: '/c~0d'}]), {'a/b': 3});
});

test('move, copy, test, and the whole document', () => {
  const doc = {a: {x: 1}, b: [1]};
  assert.deepEqual(applyPatch(doc, [{op: 'move', from: '/a/x', path: '/b/0'}]),
                   {a: {}, b: [1, 1]});
  assert.deepEqual(applyPatch(doc, [{op: 'copy', from: '/a', path: '/c'}]),
                   {a: {x: 1}, b: [1], c: {x: 1}});
  assert.deepEqual(applyPatch(doc, [{op: 'test', path: '/a', value: {x: 1}}]), doc);
  assert.throws(() => applyPatch(doc, [{op: 'test', path: '/a/x', value: 2}]));
  assert.deepEqual(applyPatch(doc, [{op: 'replace', path: '', value: [7]}]), [7]);
});

test('what does not apply throws', () => {
  const doc = {a: [1, 2], o: {}};
  for (const op of [
    {op: 'replace', path: '/missing', value: 1},
    {op: 'remove', path: '/o/missing'},
    {op: 'remove', path: '/a/2'},
    {op: 'add', path: '/a/3', value: 1},
    {op: 'add', path: '/a/01', value: 1},
    {op: 'add', path: '/nope/x', value: 1},
    {op: 'replace', path: 'a', value: 1},
    {op: 'frobnicate', path: '/a'},
  ]) {
    assert.throws(() => applyPatch(doc, [op]), undefined, JSON.stringify(op));
  }
});
