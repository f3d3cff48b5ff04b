// Scalawag! hides each captain's crew cards: the player's own hand reaches that player's page
// only, and a spectator's page never receives a hand, nor an event meant for one captain.
// The game has no board yet, so this is also the plain view serving a game of its own.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, nextToAct, seeded, step} from './harness.mjs';

test('a spectator never receives a hidden hand; a player sees only its own', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await anne.getByLabel('Game', {exact: true}).selectOption('scalawag');
    await anne.getByLabel('window s').fill('1');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const room = Number(anne.url().match(/#\/room\/(\d+)$/)[1]);
    for (let seat = 1; seat <= 2; ++seat) {
      await anne.getByLabel(`bot for seat ${seat}`).selectOption('random');
      await anne.locator(`.seat[data-seat="${seat}"]`).getByRole('button', {name: 'Add bot'})
          .click();
      await anne.locator(`.seat[data-seat="${seat}"]`, {hasText: 'Bot (random)'}).waitFor();
    }
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();

    const jack = await enter(browser, server.url, 'Calico Jack');
    await jack.getByRole('link', {name: `Watch room ${room}`}).click();
    await jack.locator('.play').waitFor();

    // Anne plays from the buttons for a while; the bots and the windows' timer play on.
    const random = seeded(37);
    for (let i = 0; i < 12; ++i) {
      const page = await nextToAct([anne]);
      if (!page) break;
      const before = await step(anne);
      const buttons = anne.locator('button.action');
      await buttons.nth(Math.floor(random() * await buttons.count())).click();
      await anne.waitForFunction(
          (n) => Number(document.querySelector('.play').dataset.step) > n, before);
    }
    await jack.locator(`.play[data-step="${await step(anne)}"]`).waitFor();

    // Anne's page shows her hand; the spectator's shows none.
    const anneTree = anne.getByRole('list', {name: 'the view of the match'});
    assert.match(await anneTree.innerText(), /hand: \[/);
    const jackTree = jack.getByRole('list', {name: 'the view of the match'});
    assert.match(await jackTree.innerText(), /you: null/);
    assert.doesNotMatch(await jackTree.innerText(), /hand/);

    // Nothing hidden ever reached the spectator's browser: no hand, no one captain's event.
    const views = jack.received.filter((m) => m.type === 'state' || m.type === 'patch');
    assert.ok(views.filter((m) => m.type === 'patch').length > 3);
    for (const m of views) {
      const text = JSON.stringify(m);
      assert.doesNotMatch(text, /"hand"|"harbour_cards"|"allegiance":"|"to":\d/, text);
      if (m.type === 'state') assert.equal(m.view.you, null);
      for (const op of m.ops || []) assert.ok(!op.path.startsWith('/you'), op.path);
    }
    // While Anne's own views carry her hand and nobody else's.
    const mine = anne.received.filter((m) => m.type === 'state').at(-1).view;
    assert.ok(Array.isArray(mine.you.hand));
    assert.ok(mine.players.every((p) => !('hand' in p)));
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 150000});
