// The host's controls with several browsers in one room: a bot stands in for a player whose
// browser went away, the player comes back to their own seat, and when the host leaves the
// role passes to the player who is there, who can then close the room.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, playOneMove, nextToAct, seeded, step, toAct,
        until, openRoomCard} from './harness.mjs';
import {check} from './axe.mjs';

// A move of Anne's while Mary's turn is awaited, which cannot end the match: a jump (only sailing
// and scuppering change the ships that decide who rafted up), else a pass, which ends it only
// right after the other crew's own pass. The buttons beside the board list them all, folded or
// not.
async function jumpOrPass(page, random) {
  const before = await step(page);
  const jumps = page.locator('.actions button.action[data-action*=\'"type":"jump"\']');
  const n = await jumps.count();
  const chosen = n > 0 ? jumps.nth(Math.floor(random() * n))
                       : page.locator('.actions button.action[data-action*=\'"type":"pass"\']');
  await chosen.dispatchEvent('click');
  await page.waitForFunction(
      (k) => Number(document.querySelector('.play').dataset.step) > k, before);
}

test('a stand-in plays for an absent player, who gets the seat back; the host role passes on',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const mary = await enter(browser, server.url, 'Mary Read');
    // The full game: in the short one, a single sinking by the stand-in may raft a crew up and
    // end the match before Mary is back.
    await anne.getByLabel('Game', {exact: true}).selectOption('raft-and-scupper');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const room = Number(anne.url().match(/#\/room\/(\d+)/)[1]);
    await mary.getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    // Only the host has the controls.
    await anne.getByRole('button', {name: 'make host: Mary Read'}).waitFor();
    assert.equal(await mary.getByRole('button', {name: 'make host: Anne Bonny'}).count(), 0);
    assert.equal(await mary.locator('#close-room').count(), 0);
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();
    await mary.locator('.play').waitFor();

    // Mary's browser goes away: the room's line says so. The host opens the room's card and
    // lets a bot play her seat.
    await mary.goto('about:blank');
    await anne.locator('.room-card summary .absent-seat', {hasText: 'Mary Read'})
        .locator('.badge.away').waitFor();
    await openRoomCard(anne);
    const maryRow = anne.locator('.seat[data-seat="1"]');
    await maryRow.locator('.badge.away').waitFor();
    // Each of the host's buttons is named with the words it shows, and whom it is for.
    await check(anne, 'the host\'s controls, a player away');
    await anne.getByRole('button', {name: 'let a bot play for Mary Read'}).click();
    await maryRow.locator('.badge.stand-in').waitFor();
    assert.match(await maryRow.innerText(), /Mary Read/);  // still her seat

    // Anne places her pirates; the stand-in then chooses Mary's crew, with nobody in her seat.
    const random = seeded(23);
    let anneMoves = 0;
    while (anneMoves < 6 && await step(anne) === anneMoves) {
      const page = await nextToAct([anne]);
      if (!page) break;
      await playOneMove(anne, random);
      anneMoves += 1;
    }
    await until(async () => await step(anne) > anneMoves, 'the stand-in to play for Mary');

    // Mary comes back (her browser kept her token): the seat is hers again, and no bot plays it.
    await mary.goto(`${server.url}#/room/${room}`);
    await mary.locator('.play').waitFor();
    await until(async () => (await maryRow.locator('.badge.stand-in').count()) === 0,
                'the stand-in to leave');
    await until(async () => (await maryRow.locator('.badge.away').count()) === 0,
                'Mary to be back');
    // Anne plays on without ending the match until Mary's turn comes.
    let maryActed = false;
    for (let i = 0; i < 12 && !maryActed; ++i) {
      const page = await nextToAct([anne, mary]);
      if (!page) break;
      if (page === mary) {
        // Her turn waits for her: nothing moves until she plays.
        const waiting = await step(mary);
        await new Promise((resolve) => setTimeout(resolve, 600));
        assert.equal(await step(mary), waiting);
        assert.ok(await toAct(mary));
        maryActed = true;
        await playOneMove(mary, random);
      } else {
        await jumpOrPass(anne, random);
      }
    }
    assert.ok(maryActed, 'Mary played her own seat again');

    // The host leaves: Mary, who is here, becomes the host and may close the room.
    await anne.getByRole('button', {name: 'Leave room'}).click();
    await anne.waitForURL(/#\/$/);
    await openRoomCard(mary);
    await mary.locator('.seat[data-seat="1"] .badge', {hasText: 'host'}).waitFor();
    await mary.locator('#close-room').click();
    await mary.getByText('The host closed this room and stopped its match.').waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});
