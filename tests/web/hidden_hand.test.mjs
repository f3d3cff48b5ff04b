// Scalawag! hides each captain's crew cards: the player's own hand reaches that player's page
// only, and a spectator's page never receives a hand, nor an event meant for one captain.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, nextToAct, seeded, step, clickAnAction} from './harness.mjs';

test('a spectator never receives a hidden hand; a player sees only its own', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await anne.getByLabel('Game', {exact: true}).selectOption('scalawag');
    await anne.getByLabel('Challenge window, in seconds').fill('1');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const room = Number(anne.url().match(/#\/room\/(\d+)$/)[1]);
    for (let seat = 1; seat <= 2; ++seat) {
      await anne.getByLabel(`bot for seat ${seat + 1}`).selectOption('random');
      await anne.locator(`.seat[data-seat="${seat}"]`).getByRole('button', {name: 'Add bot'})
          .click();
      await anne.locator(`.seat[data-seat="${seat}"]`, {hasText: `Bot ${seat + 1} (easy)`})
          .waitFor();
    }
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();

    const jack = await enter(browser, server.url, 'Calico Jack');
    await jack.getByRole('link', {name: `Watch room ${room}`}).click();
    await jack.locator('.play').waitFor();

    // Anne plays from the buttons for a while; the bots and the windows' timer play on.
    const random = seeded(37);
    for (let i = 0; i < 12; ++i) {
      if (!await nextToAct([anne])) break;
      await clickAnAction(anne, random);
    }
    // (The windows' timer may move the match on meanwhile: the spectator catches up.)
    await jack.waitForFunction((n) => Number(document.querySelector('.play').dataset.step) >= n,
                               await step(anne));

    // Anne's page shows her hand, card by card; the spectator's shows none.
    await anne.locator('.scalawag .hand', {hasText: 'Your hand'}).waitFor();
    const cards = await anne.locator('.scalawag .hand .card').allInnerTexts();
    const shown = await anne.locator('.scalawag .hand').innerText();
    assert.ok(cards.length > 0 || /no cards/.test(shown), shown);
    for (const card of cards) {
      assert.match(card.toLowerCase(), /^(sailor|gunner|marine|pilot|mutineer|lookout)$/);
    }
    assert.equal(await jack.locator('.scalawag .hand').innerText(), '');
    assert.doesNotMatch(await jack.locator('#screen').innerText(), /Your hand/);
    assert.equal(await jack.locator('.scalawag-table .ship-card').count(), 3);

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
