// axe-core (from npm) on every screen of the client, as a club meets them: the name form, the
// lobby with rooms in it, a room before the start, the lobby with one's own match under way, every game's table at the moment its board
// shows its controls (on a wide screen and on a phone, where a board that pans is also seen
// panned to its far corner), a finished match with its rematch offer, a room closed under its
// players, the history, a replay with its chat, a leaderboard and a profile, the login form, the
// account screen of a guest and of an account, and the admin page signed in; in English and, for
// the lobby, a table and the account, in Italian. No violation of serious or critical impact may
// be left on any of them.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startServer, launch, createShortRoom, startAgainstBot, playOneMove, nextToAct, seeded,
        openRoomCard} from './harness.mjs';
import {enter, openTable, toControls, closeTable, GAMES, DESKTOP, PHONE} from './tables.mjs';
import {check} from './axe.mjs';

const TOKEN = 'harbour-master-axe-0123456789';

// On a phone a board's drawing is wider than its frame, which pans along it: pans it to its far
// corner and scrolls the page until the drawing covers the screen's top-left corner by some
// pixels, as a player who looks at the town's last row does. (axe reads an SVG <title> inside a
// control as text the control shows exactly then: a control's tooltip must not be held inside
// it.) False if no drawing pans.
async function panToCorner(page) {
  return page.evaluate(() => {
    const frame = [...document.querySelectorAll('.zoom-scroll')]
        .find((f) => f.scrollWidth > f.clientWidth + 1);
    if (!frame) return false;
    frame.scrollLeft = frame.scrollWidth;
    frame.scrollTop = frame.scrollHeight;
    const drawing = () => frame.querySelector('svg').getBoundingClientRect();
    if (drawing().top > -10) window.scrollBy(0, drawing().top + 10);
    const {left, top, right, bottom} = drawing();
    return left <= -1 && top <= -1 && right >= 1 && bottom >= 1;
  });
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
    await first.locator('#to-login').click();
    await first.locator('#login-name').waitFor();
    await check(first, 'the login form');

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
    // The lobby opens with it among the player's matches; its card leads back.
    await anne.getByRole('link', {name: 'Lobby'}).click();
    await anne.locator('#my-matches .my-match').waitFor();
    await check(anne, 'the lobby with the player\'s match under way');
    await anne.locator('#my-matches .my-match a.button').click();
    await anne.locator('.play').waitFor();
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
        if (viewport === PHONE && ['um-rum-und-ehre', 'raft-and-scupper'].includes(game)) {
          assert.ok(await panToCorner(page), `${game}: the drawing over the screen's corner`);
          await check(page, `${game} (${size}), the drawing panned to its far corner`);
          await page.evaluate(() => window.scrollTo(0, 0));
        }
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

    // The account: a guest's (sign up, log in), in Italian too, and an account's (its devices,
    // its password, logging out), on a wide screen and on a phone.
    await giulia.goto(`${server.url}#/account`);
    await giulia.locator('#signup-form').waitFor();
    await check(giulia, 'the account screen of a guest, in Italian');
    for (const [viewport, size] of [[DESKTOP, 'wide'], [PHONE, 'phone']]) {
      const page = await enter(browser, server.url, `Jack ${size}`, {viewport});
      await page.goto(`${server.url}#/account`);
      await page.locator('#signup-form').waitFor();
      await check(page, `the account screen of a guest (${size})`);
      await page.locator('#signup-password').fill('calico jack 1720');
      await page.locator('#signup-form button[type=submit]').click();
      await page.locator('.session.current').waitFor();
      await check(page, `the account screen of an account (${size})`);
    }

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
