// Scalawag! through its board: a person against two random bots, naming the target of an order
// by clicking (and once by keyboard) a ship around the harbour, to the end of the match.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, startWithRandomBots, nextToAct, seeded, isOver, step,
        clickAnAction, logOfSteps} from './harness.mjs';

const lastSent = (page) => page.sent.filter((m) => m.type === 'action').at(-1)?.action;

async function clickAndWait(page, target, how = 'click') {
  const before = await step(page);
  if (how === 'keyboard') {
    await target.focus();
    await page.keyboard.press('Enter');
  } else {
    await target.click();
  }
  await page.waitForFunction(
      (k) => Number(document.querySelector('.play').dataset.step) > k, before);
}

async function startAgainstRandomBots(anne) {
  await anne.goto(anne.url().replace(/#.*$/, '#/'));
  await anne.getByLabel('Game', {exact: true}).selectOption('scalawag');
  await anne.getByRole('button', {name: 'Create room'}).click();
  await anne.waitForURL(/#\/room\/\d+$/);
  await anne.locator('.seat[data-seat="0"]', {hasText: 'Anne Bonny'}).waitFor();
  const seats = await anne.locator('.seat').count();
  assert.ok(seats >= 3, `a Scalawag! room has ${seats} seats`);
  await startWithRandomBots(anne);
  await anne.locator('.scalawag-table').waitFor();
}

test('a browser names targets by clicking ships, and plays Scalawag! to its end', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const random = seeded(7);
    let clicks = 0;
    // The deal is the server's: a captain sunk early may never attack, so another match is
    // played until ships were clicked (one match almost always suffices).
    for (let match = 1; clicks < 2; ++match) {
      assert.ok(match <= 4, `targets were named by clicking ships only ${clicks} times`);
      await startAgainstRandomBots(anne);
      let idle = 0;
      for (let moves = 0; await nextToAct([anne], 30000); ++moves) {
        assert.ok(moves < 400, 'the match should end');
        const targets = anne.locator('.scalawag-table .ship-card.target');
        const n = await targets.count();
        if (n > 0) {
          // Each ship offered is one of the view's legal single-target actions, and a click
          // (the first time, Enter on the focused ship) sends exactly that action.
          const ship = targets.nth(Math.floor(random() * n));
          const seat = Number(await ship.getAttribute('data-seat'));
          // Named by what the card shows, its captain first, then by what a click does.
          const named = await ship.getAttribute('aria-label');
          assert.ok(named.startsWith(await ship.locator('text.who').textContent()), named);
          assert.match(named, /: (fire on|board|sail to windward of|stir a mutiny on) \S/);
          await clickAndWait(anne, ship, clicks === 0 ? 'keyboard' : 'click');
          assert.deepEqual(lastSent(anne), {type: 'targets', targets: [seat]});
          ++clicks;
          idle = 0;
          continue;
        }
        // Attacks without a claim (nothing to challenge) lead to a target most surely.
        const attack = anne.locator('.actions button.action:visible',
                                    {hasText: /^(Fire Cannons|Close and Board)$/});
        if (await attack.count()) {
          await clickAndWait(anne, attack.first());
          idle = 0;
        } else if (await clickAnAction(anne, random)) {
          idle = 0;
        } else {
          // Missed only while the match moves on (a window closing); not for long.
          assert.ok(++idle < 100, 'Anne is to act with nothing in sight to click');
        }
      }
      assert.ok(await isOver(anne));
      await anne.locator('.result h2').waitFor();
      const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
      assert.equal(stored.game, 'scalawag');
      assert.equal(stored.status, 'finished');
      await logOfSteps(anne, stored.actions);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});
