// On a cluster of nodes a server answers `elsewhere` when another node plays a room
// (docs/protocol.md): the client follows it to the node named, with the same token, resumes
// there, and sends again a request that was answered so. The routing answers are slipped in as if
// the server had sent them; the node named is a real server, and the client's usual address
// leads nowhere once it has connected, so that only the URL named can have been followed.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, seeded, newClient, playRandomly, within, wsUrl,
        startMatch} from './sdk_harness.mjs';

const NOWHERE = 'ws://127.0.0.1:1/ws';

function routed(server, name) {
  let usual = wsUrl(server);
  const client = newClient(server, name, {url: () => usual});
  client.leadNowhere = () => { usual = NOWHERE; };
  return client;
}

test('a pushed elsewhere moves the client to the node named, where its match goes on',
     async () => {
  const server = await startServer();
  const anne = routed(server, 'Anne Bonny');
  const mary = newClient(server, 'Mary Read');
  try {
    await anne.connect();
    await mary.connect();
    const {room, match: matchId, matches} = await startMatch(anne, [mary]);
    anne.leadNowhere();

    const told = anne.once('elsewhere');
    const welcomed = anne.once('welcome');
    const first = anne.recording.latest();
    first.inject({type: 'error', code: 'elsewhere', message: 'moved: another node serves this room now',
                  url: wsUrl(server), room: room.id, match: matchId});
    assert.equal((await within(10000, told, 'the elsewhere told')).url, wsUrl(server));
    const welcome = await within(10000, welcomed, 'a welcome on the node named');
    assert.equal(welcome.player.id, anne.player.id);
    const second = anne.recording.latest();
    assert.notEqual(second, first);
    assert.equal(second.url, wsUrl(server));
    assert.equal(second.sent.find((m) => m.type === 'hello').token, welcome.token);

    const results = await within(90000, Promise.all(matches.map((m, i) =>
      playRandomly(m, seeded(21 + i)))), 'the match to end on the node named');
    assert.deepEqual(results[0], results[1]);
    assert.equal((await anne.getMatch(matchId)).status, 'finished');
  } finally {
    anne.close();
    mary.close();
    await server.stop();
  }
});

test('a request answered with elsewhere is sent again on the node named, and answered there',
     async () => {
  const server = await startServer();
  const anne = routed(server, 'Anne Bonny');
  const mary = newClient(server, 'Mary Read');
  try {
    await anne.connect();
    await mary.connect();
    const {room} = await mary.createRoom({game: 'raft-and-scupper'});
    anne.leadNowhere();
    // The first link answers anne's join_room as a node without the room would.
    const first = anne.recording.latest();
    const send = first.send.bind(first);
    first.send = (text, ...rest) => {
      const message = JSON.parse(text);
      if (message.type !== 'join_room') return send(text, ...rest);
      first.sent.push(message);
      setTimeout(() => first.inject({type: 'error', re: message.id, code: 'elsewhere',
                                     message: 'moved: that room is on another node',
                                     url: wsUrl(server), room: room.id, match: null}), 0);
    };
    const joined = await within(10000, anne.joinRoom(room.id), 'the join, on the node named');
    assert.equal(joined.type, 'room');
    assert.equal(joined.you.seat, 1);
    assert.equal(anne.recording.latest().url, wsUrl(server));
    assert.equal(anne.recording.sockets.length, 2);
  } finally {
    anne.close();
    mary.close();
    await server.stop();
  }
});
