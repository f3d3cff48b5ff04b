// The leaderboards through the SDK: a page, a watch and its end, a guest's rated room refused,
// each refusal with the protocol's code. (A rated match between two accounts, and the push it
// makes, is tests/integration/ratings_test.cpp's: accounts are made in the store there.)

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {TortugaError} from '../../sdk/js/index.js';
import {startServer, newClient} from './sdk_harness.mjs';

async function refusal(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof TortugaError, `a TortugaError, not ${error}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
}

test('leaderboards are read and watched; a guest cannot make a rated room', async () => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  try {
    await anne.connect();
    assert.deepEqual(await anne.getLeaderboard('scalawag', {limit: 10}), []);
    await refusal(anne.getLeaderboard('no-such-game'), 'unknown_game');
    await refusal(anne.getLeaderboard('scalawag', {limit: 0}), 'bad_field');
    await refusal(anne.watchLeaderboard('no-such-game'), 'unknown_game');
    assert.deepEqual(await anne.watchLeaderboard('raft-and-scupper'), []);
    const ended = await anne.unwatchLeaderboard();
    assert.equal(ended.type, 'leaderboard_unwatched');
    await refusal(anne.createRoom({game: 'raft-and-scupper', rated: true}), 'not_rated');
    const {room} = await anne.createRoom({game: 'raft-and-scupper'});
    assert.equal(room.rated, false);  // a guest's seat: it would not be rated
  } finally {
    anne.close();
    await server.stop();
  }
});
