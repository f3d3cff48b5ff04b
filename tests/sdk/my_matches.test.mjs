// "My matches" through the SDK: the list at once, a `my_matches` event as a match of the
// player's starts, and the end of the watch. (The order, the deadlines, dormant rooms and
// PostgreSQL are tests/integration/my_matches_test.cpp's.)

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, newClient} from './sdk_harness.mjs';

test('the player\'s running matches are watched, and pushed as one starts', async () => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  try {
    await anne.connect();
    assert.deepEqual(await anne.watchMyMatches(), {matches: [], more: 0});
    const {room} = await anne.createRoom({game: 'raft-and-scupper'});
    await anne.addBot(room.id, {bot: 'random'});
    const pushed = new Promise((resolve) => {
      anne.on('my_matches', (message) => {
        if (message.matches.length === 1) resolve(message);
      });
    });
    const match = (await anne.start(room.id)).room.match;
    const {matches} = await pushed;
    assert.equal(matches[0].match, match);
    assert.equal(matches[0].room, room.id);
    assert.equal(matches[0].correspondence, false);
    assert.deepEqual(matches[0].players.map((p) => p.you), [true, false]);
    assert.equal(matches[0].players[1].bot, 'random');
    const ended = await anne.unwatchMyMatches();
    assert.equal(ended.type, 'my_matches_unwatched');
  } finally {
    anne.close();
    await server.stop();
  }
});
