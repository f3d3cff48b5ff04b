// A lost connection mid-match: the client connects again after its backoff, says hello with its
// token, is the same player in the same seat, and plays on to the end with a view that matches
// the history's.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, seeded, newClient, playRandomly, within,
        storedFinalView} from './sdk_harness.mjs';

test('a dropped socket mid-match is resumed and the match played on', async () => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  try {
    const welcome = await anne.connect();
    const {room} = await anne.createRoom({game: 'raft-and-scupper', options: {short_game: true}});
    await anne.addBot(room.id, {bot: 'random'});
    const started = await anne.start(room.id);
    const match = anne.match(started.room.match);
    const statuses = [];
    anne.on('status', ({status}) => statuses.push(status));
    const states = [];
    match.on('view', ({cause, version}) => { if (cause === 'state') states.push(version); });

    // Drop the socket, without a closing handshake, once a few actions are in.
    let droppedAt = null;
    match.on('view', ({version}) => {
      if (droppedAt === null && version >= 6) {
        droppedAt = version;
        anne.recording.latest().terminate();
      }
    });
    const result = await within(60000, playRandomly(match, seeded(7)), 'the match to end');

    assert.ok(droppedAt !== null, 'the connection was dropped');
    assert.deepEqual(statuses.slice(0, 3), ['reconnecting', 'connecting', 'connected']);
    const sockets = anne.recording.sockets;
    assert.equal(sockets.length, 2);
    const hello = sockets[1].sent[0];
    assert.equal(hello.type, 'hello');
    assert.equal(hello.token, welcome.token);
    assert.equal(anne.player.id, welcome.player.id);
    // The view came back whole, at or after the version held when the socket dropped.
    assert.ok(states.length >= 2 && states[1] >= droppedAt, `states ${states}`);
    assert.equal(match.seat, 0);

    const stored = await anne.getMatch(match.id);
    assert.equal(stored.status, 'finished');
    assert.deepEqual(stored.result, result);
    assert.deepEqual(match.view, await storedFinalView(anne, match.id, 0));
  } finally {
    anne.close();
    await server.stop();
  }
});
