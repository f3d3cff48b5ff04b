// axe-core (from npm) on every screen of the client, as a club meets them: the name form, the
// lobby with rooms in it, a room before the start, every game's table at the moment its board
// shows its controls (on a wide screen and on a phone), a finished match with its rematch
// offer, a room closed under its players, the history, a replay with its chat, a leaderboard and
// a profile, and the admin
// page signed in; in English and, for the lobby and a table, in Italian. No violation of
// serious or critical impact may be left on any of them.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, mkdtempSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startServer, launch, createShortRoom, startAgainstBot, playOneMove, nextToAct, seeded,
        openRoomCard} from './harness.mjs';
import {enter, openTable, toControls, closeTable, GAMES, DESKTOP, PHONE} from './tables.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
                               'utf8');
const TOKEN = 'harbour-master-axe-0123456789';

// The page's violations of serious or critical impact, each with where it is. axe is put in the
// page as the test's own script (the page's Content-Security-Policy lets no inline script run).
async function serious(page) {
  if (!await page.evaluate(() => typeof window.axe === 'object')) await page.evaluate(axeSource);
  const {violations} = await page.evaluate(() => window.axe.run(document,
                                                                {resultTypes: ['violations']}));
  return violations.filter((v) => ['serious', 'critical'].includes(v.impact))
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ` +
                                         n.failureSummary.replace(/\s+/g, ' ')));
}

async function check(page, where) {
  assert.deepEqual(await serious(page), [], `${where}: axe-core's serious violations`);
}

test('no screen has a serious or critical accessibility violation', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-web-'));
  writeFileSync(join(dir, 'admin-token'), `${TOKEN}\n`);
  const server = await startServer({dir, args: ['--admin-token-file', join(dir, 'admin-token')]});
  const browser = await launch();
  try {
    // The name form.
    const first = await (await browser.newContext({viewport: DESKTOP})).newPage();
    await first.goto(server.url);
    await first.locator('#name').waitFor();
    await check(first, 'the name form');

    // The lobby with rooms in it, one of them a private room of one's own.
    const mary = await enter(browser, server.url, 'Mary Read');
    await createShortRoom(mary);
    const anne = await enter(browser, server.url, 'Anne Bonny');
    await anne.locator('.room').first().waitFor();
    await check(anne, 'the lobby');
    await createShortRoom(anne, {isPrivate: true});
    await anne.locator('#join-code').waitFor();
    await check(anne, 'a private room before the start');

    // A short match against a bot, played to its end: the result and the rematch.
    await startAgainstBot(anne);
    await anne.locator('#chat-text').fill('Fair winds');
    await anne.locator('.chat-form button').click();
    await anne.locator('#chat .chat-line').waitFor();
    await check(anne, 'a match under way, with chat');
    const random = seeded(7);
    for (let page; (page = await nextToAct([anne]));) await playOneMove(page, random);
    await anne.locator('.result').waitFor();
    await anne.locator('#rematch').waitFor();
    await check(anne, 'a finished match');
    await anne.locator('#rematch').click();
    await anne.locator('#rematch-offer, .play[data-over="false"]').first().waitFor();
    await check(anne, 'a rematch offered');

    // The history and the replay, with a line of chat said during a match.
    await anne.getByRole('link', {name: 'History'}).click();
    await anne.locator('table.matches tbody tr[data-match]').first().waitFor();
    await check(anne, 'the history');
    const match = await anne.locator('table.matches tbody tr[data-match]').first()
        .getAttribute('data-match');
    await anne.goto(`${server.url}#/replay/${match}`);
    await anne.locator('#step-caption').filter({hasText: /\S/}).waitFor();
    await check(anne, 'a replay');

    // A leaderboard, and a profile with its latest matches (ratings.test.mjs checks the ones
    // with rated players and a plot).
    await anne.getByRole('link', {name: 'Leaderboards'}).click();
    await anne.locator('.leaderboard-table tbody tr').first().waitFor();
    await check(anne, 'a leaderboard');
    await anne.goto(`${server.url}#/history`);
    await anne.locator('table.matches .profile-link').first().click();
    await anne.locator('#finish-rate').waitFor();
    await check(anne, 'a profile');

    // Every game's table, on a wide screen and on a phone.
    for (const [viewport, size] of [[DESKTOP, 'wide'], [PHONE, 'phone']]) {
      const page = await enter(browser, server.url, `Kim ${size}`, {viewport});
      for (const game of GAMES) {
        await openTable(page, game);
        await toControls(page, game);
        await check(page, `${game} (${size})`);
        await closeTable(page);
        await check(page, `${game}: the room closed (${size})`);
      }
    }

    // In Italian: the lobby and a table.
    const giulia = await enter(browser, server.url, 'Giulia', {locale: 'it-IT'});
    await check(giulia, 'the lobby in Italian');
    await openTable(giulia, 'um-rum-und-ehre');
    await toControls(giulia, 'um-rum-und-ehre');
    await openRoomCard(giulia);
    await check(giulia, 'Um Rum & Ehre in Italian, the room open');

    // The admin page, before and after signing in.
    const admin = await (await browser.newContext({viewport: DESKTOP})).newPage();
    await admin.goto(`${server.url}admin.html`);
    await admin.getByLabel('Admin token').waitFor();
    await check(admin, 'the admin page');
    await admin.getByLabel('Admin token').fill(TOKEN);
    await admin.getByRole('button', {name: 'Sign in'}).click();
    await admin.locator('.admin-room').first().waitFor();
    await check(admin, 'the admin page signed in');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});
