// Every game's table as a club meets it, at the moment the board shows its own controls (its
// targets lit, Riff Raff's loading controls, Colpaccio's raid button), in English and in
// Italian:
// - at 1280x800 the room folds to its line and the board, its controls, the turn and the
//   actions are all inside the screen, without scrolling;
// - on a 390x844 phone the page is no wider than the screen, the board's frame comes first and
//   within the screen (its drawing zooms and pans inside it), every target is 44 px or more and
//   no text is under 12 px;
// - at both sizes no text runs out of its box.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch} from './harness.mjs';
import {enter, openTable, toControls, closeTable, GAMES, DESKTOP, PHONE} from './tables.mjs';
import {layoutOf} from './layout.mjs';

// Where the board's drawing is: its zoom frame, or Colpaccio's table.
const frames = (page) => page.locator('.play .board :is(.zoom, .colp-table)').evaluateAll(
    (nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON()));

for (const locale of ['en-US', 'it-IT']) {
  test(`at 1280x800 every game's board and its controls fit on the screen (${locale})`,
       async () => {
    const server = await startServer();
    const browser = await launch();
    try {
      for (const game of GAMES) {
        const page = await enter(browser, server.url, `Anne ${game}`,
                                 {viewport: DESKTOP, locale});
        await openTable(page, game);
        assert.ok(await toControls(page, game), `${game}: the match went on to its controls`);
        assert.equal(await page.locator('.room-card').evaluate((d) => d.open), false,
                     `${game}: the room is folded to its line`);
        const layout = await layoutOf(page);
        assert.equal(layout.scrolled, 0);
        assert.deepEqual(layout.outside, [], `${game}: outside the screen`);
        assert.deepEqual(layout.spilling, [], `${game}: text out of its box`);
        assert.equal(layout.pageWidth, DESKTOP.width, `${game}: no sideways scrolling`);
        await closeTable(page);
        await page.context().close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  }, {timeout: 170000});

  test(`on a 390x844 phone every game's board is first, pans, and has targets and text ` +
       `large enough (${locale})`, async () => {
    const server = await startServer();
    const browser = await launch();
    try {
      for (const game of GAMES) {
        const page = await enter(browser, server.url, `Anne ${game}`, {viewport: PHONE, locale});
        await openTable(page, game);
        assert.ok(await toControls(page, game), `${game}: the match went on to its controls`);
        const layout = await layoutOf(page);
        assert.equal(layout.pageWidth, PHONE.width, `${game}: the page is wider than the phone`);
        for (const frame of await frames(page)) {
          assert.ok(frame.left >= 0 && frame.right <= PHONE.width,
                    `${game}: the board's frame runs past the screen: ${JSON.stringify(frame)}`);
          assert.ok(frame.top < PHONE.height / 3,
                    `${game}: the board comes first (its top at ${frame.top})`);
          if (game !== 'colpaccio') {
            assert.ok(frame.bottom <= PHONE.height,
                      `${game}: the board's frame is higher than the screen`);
          }
        }
        assert.deepEqual(layout.small, [], `${game}: targets under 44 px`);
        assert.deepEqual(layout.tiny, [], `${game}: text under 12 px`);
        assert.deepEqual(layout.spilling, [], `${game}: text out of its box`);

        // Zoomed in, the drawing is larger than its frame and pans; the whole board again fits.
        const zoom = page.locator('.play .board .zoom').first();
        if (await zoom.count()) {
          const before = await zoom.locator('svg').first().evaluate((s) => s.getBoundingClientRect().width);
          await zoom.locator('.zoom-in').click();
          const after = await zoom.locator('svg').first().evaluate((s) => s.getBoundingClientRect().width);
          assert.ok(after > before * 1.2, `${game}: zoomed in (${before} to ${after})`);
          const scroller = zoom.locator('.zoom-scroll');
          assert.ok(await scroller.evaluate((s) => s.scrollWidth > s.clientWidth),
                    `${game}: the zoomed drawing pans`);
          await zoom.locator('.zoom-fit').click();
          assert.ok(await scroller.evaluate((s) => s.scrollWidth <= s.clientWidth + 1),
                    `${game}: the whole drawing fits its frame`);
        }
        await closeTable(page);
        await page.context().close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  }, {timeout: 170000});
}
