// When the server's store cannot be reached it answers `store_unavailable` (docs/protocol.md): a
// hello so answered is no verdict on the token, which the client keeps and sends again after a
// pause, as the same player with the same seats; and a match the server says waits for its store
// offers no turn until its fresh state comes. The store's answers are slipped in as if the server
// had sent them, in place of (or beside) a real server's.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {TortugaClient} from '../../sdk/js/index.js';
import {startServer, newClient, recordingWebSocket, startMatch, within,
        wsUrl} from './sdk_harness.mjs';

const UNAVAILABLE = 'the store cannot be reached now: nothing was changed; try again shortly';

test('a hello answered store_unavailable is sent again with the same token', async () => {
  const server = await startServer();
  const recording = recordingWebSocket();
  let refusals = 0;  // welcomes still to be turned into store_unavailable
  class Refusing extends recording.WebSocket {
    emit(event, data, ...rest) {
      if (event === 'message' && refusals > 0) {
        const frame = JSON.parse(String(data));
        if (frame.type === 'welcome') {
          refusals -= 1;
          data = Buffer.from(JSON.stringify(
            {type: 'error', re: frame.re, code: 'store_unavailable', message: UNAVAILABLE}));
        }
      }
      return super.emit(event, data, ...rest);
    }
  }
  const anne = new TortugaClient({url: wsUrl(server), name: 'Anne Bonny', WebSocket: Refusing,
                                  backoffMs: [50, 100]});
  try {
    const first = await anne.connect();
    const {room} = await anne.createRoom({game: 'raft-and-scupper'});
    const told = [];
    anne.on('status', ({error}) => { if (error) told.push(error.code); });
    refusals = 2;
    const back = anne.once('welcome');
    recording.latest().terminate();
    const welcome = await within(10000, back, 'a welcome after two refusals');

    assert.equal(welcome.player.id, first.player.id);
    assert.equal(anne.token, first.token);
    const hellos = recording.latest().sent.filter((m) => m.type === 'hello');
    assert.equal(hellos.length, 3);
    for (const hello of hellos) assert.equal(hello.token, first.token);
    assert.deepEqual(told, ['store_unavailable', 'store_unavailable']);
    assert.equal(anne.status, 'connected');
    // Still the host of the room: the seat was never given up.
    assert.ok(anne.rooms.has(room.id));
    const again = await anne.joinRoom(room.id);
    assert.equal(again.you.seat, 0);
  } finally {
    anne.close();
    await server.stop();
  }
});

test('a match that waits for its store offers no turn until its state comes', async () => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  const mary = newClient(server, 'Mary Read');
  try {
    await anne.connect();
    await mary.connect();
    const {room, match: matchId, matches} = await startMatch(anne, [mary]);
    const [match] = matches;
    const mine = match.toAct.includes(match.seat) ? match : matches[1];
    assert.equal(mine.myTurn, true);

    const waiting = mine.once('waiting');
    const client = mine === match ? anne : mary;
    client.recording.latest().inject({type: 'error', code: 'store_unavailable',
                                      message: UNAVAILABLE, room: room.id, match: matchId});
    assert.equal((await within(5000, waiting, 'the waiting event')).message, UNAVAILABLE);
    assert.equal(mine.waiting, true);
    assert.equal(mine.myTurn, false);

    let turns = 0;
    mine.on('turn', () => { turns += 1; });
    await mine.sync();  // the state the server sends once its store is back
    assert.equal(mine.waiting, false);
    assert.equal(mine.myTurn, true);
    assert.equal(turns, 1);
  } finally {
    anne.close();
    mary.close();
    await server.stop();
  }
});
