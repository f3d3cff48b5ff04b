// What the server says reaches an Italian reader in Italian, from the catalogs by the keys the
// server sends, never as the server's English: refusals that name values (lines said faster than
// the server's allowance, with the allowance; a line over the length limit, which the SDK refuses
// as the server would, with the limit and the line's length), the end of a match (who made the
// Colpaccio and with how much prestige, the players named as the room names them), and the room
// closed by its host without a word (said so, without a reason).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, seeded, nextToAct, isOver, clickAnAction} from './harness.mjs';
import {useCatalogs} from './catalogs.mjs';
import {serverText} from '../../web/js/server_words.js';
import {t} from '../../web/js/i18n.js';

test('an Italian page says the server\'s refusals and results in Italian, with their values',
     async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const context = await browser.newContext({locale: 'it-IT',
                                              viewport: {width: 1200, height: 860}});
    const page = await context.newPage();
    page.on('pageerror', (error) => { throw new Error(`the page: ${error.message}`); });
    page.on('console', (message) => {
      if (message.text().startsWith('i18n:')) throw new Error(message.text());
    });
    await page.goto(server.url);
    await page.getByLabel('Il tuo nome').fill('Giulia');
    await page.getByRole('button', {name: 'Entra nella sala'}).click();
    await page.getByRole('heading', {name: 'Sala'}).waitFor();
    await page.getByLabel('Gioco', {exact: true}).selectOption('colpaccio');
    await page.getByLabel('Tempo per ogni scelta, in secondi').fill('600');
    await page.getByRole('button', {name: 'Crea la stanza'}).click();
    await page.waitForURL(/#\/room\/\d+$/);
    await page.getByLabel('bot per il posto 2').selectOption('random');
    await page.locator('.seat[data-seat="1"]').getByRole('button', {name: 'Aggiungi un bot'})
        .click();
    await page.locator('.seat[data-seat="1"]', {hasText: 'Bot 2 (facile)'}).waitFor();

    useCatalogs('it');
    const refusal = page.locator('.chat .error');
    // Eight lines sent at once: the server says five, refuses the others, and says with what
    // allowance (five in a row, then one every two seconds).
    await page.locator('#chat-text').fill('Ahoy');
    await page.evaluate(() => {
      const form = document.querySelector('.chat-form');
      for (let i = 0; i < 8; ++i) form.requestSubmit();
    });
    await refusal.filter({hasText: /\S/}).waitFor();
    assert.equal(await refusal.innerText(),
                 t('errors.chat_rate_limited', {lines: 5, every_s: 2}));
    assert.match(await refusal.innerText(), /5 di fila, poi uno ogni 2 s/);

    // A line over the length limit, with the limit and the line's length.
    await page.locator('#chat-text').fill('x'.repeat(501));
    await page.getByRole('button', {name: 'Invia', exact: true}).click();
    await refusal.filter({hasText: /501/}).waitFor();
    assert.equal(await refusal.innerText(),
                 t('errors.chat_too_long', {max: 500, length: 501}));
    assert.match(await refusal.innerText(), /al massimo 500 caratteri: questo ne ha 501/);

    await page.getByRole('button', {name: 'Inizia la partita'}).click();
    await page.locator('.play').waitFor();
    await page.locator('#plain-view').check();  // every action a button
    const random = seeded(31);
    let moves = 0;
    while (await nextToAct([page], 30000)) {
      if (await clickAnAction(page, random)) ++moves;
      assert.ok(moves < 600, 'the match should end');
    }
    assert.ok(await isOver(page));
    const stored = (await (await fetch(`${server.url}api/matches?limit=1`)).json()).matches[0];
    const {result} = stored;
    assert.match(result.key, /^games\.colpaccio\.result\.(colpaccio|shared)$/);
    // The end in the Italian catalog's words for the result's key, its winners by their names.
    const names = ['Giulia', 'Bot 2 (facile)'];
    const expected = serverText(result.key, result.params, names);
    assert.match(expected, new RegExp('(Giulia|Bot 2 \\(facile\\)).* (ha fatto il Colpaccio|' +
                                      'condividono la vittoria) con \\d+ punti Prestigio'));
    const said = page.locator('.result p').first();
    await said.waitFor();
    assert.equal(await said.innerText(), expected);
    assert.notEqual(await said.innerText(), result.message);

    // The host closes the room and gives no reason: the server's key for that (its English
    // "no reason given") makes the page say what happened, and no reason after it.
    await page.locator('#close-room').click();
    const away = page.locator('.sent-away');
    await away.waitFor();
    assert.equal(await away.innerText(), t('room.closed_by_host_no_reason'));
    assert.equal(await away.innerText(), 'Chi ospita ha chiuso questa stanza.');
  } finally {
    await browser.close();
    await server.stop();
  }
}, {timeout: 175000});
