// "Your matches", the first thing a player sees: Anne and Mary, two accounts, play two matches
// of Raft & Scupper, one by correspondence and one live, Mary in the first seat of both (she
// places the pirates first). Anne's lobby lists both as waiting for Mary, the newest first; Mary
// places her pirates by correspondence, and without a reload Anne's card of that match says it is
// her turn with the days her clock has left, and moves to the top; the tab says it too. The card
// opens the room at Anne's seat, with the match waiting for her. On a second device in Italian
// (a phone) the same cards read in Italian, and fit the screen; the live match's room is private,
// and its card, which names it by its join code, opens it too.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {join} from 'node:path';
import WebSocket from 'ws';
import {TortugaClient} from '../../sdk/js/index.js';
import {startServer, launch, watchedPage, until} from './harness.mjs';
import {layoutOf} from './layout.mjs';

const SHOTS = process.env.MY_MATCHES_SHOTS;  // a directory: the screens are photographed there
const PHONE = {width: 390, height: 844};
const DESKTOP = {width: 1200, height: 860};
const DAY_MS = 24 * 3600 * 1000;

async function account(server, name, password) {
  const client = new TortugaClient({url: `ws://127.0.0.1:${server.port}/ws`, name, WebSocket});
  await client.connect();
  await client.register(password);
  return client;
}

// A room of Mary's that Anne joins, started; resolves with the room's id, what names it in a
// list (a private room's code, since it is found by that only) and Mary's match.
async function matchOf(mary, anne, {correspondence, isPrivate = false}) {
  const {room} = await mary.createRoom({game: 'raft-and-scupper', options: {short_game: true},
                                       private: isPrivate,
                                       ...(correspondence ? {correspondence} : {})});
  await anne.joinRoom(isPrivate ? room.code : room.id);
  await until(() => mary.rooms.get(room.id)?.room.seats.every((s) => s.player),
              'Anne seated');
  await mary.start(room.id);
  await until(() => mary.rooms.get(room.id)?.room.match, 'the match begun');
  const match = mary.match(mary.rooms.get(room.id).room.match);
  await match.ready;
  return {room: room.id, name: String(isPrivate ? room.code : room.id), match};
}

// Mary plays her seat's moves, the first legal each time, until the rules wait for another.
async function moveUntilNotHers(match) {
  for (;;) {
    await match.until(() => match.myTurn || !match.toAct.includes(match.seat));
    if (!match.toAct.includes(match.seat)) return;
    await match.act(match.legal[0]);
  }
}

// A device of Anne's, logged in from the first screen: it lands in the lobby.
async function logIn(browser, url, {viewport = DESKTOP, locale = 'en-US'} = {}) {
  const page = await watchedPage(browser, `Anne (${locale})`, viewport, {locale});
  await page.goto(url);
  await page.locator('#to-login').click();
  await page.locator('#login-name').fill('Anne Bonny');
  await page.locator('#login-password').fill('a sloop called Ranger');
  await page.locator('#login-form button[type=submit]').click();
  await page.locator('#my-matches:not([hidden]) .my-match').first().waitFor();
  return page;
}

// The cards as shown, in order: their rooms and every line of each.
const cards = (page) => page.locator('#my-matches .my-match').evaluateAll((all) => all.map(
    (card) => ({room: card.dataset.room, yours: card.classList.contains('yours'),
                lines: [...card.children].map((part) => part.innerText.replace(/\s+/g, ' '))})));

async function shoot(page, name) {
  if (SHOTS) await page.screenshot({path: join(SHOTS, `${name}.png`), fullPage: true});
}

test('the lobby opens with the running matches, whose turn, and the time left; a move ' +
     'flips and reorders them live', async () => {
  const server = await startServer();
  const browser = await launch();
  const mary = await account(server, 'Mary Read', 'a sloop called Ranger');
  const anne = await account(server, 'Anne Bonny', 'a sloop called Ranger');
  try {
    const slow = await matchOf(mary, anne,
                               {correspondence: {days_per_move: 3, bank_cap_days: 0}});
    const live = await matchOf(mary, anne, {isPrivate: true});
    anne.close();  // her seats are hers, from any device

    const page = await logIn(browser, server.url);
    await page.evaluate(() => { window.notReloaded = true; });
    assert.equal(await page.locator('#my-matches h2').innerText(), 'Your matches');
    // Both wait for Mary, whose clock is not Anne's: the newest first, no time left shown.
    assert.deepEqual(await cards(page), [
      {room: live.name, yours: false, lines: ['Raft & Scupper live', 'Against Mary Read',
                                              'Waiting for Mary Read to move',
                                              `Open room ${live.name}`]},
      {room: slow.name, yours: false, lines: ['Raft & Scupper by correspondence',
                                              'Against Mary Read',
                                              'Waiting for Mary Read to move',
                                              `Open room ${slow.name}`]}]);
    assert.doesNotMatch(await page.title(), /Your turn/);
    // The rooms of the matches listed are not listed again below.
    assert.equal(await page.locator('#my-rooms .room').count(), 0);
    await shoot(page, 'my-matches-waiting-desktop-en');

    // Mary places her pirates by correspondence: the rules wait for Anne's choice of crew.
    await moveUntilNotHers(slow.match);
    await until(async () => (await cards(page))[0]?.room === slow.name, 'the card moved up');
    const [first, second] = await cards(page);
    assert.equal(first.yours, true);
    assert.deepEqual(first.lines.slice(0, 3), ['Raft & Scupper by correspondence',
                                               'Against Mary Read', 'Your turn']);
    // Three days a move, no bank: what is left of them, in days and hours.
    assert.match(first.lines[3], /^Time left for you: (2 days, 2[0-3] hours|3 days)$/);
    assert.equal(first.lines[4], `Play in room ${slow.room}`);
    assert.deepEqual(second, {room: live.name, yours: false,
                              lines: ['Raft & Scupper live', 'Against Mary Read',
                                      'Waiting for Mary Read to move', `Open room ${live.name}`]});
    assert.ok(await page.evaluate(() => window.notReloaded), 'the page was not reloaded');
    assert.match(await page.title(), /^● Your turn · /);
    assert.equal(await page.locator('link[rel="icon"]').getAttribute('href'), '/favicon-turn.svg');
    // The list came as a push, after the answer to the watch.
    const lists = page.received.filter((m) => m.type === 'my_matches');
    assert.ok(lists.length >= 2, `${lists.length} lists received`);
    const deadline = lists.at(-1).matches[0].deadline;
    assert.ok(deadline > Date.now() + 2 * DAY_MS && deadline <= Date.now() + 3 * DAY_MS,
              `a deadline three days ahead, not ${deadline - Date.now()} ms`);
    await shoot(page, 'my-matches-your-turn-desktop-en');

    // The card opens the room, at Anne's seat, where the match waits for her choice.
    await page.getByRole('link', {name: `Play in room ${slow.room}`}).click();
    await page.waitForURL(new RegExp(`#/room/${slow.room}$`));
    await page.locator('.play[data-to-act="true"]').waitFor();
    await page.locator('.seat[data-seat="1"] .badge.you').waitFor({state: 'attached'});
    const entered = page.received.filter((m) => m.type === 'room' && m.room.id === slow.room);
    assert.equal(entered.at(-1).you.seat, 1, 'Anne plays the second seat');
    assert.ok(await page.evaluate(() => window.notReloaded), 'the room opened in the page');
    assert.doesNotMatch(await page.title(), /Your turn.*Your turn/);
    // Back in the lobby, the list is there at once: the connection watched it once, and it
    // was pushed all along.
    await page.getByRole('link', {name: 'Lobby'}).click();
    await page.locator('#my-matches .my-match').first().waitFor();
    assert.equal((await cards(page))[0].room, slow.name);
    assert.equal(page.sent.filter((m) => m.type === 'watch_my_matches').length, 1);

    // A second device, in Italian, on a phone: the same cards in Italian words.
    const phone = await logIn(browser, server.url, {viewport: PHONE, locale: 'it-IT'});
    await until(async () => (await cards(phone)).length === 2, 'two cards');
    assert.equal(await phone.locator('#my-matches h2').innerText(), 'Le tue partite');
    const [mine, theirs] = await cards(phone);
    assert.equal(mine.room, slow.name);
    assert.deepEqual(mine.lines.slice(0, 3),
                     ['Raft & Scupper per corrispondenza', 'Contro Mary Read', 'Tocca a te']);
    assert.match(mine.lines[3], /^Tempo che ti resta: (2 giorni e 2[0-3] ore|3 giorni)$/);
    assert.equal(mine.lines[4], `Gioca nella stanza ${slow.room}`);
    assert.deepEqual(theirs.lines, ['Raft & Scupper dal vivo', 'Contro Mary Read',
                                    'Si attende la mossa di Mary Read',
                                    `Apri la stanza ${live.name}`]);
    await shoot(phone, 'my-matches-phone-it');
    // Nothing of the cards runs past the phone's edge, too small to tap or to read (the rest
    // of the lobby taken away, as phone_layout.test.mjs measures it).
    await phone.evaluate(() => {
      for (const part of document.querySelectorAll('main > *')) {
        if (part.id !== 'my-matches') part.remove();
      }
    });
    const layout = await layoutOf(phone);
    assert.ok(layout.pageWidth <= PHONE.width, `the page is ${layout.pageWidth} px wide`);
    assert.deepEqual(layout.small, [], 'targets smaller than a fingertip');
    assert.deepEqual(layout.tiny, [], 'text under 12 px');
    assert.deepEqual(layout.spilling, [], 'text out of its box');

    // A private room's card names it by its code, which is how it is found: the room opens at
    // its own address, at Anne's seat.
    await phone.getByRole('link', {name: `Apri la stanza ${live.name}`}).click();
    await phone.waitForURL(new RegExp(`#/room/${live.room}/${live.name}$`));
    await phone.locator('.seat[data-seat="1"] .badge.you').waitFor({state: 'attached'});
  } finally {
    mary.close();
    anne.close();
    await browser.close();
    await server.stop();
  }
}, {timeout: 120000});
