// Every text a person reads comes from a catalog (tests/web/pseudo.mjs): in the pseudo-language,
// the name form, the lobby, an error, every game's new room form with its options set by hand, a
// whole match of Raft & Scupper in a private room with its chat, board, log and result, the
// history, a replay at its start, middle and end, a leaderboard, a profile, the admin page, and
// the account (a guest's, an account's, the login form). pseudo_boards.test.mjs goes through the
// other games' boards.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {startServer, launch, seeded, until, nextToAct, playOneMove} from './harness.mjs';
import {assertFromCatalogs, pseudoPage, enterPseudo, over, startWithBots} from './pseudo.mjs';

const TOKEN = 'pseudo-language-admin-token-0123';

test('in the pseudo-language, every text of the lobby, a match, the history and the admin page ' +
     'comes from a catalog', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tortuga-web-'));
  writeFileSync(join(dir, 'admin-token'), `${TOKEN}\n`);
  const server = await startServer({dir, args: ['--admin-token-file', join(dir, 'admin-token')]});
  const browser = await launch();
  const random = seeded(7);
  try {
    const anne = await pseudoPage(browser, server.url);
    await anne.locator('#name').waitFor();
    await assertFromCatalogs(anne, 'the name form');
    await enterPseudo(anne, 'Anne');
    await until(async () => (await anne.locator('#status').getAttribute('data-state')) ===
                             'connected', 'the connection');
    await assertFromCatalogs(anne, 'the lobby');

    // An error, as a person meets one: a code that finds no room.
    await anne.locator('#code').fill('NOROOM');
    await anne.locator('form.inline button[type=submit]').click();
    await anne.locator('main .error').filter({hasText: /\S/}).first().waitFor();
    await assertFromCatalogs(anne, 'an error');

    // Every game's form, every option set by hand showing its editor item by item.
    const games = await anne.locator('#game option').evaluateAll((o) => o.map((x) => x.value));
    assert.equal(games.length, 5);
    for (const game of games) {
      await anne.locator('#game').selectOption(game);
      for (const box of await anne.locator('.structured-option > input').all()) await box.check();
      await assertFromCatalogs(anne, `${game}: the new room form`);
      for (const box of await anne.locator('.structured-option > input').all()) await box.uncheck();
    }

    // A short match of Raft & Scupper to its end, with a line of chat, in a private room (which
    // says who may read its matches).
    await startWithBots(anne, server.url, 'raft-and-scupper', async () => {
      await anne.locator('#option-short_game').check();
      await anne.locator('#private').check();
    });
    await anne.locator('#match-privacy').waitFor({state: 'attached'});
    await anne.locator('#chat-text').fill('Ahoy');
    await anne.locator('.chat-form button').click();
    await anne.locator('.chat-line').waitFor();
    // Played through the board, scuppering when it can: the match ends soon.
    let moves = 0;
    for (let page; (page = await nextToAct([anne]));) {
      await playOneMove(page, random);
      if (++moves === 3 || moves === 12) await assertFromCatalogs(anne, `move ${moves}`);
    }
    assert.ok(await over(anne));
    await anne.locator('.result h2').waitFor();
    await assertFromCatalogs(anne, 'the result');

    await anne.goto(`${server.url}#/history`);
    await anne.locator('table.matches tbody tr[data-match]').first().waitFor();
    await assertFromCatalogs(anne, 'the history');
    await anne.goto(`${server.url}#/replay/1`);
    await anne.locator('#step-caption').filter({hasText: /\S/}).waitFor();
    await assertFromCatalogs(anne, 'the replay, at its start');
    for (let i = 0; i < 8; ++i) await anne.keyboard.press('ArrowRight');
    await assertFromCatalogs(anne, 'the replay, some steps in');
    await anne.keyboard.press('End');
    await assertFromCatalogs(anne, 'the replay, at its end');

    // A leaderboard with the players found by name, and a profile with its latest matches.
    await anne.goto(`${server.url}#/leaderboard/raft-and-scupper`);
    await anne.locator('.leaderboard-table tbody tr').first().waitFor();
    await anne.locator('#player-search').fill('Anne');
    await anne.locator('form[role=search] button').click();
    await anne.locator('#players-found a').first().waitFor();
    await assertFromCatalogs(anne, 'a leaderboard, players found');
    await anne.goto(`${server.url}#/history`);
    await anne.locator('table.matches .profile-link').first().click();
    await anne.locator('.profile-matches tbody tr').first().waitFor();
    await assertFromCatalogs(anne, 'a profile');

    // The finished match's room closed once Anne went to the history: a room under way for the
    // admin page to list.
    await startWithBots(anne, server.url, 'raft-and-scupper');

    const admin = await pseudoPage(browser, `${server.url}admin.html`);
    await admin.locator('#admin-token').waitFor();
    await assertFromCatalogs(admin, 'the admin sign-in');
    await admin.locator('#admin-token').fill(TOKEN);
    await admin.locator('form button[type=submit]').click();
    await admin.locator('.admin-room').first().waitFor();
    await admin.locator('#drain-state').filter({hasText: /\S/}).waitFor();
    await assertFromCatalogs(admin, 'the admin page');

    // The account: a guest's, then an account's, with its devices and a refusal.
    await anne.goto(`${server.url}#/account`);
    await anne.locator('#signup-password').fill('short');
    await anne.locator('#signup-form button[type=submit]').click();
    await anne.locator('#signup-problem').filter({hasText: /\S/}).waitFor();
    await assertFromCatalogs(anne, 'the account of a guest, with a refusal');
    await anne.locator('#signup-password').fill('a ship of the line');
    await anne.locator('#signup-form button[type=submit]').click();
    await anne.locator('.session.current').waitFor();
    await assertFromCatalogs(anne, 'the account of an account');
    await anne.locator('#log-out').click();
    await anne.locator('#login-form').waitFor();
    await assertFromCatalogs(anne, 'the login form, logged out');

    assert.deepEqual([...anne.problems, ...admin.problems], []);
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 170000});
