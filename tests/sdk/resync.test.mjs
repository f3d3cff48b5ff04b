// Frames that would spoil a view, slipped into the client's socket as if the server had sent
// them: a patch that does not apply, a patch that skips a version, frames that are not the
// protocol at all, and a patch that applies but is false. Each must be dropped and answered
// with `sync` (or caught by the next real patch's version), and the view must end as the
// history's final view of the seat.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, seeded, newClient, playRandomly, within, storedFinalView,
        startAgainstBot} from './sdk_harness.mjs';

function syncsSent(socket, match) {
  return socket.sent.filter((m) => m.type === 'sync' && m.match === match).length;
}

test('a broken patch, a gap and malformed frames are answered by a resync', async () => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  try {
    await anne.connect();
    const match = await startAgainstBot(anne);
    // Seat 0 places the pirates first: the match waits for this client, so the view holds still.
    assert.ok(match.myTurn);
    const socket = anne.recording.latest();
    const held = structuredClone(match.view);
    const version = match.version;
    const resyncs = [];
    match.on('resync', ({error}) => resyncs.push(error));
    const malformed = [];
    anne.on('malformed', ({problem}) => malformed.push(problem));
    const nextState = () => match.once('view', ({cause}) => cause === 'state');

    // A patch of the right version whose op does not apply.
    let state = nextState();
    socket.inject({type: 'patch', match: match.id, version: version + 1,
                   ops: [{op: 'remove', path: '/no_such_field'}]});
    assert.equal(resyncs.length, 1);
    assert.equal(resyncs[0].code, 'bad_patch');
    assert.equal(syncsSent(socket, match.id), 1);
    await state;
    assert.equal(match.version, version);
    assert.deepEqual(match.view, held);

    // A patch that skips a version.
    state = nextState();
    socket.inject({type: 'patch', match: match.id, version: version + 2,
                   ops: [{op: 'replace', path: '/step', value: 999}]});
    assert.equal(resyncs.length, 2);
    await state;
    assert.equal(syncsSent(socket, match.id), 2);
    assert.deepEqual(match.view, held);

    // Frames that are not the protocol: dropped without harm; the patch that names its match
    // but cannot be read makes that match sync.
    state = nextState();
    socket.inject('not json at all');
    socket.inject('[1, 2, 3]');
    socket.inject({kind: 'patch'});
    socket.inject({type: 'patch', match: match.id, version: 'seven', ops: []});
    socket.inject({type: 'state', match: match.id, version: 1, view: 'a view'});
    assert.equal(malformed.length, 5);
    await state;
    assert.equal(syncsSent(socket, match.id), 3);
    assert.deepEqual(match.view, held);

    // A patch that applies but says something false: the server's next patch, whose version is
    // then not the next one, gives it away.
    socket.inject({type: 'patch', match: match.id, version: version + 1,
                   ops: [{op: 'replace', path: '/step', value: 999}]});
    assert.equal(match.view.step, 999);
    const result = await within(60000, playRandomly(match, seeded(3)), 'the match to end');
    assert.ok(resyncs.length >= 4);
    assert.equal(syncsSent(socket, match.id), 4);

    const stored = await anne.getMatch(match.id);
    assert.deepEqual(stored.result, result);
    assert.deepEqual(match.view, await storedFinalView(anne, match.id, 0));
    assert.equal(anne.recording.sockets.length, 1, 'no frame cost the connection');
  } finally {
    anne.close();
    await server.stop();
  }
});
