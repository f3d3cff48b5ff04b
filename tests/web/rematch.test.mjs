// A rematch with two browsers: when the match is over, one offers it, the other accepts, and a
// new match starts in the same room with the same seats.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct,
        seeded} from './harness.mjs';

function matchOf(page) {
  const rooms = page.received.filter((m) => m.type === 'room' && m.room.match);
  return rooms.length ? rooms[rooms.length - 1].room.match : null;
}

test('a rematch accepted by both starts a new match in the same room', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const mary = await enter(browser, server.url, 'Mary Read');
    const room = await createShortRoom(anne);
    await mary.getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();
    await mary.locator('.play').waitFor();
    assert.equal(await anne.locator('#rematch').count(), 0);  // not before the end

    const random = seeded(11);
    for (let i = 0; i < 400; ++i) {
      const page = await nextToAct([anne, mary]);
      if (!page) break;
      await playOneMove(page, random);
    }
    await anne.locator('.play[data-over="true"]').waitFor();
    const first = matchOf(anne);

    await anne.getByRole('button', {name: 'Rematch'}).click();
    await anne.getByText('Waiting for Mary Read.').waitFor();
    await mary.getByText('Anne Bonny offers a rematch: the same seats and options.').waitFor();
    await mary.getByRole('button', {name: 'Accept the rematch'}).click();

    for (const page of [anne, mary]) {
      await page.locator('.play[data-over="false"][data-step="0"]').waitFor();
      assert.notEqual(matchOf(page), first);
      assert.match(page.url(), new RegExp(`#/room/${room}$`));
    }
    assert.equal(await anne.locator('#rematch-offer').count(), 0);
    // The new match is played like the first.
    const page = await nextToAct([anne, mary]);
    await playOneMove(page, random);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});
