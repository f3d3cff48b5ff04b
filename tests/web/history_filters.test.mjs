// The history's list: a page at a time, "More" shown only while there is more and bringing the
// next page when clicked.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter} from './harness.mjs';
import {newClient} from '../sdk/sdk_harness.mjs';

const PAGE = 20;

// `count` matches against a bot, started by players of the SDK (a player has at most 4 rooms).
async function matchesAgainstBots(server, count) {
  const clients = [];
  for (let made = 0; made < count; ++made) {
    if (made % 4 === 0) {
      clients.push(newClient(server, `Player ${clients.length + 1}`));
      await clients.at(-1).connect();
    }
    const client = clients.at(-1);
    const {room} = await client.createRoom({game: 'raft-and-scupper',
                                            options: {short_game: true}});
    await client.addBot(room.id, {bot: 'random'});
    await client.start(room.id);
  }
  return clients;
}

test('"More" is shown while there are more matches, and brings the next page', async () => {
  const server = await startServer({limits: {max_rooms_per_address: 100}});
  const browser = await launch();
  let clients = [];
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    clients = await matchesAgainstBots(server, PAGE);
    await anne.getByRole('link', {name: 'History'}).click();
    const rows = anne.locator('table.matches tbody tr[data-match]');
    await rows.nth(PAGE - 1).waitFor();
    const more = anne.getByRole('button', {name: 'More'});
    // A page holds every match: nothing more to ask for, so no "More".
    assert.equal(await more.isVisible(), false);

    clients.push(...await matchesAgainstBots(server, 1));
    await anne.reload();
    await rows.nth(PAGE - 1).waitFor();
    await more.waitFor();
    await more.click();
    await rows.nth(PAGE).waitFor();
    assert.equal(await rows.count(), PAGE + 1);
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.match)));
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first, none twice');
    assert.equal(new Set(ids).size, PAGE + 1);
    await more.waitFor({state: 'hidden'});
  } finally {
    for (const client of clients) client.close();
    await browser.close();
    await server.stop();
  }
}, {timeout: 90000});
