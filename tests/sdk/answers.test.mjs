// An action's answer is never lost to a state sent meanwhile: act() resolves whether the server
// answers with the patch that carries the action or with `applied` (a sync's state was on its
// way), and the seat plays on from the view that state brings.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, seeded, newClient, within, startAgainstBot} from './sdk_harness.mjs';

test('act() resolves when sync() is called right behind it, and the seat plays on', async (t) => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  try {
    await anne.connect();
    const match = await startAgainstBot(anne);
    let applied = 0;
    anne.on('applied', () => applied++);
    const random = seeded(11);
    let turns = 0;
    while (turns < 20) {
      await within(20000, match.until(() => match.myTurn || match.over), 'the seat\'s turn');
      if (match.over) break;
      ++turns;
      const before = match.version;
      const action = match.legal[Math.floor(random() * match.legal.length)];
      const acted = match.act(action);
      const synced = match.sync();
      const version = await within(20000, acted, `the answer to action ${turns}`);
      assert.ok(version > before, `action ${turns} landed in ${version}, after ${before}`);
      await within(20000, synced, `the state asked for behind action ${turns}`);
      assert.ok(match.version >= version, `view ${match.version} behind action ${turns}`);
      assert.equal(match.acting, false);
    }
    assert.ok(turns > 0);
    t.diagnostic(`${applied} of ${turns} actions answered by applied, the others by their patch`);
  } finally {
    anne.close();
    await server.stop();
  }
});
