// A spectator watches a private room by its code: sees the board as the match goes on, also
// after a reload, and receives only the spectators' view (no seat, no legal actions), so nothing
// hidden reaches the page. The match's replay is the room's members': the spectator reads it with
// the code, a stranger without it finds no such match.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, createShortRoom, playOneMove, nextToAct, seeded,
        step} from './harness.mjs';
import {catalogs} from './catalogs.mjs';

// What the page says to one refused a match (the client words errors by their code).
const NO_SUCH_MATCH = catalogs().en.errors.no_such_match;

test('a spectator sees the public view only and cannot act', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    const room = await createShortRoom(anne, {isPrivate: true});
    const code = await anne.locator('#join-code').innerText();
    assert.match(code, /^[A-Z2-9]{6}$/);
    assert.equal(await anne.locator('#invitation').innerText(),
                 `${server.url}#/room/${room}/${code}`);
    await anne.getByRole('button', {name: 'Add bot'}).click();
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();

    const jack = await enter(browser, server.url, 'Calico Jack');
    await jack.locator('#rooms').getByText(/No open rooms/).waitFor();  // private: not listed
    await jack.getByLabel('Room code').fill(code.toLowerCase());
    await jack.getByRole('button', {name: 'Watch by code'}).click();
    await jack.locator('.play').waitFor();
    assert.match(jack.url(), new RegExp(`#/watch/${room}/${code}$`));
    assert.match(await jack.locator('.room-info').innerText(), /you are watching/);

    const random = seeded(5);
    for (let i = 0; i < 8; ++i) {
      if (i === 4) {  // a reload watches the private room again, by its code
        await jack.reload();
        await jack.locator(`.play[data-step="${await step(anne)}"]`).waitFor();
      }
      const page = await nextToAct([anne]);
      if (!page) break;
      await playOneMove(page, random);
      await nextToAct([anne]);  // the bot has answered: the match waits for Anne, or is over
      const shown = await step(anne);
      await jack.locator(`.play[data-step="${shown}"]`).waitFor();
      assert.equal(await jack.locator('.raft-board g.ship').count(),
                   await anne.locator('.raft-board g.ship').count());
    }
    // Nothing to click for a spectator: no action buttons, no clickable ships or pirates.
    assert.equal(await jack.locator('button.action').count(), 0);
    assert.equal(await jack.locator('.raft-board .clickable').count(), 0);
    assert.match(await jack.locator('.turn').innerText(), /Waiting for|over/);

    // Every view that reached the spectator's browser is the spectators' own.
    const views = jack.received.filter((m) => m.type === 'state' || m.type === 'patch');
    assert.ok(views.some((m) => m.type === 'state'));
    assert.ok(views.filter((m) => m.type === 'patch').length >= 1);
    for (const m of views) {
      if (m.type === 'state') {
        assert.equal(m.view.seat, null);
        assert.deepEqual(m.view.legal, []);
      } else {
        for (const op of m.ops) {
          assert.ok(!/^\/(legal|seat)(\/|$)/.test(op.path) || (op.path === '/legal' &&
                    Array.isArray(op.value) && op.value.length === 0),
                    `a spectator's patch touches ${op.path}`);
        }
      }
    }

    const match = anne.received.find((m) => m.type === 'room' && m.room.match).room.match;
    await jack.goto(`${server.url}#/replay/${match}/${code}`);
    await jack.locator('#step-caption', {hasText: /^Step \d+ of \d+/}).waitFor();
    const stranger = await enter(browser, server.url, 'Stranger');
    await stranger.goto(`${server.url}#/replay/${match}`);
    await stranger.locator('[role=alert]', {hasText: NO_SUCH_MATCH}).waitFor();
    assert.ok(!stranger.received.some((m) => m.type === 'replay' || m.type === 'match'));
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
