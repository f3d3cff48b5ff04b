// The plain view, which serves every game that has no board yet: the view as a tree and every
// legal action a button. A whole match against a bot is played from it alone.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, nextToAct, seeded, step, isOver, logOfSteps,
        startAgainstBot} from './harness.mjs';

test('a match is played to its end from the plain view alone', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await createShortRoom(anne);
    await startAgainstBot(anne);
    await anne.getByLabel('the plain view: no board, every action a button').check();
    assert.equal(await anne.locator('.raft-board').count(), 0);
    const tree = anne.getByRole('list', {name: 'the view of the match'});
    // (A deal with one kind all connected starts with switches: 2% of short deals.)
    assert.match(await tree.innerText(), /phase: "(placing|switching)"/);

    const random = seeded(29);
    let moves = 0;
    for (let page; (page = await nextToAct([anne])); ++moves) {
      const before = await step(anne);
      const buttons = anne.locator('button.action');
      const n = await buttons.count();
      // Every button is one legal action of the view, sent unchanged.
      const chosen = buttons.nth(Math.floor(random() * n));
      const action = JSON.parse(await chosen.getAttribute('data-action'));
      assert.equal(typeof action.type, 'string');
      await chosen.click();
      await anne.waitForFunction((k) => Number(document.querySelector('.play').dataset.step) > k,
                                 before);
      assert.ok(moves < 400, 'the match should end');
    }
    assert.ok(await isOver(anne));
    await anne.locator('.result h2').waitFor();
    assert.match(await tree.innerText(), /over: true/);
    const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
    assert.equal(stored.status, 'finished');
    // The log tells each step in the game's own words, in the plain view too.
    await logOfSteps(anne, stored.actions);
    // (A deal with one kind all connected starts with switches: 2% of short deals.)
    if (stored.actions <= 200) {
      const placed = /^1\. Anne Bonny placed a (Yellow|Black)beard on ship \d+$/;
      const switched = /^1\. Anne Bonny switched pair \d+ \(ships \d+ and \d+\)$/;
      const first = await anne.locator('.log li').first().innerText();
      assert.ok(placed.test(first) || switched.test(first), first);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});
