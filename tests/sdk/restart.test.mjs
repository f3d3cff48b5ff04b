// The server stops mid-match (SIGTERM: every socket closed with 1001) and starts again on the
// same database and port. Both players' clients reconnect with their tokens, find their match
// (in the room the restarted server made for it) and play it to the end.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, seeded, newClient, playRandomly, within,
        storedFinalView, startMatch} from './sdk_harness.mjs';

test('a server restart mid-match is resumed by both clients and the match played on', async () => {
  let server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  const mary = newClient(server, 'Mary Read');
  try {
    await anne.connect();
    await mary.connect();
    const {match: matchId, matches} = await startMatch(anne, [mary]);
    const closeCodes = [];
    anne.on('status', ({status, closeCode}) => {
      if (status === 'reconnecting') closeCodes.push(closeCode);
    });

    // Stop the server at the first view from step 5 on, before any player acts on it.
    let restarted = null;
    const restartOnce = ({version}) => {
      if (restarted || version < 5) return;
      restarted = (async () => {
        const {dir, port} = server;
        await server.stop({keep: true});
        server = await startServer({dir, port});
        return version;
      })();
    };
    matches[0].on('view', restartOnce);
    const playing = Promise.all(matches.map((m, i) => playRandomly(m, seeded(11 + i))));
    const results = await within(90000, playing, 'the match to end after the restart');

    const stoppedAt = await restarted;
    assert.ok(stoppedAt >= 5);
    assert.equal(closeCodes[0], 1001);
    const stored = await anne.getMatch(matchId);
    assert.equal(stored.status, 'finished');
    assert.ok(stored.actions > stoppedAt);
    assert.deepEqual(results[0], stored.result);
    assert.deepEqual(results[1], stored.result);
    // The match lives on in a room the restarted server made for it, which the `room` pushed
    // after welcome told the clients of (its id may or may not be the old one).
    const rooms = [...anne.rooms.values()].filter((r) => r.room.match === matchId);
    assert.equal(rooms.length, 1);
    assert.equal(rooms[0].room.status, 'over');
    for (const [seat, match] of matches.entries()) {
      assert.deepEqual(match.view, await storedFinalView(anne, match.id, seat));
    }
  } finally {
    anne.close();
    mary.close();
    await server.stop();
  }
});

test('a server that comes back without its players makes a new player of the client',
     async () => {
  let server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  try {
    const first = await anne.connect();
    const {room} = await anne.createRoom({game: 'raft-and-scupper'});
    await anne.addBot(room.id, {bot: 'random'});
    const started = await anne.start(room.id);
    const match = anne.match(started.room.match);
    await match.ready;
    const lost = match.once('error');

    // Back on the same port with a new database: the token means nothing there.
    const welcomed = anne.once('welcome');
    const {port} = server;
    await server.stop();
    server = await startServer({port});
    const welcome = await within(20000, welcomed, 'a welcome from the new server');
    assert.notEqual(welcome.token, first.token);
    const hellos = anne.recording.latest().sent.filter((m) => m.type === 'hello');
    assert.deepEqual(hellos.map((m) => m.token), [first.token, undefined]);

    // Its match is gone with the old database; the client says so rather than take a seat in
    // whatever room now has the old room's id.
    const {error} = await within(20000, lost, 'the match reported lost');
    assert.ok(['not_in_room', 'no_such_match'].includes(error.code), error.code);
    assert.equal(anne.rooms.size, 0);
    assert.ok(anne.recording.sockets.every((s) => !s.sent.some((m) => m.type === 'join_room')));
  } finally {
    anne.close();
    await server.stop();
  }
});
