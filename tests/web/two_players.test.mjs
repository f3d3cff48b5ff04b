// Two people in two browsers meet in the lobby and play a whole match of Raft & Scupper, with a
// turn clock counting down for the player to move.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded,
        isOver, step, logOfSteps} from './harness.mjs';

test('two browsers meet in the lobby and play Raft & Scupper to its end', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const mary = await enter(browser, server.url, 'Mary Read');
    const room = await createShortRoom(anne, {turnClock: 300});
    await anne.locator('.room-info', {hasText: 'Turn clock at sea, in seconds: 300'}).waitFor();

    // Mary finds the room in the lobby's list and takes the free seat.
    await mary.getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    await anne.locator('.seat[data-seat="1"]', {hasText: 'Mary Read'}).waitFor();
    await assert.rejects(mary.locator('#start').waitFor({timeout: 300}),
                         'only the host may start');
    await anne.getByRole('button', {name: 'Start the match'}).click();
    await anne.locator('.play').waitFor();
    await mary.locator('.play').waitFor();

    const random = seeded(7);
    let moves = 0;
    let clocks = 0;
    for (let page; (page = await nextToAct([anne, mary])); ++moves) {
      // At sea both see the clock of the player to move; during the setup there is none.
      const mover = page === anne ? 'Anne Bonny' : 'Mary Read';
      const atSea = await page.locator('.raft-legend', {hasText: 'At sea.'}).count();
      for (const p of [anne, mary]) {
        await p.locator(`.play[data-step="${await step(page)}"]`).waitFor();
        const clock = await p.locator('.countdown').allInnerTexts();
        if (atSea) {
          assert.match(clock[0], new RegExp(`^Time left for ${mover}: (5:00|4:[0-5]\\d)$`));
        } else {
          assert.deepEqual(clock, []);
        }
      }
      clocks += atSea;
      await playOneMove(page, random);
      assert.ok(moves < 400, 'the match should end');
    }
    assert.ok(clocks > 0, 'at least one move at sea was played');
    assert.equal(await anne.locator('.countdown').count(), 0, 'no clock once it is over');
    const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
    assert.equal(stored.status, 'finished');
    assert.equal(stored.actions, moves);
    assert.deepEqual(stored.seats.map((s) => s.name), ['Anne Bonny', 'Mary Read']);
    for (const page of [anne, mary]) {
      assert.ok(await isOver(page));
      const result = page.locator('.result');
      await result.waitFor();
      assert.match(await result.locator('h2').innerText(), /(Anne Bonny|Mary Read) won\./);
      assert.equal(await page.locator('#replay-link').getAttribute('href'),
                   `#/replay/${stored.id}`);
    }
    // Both logs tell the same story, and it is as long as the match.
    const logs = await Promise.all([anne, mary].map((p) => logOfSteps(p, moves)));
    assert.deepEqual(logs[0], logs[1]);
    await anne.getByRole('button', {name: 'Leave room'}).click();
    await anne.getByRole('heading', {name: 'Lobby'}).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});

