// The language is chosen in the header, at any moment: on the name form, and in the middle of a
// match, where the whole screen is written again in the new language (the log of every step so
// far too) while the match goes on, the same match in the same room, without a reload. The
// choice is kept: a reload shows the page in it, whatever the browser's own language.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, launch, enter, startAgainstBot, playOneMove, nextToAct, seeded, step,
        logOfSteps, openRoomCard} from './harness.mjs';

test('the name form is written again in the language chosen', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const context = await browser.newContext({locale: 'en-GB'});
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByLabel('Your name').waitFor();
    // Each language by its own name, whatever the page's.
    assert.deepEqual(await page.locator('#language option').allInnerTexts(),
                     ['English', 'Italiano']);
    await page.locator('#language').selectOption('it');
    await page.getByLabel('Il tuo nome').fill('Anne Bonny');
    await page.getByRole('button', {name: 'Entra nella sala'}).click();
    await page.getByRole('heading', {name: 'Sala'}).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('a switch of language mid-match keeps the match, and the choice is kept', async () => {
  const server = await startServer();
  const browser = await launch();
  const random = seeded(5);
  try {
    const anne = await enter(browser, server.url, 'Anne Bonny');
    // The full game of 36 ships, which goes on long after the switch.
    await anne.getByLabel('Game', {exact: true}).selectOption('raft-and-scupper');
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const room = Number(anne.url().match(/#\/room\/(\d+)/)[1]);
    await startAgainstBot(anne);
    while (await step(anne) < 6) await playOneMove(await nextToAct([anne]), random);
    const roomMessages = () => anne.received.filter((m) => m.type === 'room' &&
                                                          m.room.id === room);
    const match = roomMessages().at(-1).room.match;
    const before = await step(anne);
    const english = await logOfSteps(anne, before);
    const sent = anne.sent.length;

    await anne.locator('#language').selectOption('it');
    await anne.getByRole('heading', {name: `Raft & Scupper · stanza ${room}`}).waitFor();
    assert.equal(await anne.evaluate(() => document.documentElement.lang), 'it');
    assert.match(anne.url(), new RegExp(`#/room/${room}$`));
    // The same match, where it was: its log told again from the start, now in Italian.
    await anne.waitForFunction((n) => document.querySelectorAll('.log li').length >= n, before);
    const italian = await logOfSteps(anne, await step(anne));
    assert.ok(await step(anne) >= before);
    assert.match(italian[0], /^1\. Anne Bonny ha (piazzato un Barba(gialla|nera)|scambiato)/);
    assert.notEqual(italian[0], english[0]);
    assert.match(await anne.locator('#turn').innerText(), /^(Tocca a te\.|Si attende .+\.)$/);
    await openRoomCard(anne);
    await anne.locator('.seat[data-seat="0"]', {hasText: 'Posto 1'}).waitFor();
    // Nothing was asked of the server but to rejoin the room and sync its match.
    const asked = anne.sent.slice(sent).map((m) => m.type);
    assert.ok(asked.every((type) => ['join_room', 'sync', 'get_replay', 'watch_lobby',
                                     'unwatch_lobby', 'ping'].includes(type)), asked.join());
    assert.equal(roomMessages().at(-1).room.match, match);

    // Played on in Italian to the end.
    let moves = 0;
    for (let page; (page = await nextToAct([anne]));) {
      await playOneMove(page, random);
      ++moves;
    }
    assert.ok(moves > 0, 'the match went on after the switch');
    await anne.locator('.result h2', {hasText: /(ha|hanno) vinto\./}).waitFor();
    assert.equal(roomMessages().at(-1).room.match, match);

    // A reload keeps the choice (the room, with only its bot left, has closed meanwhile);
    // English again is one choice away.
    await anne.reload();
    await anne.getByRole('heading', {name: `Stanza ${room}`}).waitFor();
    assert.equal(await anne.locator('#language').inputValue(), 'it');
    await anne.locator('#language').selectOption('en');
    await anne.getByRole('heading', {name: `Room ${room}`}).waitFor();
    await anne.reload();
    await anne.getByRole('heading', {name: `Room ${room}`}).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});
