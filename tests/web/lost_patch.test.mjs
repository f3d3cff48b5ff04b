// Versions keep the view in step: a patch that never arrives, and one that does not apply, are
// noticed, answered with sync, and the board shows the match as it is.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, createShortRoom, playOneMove, seeded, step, until,
        startAgainstBot} from './harness.mjs';

test('a missed patch and a broken one are answered with sync', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    // Between the page and the server: spoil the patch of version 2, and drop the one that
    // brings the crew's choice (after Anne's last placement: the bot's choice follows at once).
    const sent = [];
    await page.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((text) => {
        sent.push(JSON.parse(text));
        upstream.send(text);
      });
      upstream.onMessage((text) => {
        const message = JSON.parse(text);
        if (message.type === 'patch' &&
            message.ops.some((op) => op.path === '/phase' && op.value === 'choosing')) return;
        if (message.type === 'patch' && message.version === 2) {
          message.ops = [{op: 'replace', path: '/no/such/field', value: 1}];
          return ws.send(JSON.stringify(message));
        }
        ws.send(text);
      });
    });
    await page.goto(server.url);
    await page.getByLabel('Your name').fill('Anne Bonny');
    await page.getByRole('button', {name: 'Enter the lobby'}).click();
    await createShortRoom(page);
    await startAgainstBot(page);

    const random = seeded(31);
    await until(async () => {
      const raft = page.locator('.raft-legend');
      if (await raft.filter({hasText: /At sea\.|The match is over\./}).count()) return true;
      if (await page.locator('.play[data-to-act="true"]').count()) {
        await playOneMove(page, random);
      }
      return false;
    }, 'the setup done and a crew chosen', 30000);
    const match = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0].id;
    // Version 2 did not apply, the crew's choice came after a gap: a sync for each.
    const syncs = sent.filter((m) => m.type === 'sync');
    assert.equal(syncs.length, 2);
    assert.ok(syncs.every((m) => m.match === match));
    // And the pirates on the board are the four placed, where the stored match has them.
    const replay = await (await fetch(`${server.url}api/matches/${match}/replay`)).json();
    const now = replay.steps[await step(page)].view;
    const aboard = now.ships.filter((ship) => ship.pirate).map((ship) => String(ship.id)).sort();
    // (A pirate is drawn on its ship's cell.)
    const shown = await page.locator('.raft-board').evaluate((board) => {
      const cells = [...board.querySelectorAll('g.pirate')].map((p) => p.getAttribute('transform'));
      return [...board.querySelectorAll('g.ship')]
          .filter((g) => cells.includes(g.getAttribute('transform')))
          .map((g) => g.dataset.ship).sort();
    });
    assert.equal(aboard.length, 4);
    assert.deepEqual(shown, aboard);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
