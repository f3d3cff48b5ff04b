// Every game on a phone (390x844): once the match is on, its board comes first (what is played
// on: the board's records, its players and events, may follow) and the actions after it, the
// room is folded to its line (and opens and closes from the keyboard, staying as the player
// left it through the next views), and nothing is wider than the screen. On a wide screen the
// room stands open before the start and folds to its line once the match is on. The lobby's
// running matches, at its top, fit a phone too.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import {TortugaClient} from '../../sdk/js/index.js';
import {startServer, launch, enter, step, until, createShortRoom} from './harness.mjs';
import {layoutOf} from './layout.mjs';

const PHONE = {width: 390, height: 844};
const GAMES = {'raft-and-scupper': 2, scalawag: 3, 'um-rum-und-ehre': 3, colpaccio: 3,
               'riff-raff': 3};

async function startWithBots(page, game, players) {
  await page.goto(page.url().replace(/#.*$/, '#/'));
  await page.getByLabel('Game', {exact: true}).selectOption(game);
  if (game !== 'raft-and-scupper') {
    await page.locator('#option-players').fill(String(players));
  }
  await page.getByRole('button', {name: 'Create room'}).click();
  await page.waitForURL(/#\/room\/\d+$/);
  for (let seat = 1; seat < players; ++seat) {
    const row = page.locator(`.seat[data-seat="${seat}"]`);
    await row.getByRole('button', {name: 'Add bot'}).click();
    await page.locator(`.seat[data-seat="${seat}"]:not(.empty)`).waitFor();
  }
  await page.locator('#start:not([disabled])').click();
  await page.locator('.play .board > *').first().waitFor();
}

const place = (page) => page.evaluate(() => {
  const top = (selector) => document.querySelector(selector)?.getBoundingClientRect().top;
  // The board's drawn parts (on a phone its wrappers take no box of their own: its parts are
  // laid out with the actions' panel).
  const parts = [...document.querySelectorAll('.play .board *')]
      .filter((e) => !e.closest('svg') || e.matches('svg'))
      // A drawing zoomed in its frame pans there: the frame is what takes the screen.
      .filter((e) => !e.parentElement.closest('.zoom-scroll, .colp-convoy'))
      .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  return {board: Math.min(...parts.map((r) => r.top)),
          boardRight: Math.max(...parts.map((r) => r.right)), side: top('.play .side'),
          room: top('.room-info'),
          records: top('.umrum-side, .colp-areas, .scalawag-notes, .riff-players, .raft-legend'), pageWidth: document.documentElement.scrollWidth,
          // (What a frame inside the screen clips, or scrolls, does not run past it.)
          wide: [...document.querySelectorAll('main *')]
              .filter((e) => !e.closest('svg') && e.getBoundingClientRect().right > innerWidth + 0.5)
              .filter((e) => {
                for (let a = e.parentElement; a; a = a.parentElement) {
                  if (getComputedStyle(a).overflowX !== 'visible' &&
                      a.getBoundingClientRect().right <= innerWidth + 0.5) return false;
                }
                return true;
              })
              .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)};
});

test('on a phone every game shows its board first, then the actions, the room folded',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny', PHONE);
    for (const [game, players] of Object.entries(GAMES)) {
      await startWithBots(anne, game, players);
      const at = await place(anne);
      assert.ok(at.board < at.side, `${game}: the board (${at.board}) is not above the ` +
                `actions (${at.side})`);
      assert.ok(at.side < at.room, `${game}: the room comes after the actions`);
      assert.ok(at.side < at.records, `${game}: the board's players and events come after the ` +
                'actions');
      assert.ok(at.pageWidth <= PHONE.width, `${game}: the page is ${at.pageWidth} px wide`);
      assert.deepEqual(at.wide, [], `${game}: these run past the screen's edge`);
      assert.ok(at.boardRight <= PHONE.width, `${game}: the board runs past the screen`);

      const list = anne.locator('details.room-card');
      assert.equal(await list.evaluate((d) => d.open), false, `${game}: the seats are folded`);
      assert.equal(await anne.locator('.seat').first().isVisible(), false);
      // The keyboard opens it, and it stays open through the views that follow.
      await list.locator('summary').focus();
      await anne.keyboard.press('Enter');
      await anne.locator('.seat[data-seat="1"]').waitFor();
      const before = await step(anne);
      await until(async () => await step(anne) > before || (await anne.locator('.play')
          .getAttribute('data-to-act')) === 'true', `${game}: a new view`, 20000);
      await anne.locator('.seat[data-seat="1"]').waitFor();
      assert.equal(await list.evaluate((d) => d.open), true);
      await list.locator('summary').focus();
      await anne.keyboard.press('Enter');
      await until(async () => !await anne.locator('.seat').first().isVisible(), 'folded again');
      // A player has at most 4 rooms until they close (too_many_rooms), and there are 5 games:
      // Anne closes each once it is seen, as a host who is done with it does.
      await list.locator('summary').click();
      await anne.locator('#close-room').click();
      await anne.getByText('The host closed this room and stopped its match.').waitFor();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});

test('on a wide screen the room stands open before the start, folded to its line during ' +
     'the match', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny', {width: 1280, height: 800});
    await anne.getByLabel('Game', {exact: true}).selectOption('scalawag');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const card = anne.locator('details.room-card');
    assert.equal(await card.evaluate((d) => d.open), true);
    for (const seat of [1, 2]) {
      await anne.locator(`.seat[data-seat="${seat}"]`).getByRole('button', {name: 'Add bot'})
          .click();
      await anne.locator(`.seat[data-seat="${seat}"]:not(.empty)`).waitFor();
    }
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play .board > *').first().waitFor();
    assert.equal(await card.evaluate((d) => d.open), false);
    assert.equal(await anne.locator('.seat').first().isVisible(), false);
    const line = await card.locator('summary').boundingBox();
    assert.ok(line.height < 50, `the room's line is ${line.height} px high`);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 60000});

test('on a phone the lobby opens with the running matches, each card inside the screen',
     async () => {
  const server = await startServer();
  const browser = await launch();
  const bart = new TortugaClient({url: `ws://127.0.0.1:${server.port}/ws`, WebSocket,
                                  name: 'Bartholomew Roberts, Black Bart'});
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny', PHONE);
    await bart.connect();
    // Against a person with a long name, and at a table of three with bots.
    const room = await createShortRoom(anne);
    await bart.joinRoom(room);
    await anne.locator('.seat[data-seat="1"]:not(.empty)').waitFor();
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play .board > *').first().waitFor();
    await startWithBots(anne, 'scalawag', 3);
    await anne.goto(anne.url().replace(/#.*$/, '#/'));
    await until(async () => await anne.locator('#my-matches .my-match').count() === 2,
                'both matches listed');
    // The cards alone are measured: the rest of the lobby is another test's.
    await anne.evaluate(() => {
      for (const part of document.querySelectorAll('main > *')) {
        if (part.id !== 'my-matches') part.remove();
      }
    });
    const layout = await layoutOf(anne);
    assert.ok(layout.pageWidth <= PHONE.width, `the page is ${layout.pageWidth} px wide`);
    assert.deepEqual(layout.small, [], 'targets smaller than a fingertip');
    assert.deepEqual(layout.tiny, [], 'text under 12 px');
    assert.deepEqual(layout.spilling, [], 'text out of its box');
  } finally {
    bart.close();
    await browser.close();
    await server.stop();
  }
}, {timeout: 60000});
