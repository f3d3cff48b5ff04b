// Riff Raff's pieces can be told apart: at 1280x800 and on a 390x844 phone, every piece on the
// ship and the ghost of every kind offered to load is drawn at least a minimum size across
// (its longer side), and the kinds in sight are drawn in as many different colours.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, nextToAct, step} from './harness.mjs';

// The longer side of a piece's drawing, in CSS pixels, at least: the smallest kinds (a crate,
// a barrel) are 0.4 wide, which these sizes would fail if the board showed more than about
// 9.4 world units across on the wide screen, or 9.2 on the phone.
const MINIMUM = {desk: 24, phone: 16};
const SCREENS = {desk: {width: 1280, height: 800}, phone: {width: 390, height: 844}};

const sizes = (page, selector) => page.locator(selector).evaluateAll((nodes) => nodes.map((g) => {
  const r = g.getBoundingClientRect();
  return {kind: g.dataset.kind ?? g.closest('[data-kind]')?.dataset.kind,
          size: Math.max(r.width, r.height),
          fill: getComputedStyle(g.querySelector('.part-0')).fill};
}));

for (const [screen, viewport] of Object.entries(SCREENS)) {
  test(`Riff Raff's pieces are drawn ${MINIMUM[screen]} px or more across (${screen})`,
       async () => {
    const server = await startServer();
    const browser = await launch();
    try {
      const ann = await enter(browser, server.url, 'Ann Mills', viewport);
      await ann.getByLabel('Game', {exact: true}).selectOption('riff-raff');
      await ann.locator('#option-players').fill('3');
      await ann.getByRole('button', {name: 'Create room'}).click();
      await ann.waitForURL(/#\/room\/\d+$/);
      for (const seat of [1, 2]) {
        await ann.locator(`.seat[data-seat="${seat}"]`).getByRole('button', {name: 'Add bot'})
            .click();
        await ann.locator(`.seat[data-seat="${seat}"]:not(.empty)`).waitFor();
      }
      await ann.locator('#start:not([disabled])').click();
      await ann.locator('.riff-ship').waitFor();
      const measured = [];
      // Three loads of Ann's: the ghost of every kind she may load, and the cargo on board.
      for (let loads = 0; loads < 3;) {
        if (!await nextToAct([ann], 30000)) break;
        const before = await step(ann);
        await ann.locator('.riff-ship[data-frame="rest"]').waitFor();
        // Whichever way this question is answered, once it is drawn: a card, the set-down of a
        // load (whose action button is hidden behind it), or a plain action.
        await ann.locator('.riff-hand button.riff-card, .riff-set-down, .actions button.action:visible')
            .first().waitFor();
        if (await ann.locator('.riff-hand button.riff-card').count()) {
          await ann.locator('.riff-hand button.riff-card').last().click();
        } else if (await ann.locator('.riff-set-down').count()) {
          for (const kind of await ann.locator('.riff-kind').evaluateAll(
              (buttons) => buttons.map((b) => b.dataset.kind))) {
            await ann.locator(`.riff-kind[data-kind="${kind}"]`).click();
            await ann.locator(`.riff-ship .ghost[data-kind="${kind}"] .ghost-piece`).waitFor();
            const [ghost] = await sizes(ann, '.riff-ship .ghost .ghost-piece');
            measured.push({...ghost, kind, fill: null, what: 'ghost'});
          }
          measured.push(...(await sizes(ann, '.riff-ship .cargo .piece'))
              .map((p) => ({...p, what: 'cargo'})));
          ++loads;
          await ann.locator('.riff-set-down').click();
        } else {
          await ann.locator('.actions button.action:visible').first().click();
        }
        await ann.waitForFunction(
            (n) => Number(document.querySelector('.play').dataset.step) > n, before);
      }
      const cargo = measured.filter((m) => m.what === 'cargo');
      assert.ok(cargo.length >= 3, `only ${cargo.length} pieces of cargo measured`);
      assert.ok(measured.some((m) => m.what === 'ghost'), 'no ghost was measured');
      for (const m of measured) {
        assert.ok(m.size >= MINIMUM[screen],
                  `a ${m.kind} (${m.what}) is drawn ${m.size.toFixed(1)} px across`);
      }
      // One colour per kind: as many colours as kinds in sight.
      const colours = new Map(cargo.map((m) => [m.kind, m.fill]));
      assert.equal(new Set(colours.values()).size, colours.size,
                   `kinds share a colour: ${JSON.stringify([...colours])}`);
    } finally {
      await browser.close();
      await server.stop();
    }
  }, {timeout: 170000});
}
