// Vacation days in the browser (docs/correspondence.md, Vacation): Anne Bonny, an account, makes
// a room played by correspondence (the game's own turn clock put aside in the form as she
// chooses it) where Mary Read joins her and the match starts with Anne to move. On her account
// page she reads her days (14 of 14), is told before she takes two what they will do, takes them,
// and sees the days left drop to 12 and the vacation's end; back in the room her seat's clock
// stands still until then, for her and for Mary. A guest is told that vacation days come with an
// account, and is offered no form. The account page is checked by axe on a wide screen and a
// phone, in English and Italian; VACATION_SHOTS (a directory) keeps a photograph of each.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {startServer, launch, enter, signUp} from './harness.mjs';
import {check} from './axe.mjs';

const GAME = 'raft-and-scupper';
const SHOTS = process.env.VACATION_SHOTS;
const PHONE = {width: 390, height: 844};

// axe-core on the page as it is, on a wide screen and on a phone, each photographed.
async function checkBothSizes(page, where, shot) {
  const wide = page.viewportSize();
  await check(page, where);
  if (SHOTS) await page.screenshot({path: join(SHOTS, `${shot}.png`), fullPage: true});
  await page.setViewportSize(PHONE);
  await check(page, `${where}, on a phone`);
  if (SHOTS) await page.screenshot({path: join(SHOTS, `${shot}-phone.png`), fullPage: true});
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `${where}: ${overflow}px wider than a phone`);
  await page.setViewportSize(wide);
}

// A moment as the page writes dates (i18n.js dateTime), in the page's language.
const pageDate = (page, ms) => page.evaluate((at) => new Intl.DateTimeFormat(
    document.documentElement.lang, {dateStyle: 'medium', timeStyle: 'short'}).format(new Date(at)),
                                             ms);

test('an account takes vacation days in the page, and its correspondence clock stands still', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const anne = await signUp(browser, server.url, 'Anne Bonny', 'a parrot named Flint');
    const mary = await signUp(browser, server.url, 'Mary Read', 'barbary coast 1720');

    // The days, read before any is taken.
    const status = anne.locator('#vacation-status');
    await status.filter({hasText: '14 days of vacation left this year, of 14.'}).waitFor();
    assert.equal(await anne.locator('#vacation-status .on-vacation').count(), 0);
    const read = anne.sent.filter((m) => m.type === 'get_vacation');
    assert.equal(read.length, 1);
    assert.equal(anne.sent.filter((m) => m.type === 'take_vacation').length, 0);

    // A room by correspondence: the turn clock at sea is the game's live clock, put aside.
    await anne.goto(server.url);
    await anne.getByLabel('Game', {exact: true}).selectOption(GAME);
    await anne.getByLabel('Short game (16 ships)').check();
    const turnClock = anne.getByLabel('Turn clock at sea, in seconds');
    assert.ok(await turnClock.isVisible());
    await anne.getByLabel('By correspondence: a move every few days').check();
    await turnClock.waitFor({state: 'hidden'});
    // Another game chosen meanwhile keeps it aside; live again, it is back.
    await anne.getByLabel('Game', {exact: true}).selectOption('scalawag');
    await anne.getByLabel('Game', {exact: true}).selectOption(GAME);
    await anne.getByLabel('Short game (16 ships)').check();
    assert.equal(await turnClock.isVisible(), false);
    await anne.getByLabel('Live: everyone at the table, on the game\'s own clock').check();
    await turnClock.waitFor();
    await anne.getByLabel('By correspondence: a move every few days').check();
    await turnClock.waitFor({state: 'hidden'});
    await anne.getByRole('button', {name: 'Create room'}).click();
    await anne.waitForURL(/#\/room\/\d+$/);
    const room = Number(anne.url().match(/#\/room\/(\d+)/)[1]);
    const created = anne.sent.find((m) => m.type === 'create_room');
    assert.equal(created.options.turn_clock_s, undefined);
    assert.ok(created.correspondence);
    await mary.goto(server.url);
    await mary.locator(`.room[data-room="${room}"]`)
        .getByRole('button', {name: `Join room ${room}`}).click();
    await mary.waitForURL(new RegExp(`#/room/${room}$`));
    await anne.locator('.seat[data-seat="1"]', {hasText: 'Mary Read'}).waitFor();
    await anne.locator('#start:not([disabled])').click();
    await anne.locator('.play').waitFor();
    await mary.locator('.play').waitFor();
    await anne.locator('.waited-seat[data-seat="0"]', {hasText: 'Anne Bonny'}).waitFor();
    assert.equal(await anne.locator('.corr-clock.still').count(), 0);

    // Two days taken on the account page, told first what they will do.
    await anne.locator('#account-link').click();
    await status.filter({hasText: '14 days of vacation left this year, of 14.'}).waitFor();
    await anne.getByLabel('Days to take').fill('2');
    await anne.locator('#vacation-what', {hasText: 'Every correspondence clock of yours will ' +
                                          'stand still from now until'}).waitFor();
    assert.match(await anne.locator('#vacation-what').innerText(),
                 /Days taken cannot be given back\.$/);
    await checkBothSizes(anne, 'the account\'s vacation, two days about to be taken',
                         'vacation-before');
    await anne.getByRole('button', {name: 'Take vacation'}).click();
    await anne.locator('#vacation-said', {hasText: '2 days of vacation taken'}).waitFor();
    const taken = anne.received.find((m) => m.type === 'vacation' && m.until_ms !== null);
    assert.deepEqual(anne.sent.filter((m) => m.type === 'take_vacation').map((m) => m.days), [2]);
    assert.equal(taken.days_left, 12);
    assert.equal(taken.until_ms - taken.from_ms, 2 * 24 * 3600 * 1000);
    const until = await pageDate(anne, taken.until_ms);
    await status.filter({hasText: `On vacation until ${until}.`}).waitFor();
    await status.filter({hasText: '12 days of vacation left this year, of 14.'}).waitFor();
    assert.equal(await status.getAttribute('data-state'), 'away');
    assert.equal(await anne.getByLabel('Days to take').getAttribute('max'), '12');
    await checkBothSizes(anne, 'the account on vacation', 'vacation-taken');

    // Read again on coming back: the same, nothing more taken.
    await anne.goto(`${server.url}#/`);
    await anne.getByRole('heading', {name: 'Lobby'}).waitFor();
    await anne.locator('#account-link').click();
    await status.filter({hasText: `On vacation until ${until}.`}).waitFor();
    await status.filter({hasText: '12 days of vacation left this year'}).waitFor();
    assert.equal(anne.sent.filter((m) => m.type === 'take_vacation').length, 1);

    // In Italian, the same page.
    await anne.locator('#language').selectOption('it');
    await anne.getByRole('heading', {name: 'Vacanza'}).waitFor();
    const fino = await pageDate(anne, taken.until_ms);
    await status.filter({hasText: `In vacanza fino al giorno ${fino}.`}).waitFor();
    await status.filter({hasText: 'Quest\'anno ti restano 12 giorni di vacanza su 14.'}).waitFor();
    await anne.getByLabel('Giorni da prendere').fill('3');
    await anne.locator('#vacation-what',
                       {hasText: 'La tua vacanza durerà 3 giorni in più'}).waitFor();
    await checkBothSizes(anne, 'the account on vacation, in Italian', 'vacation-it');
    await anne.locator('#language').selectOption('en');
    await anne.getByRole('heading', {name: 'Vacation'}).waitFor();

    // In the room, Anne's clock stands still until her vacation ends: on her page and on Mary's,
    // to which the room was pushed.
    const still = `on vacation: the clock stands still until ${until}, then`;
    await mary.locator('.waited-seat[data-seat="0"] .corr-clock.still', {hasText: still})
        .waitFor();
    const pushed = mary.received.filter((m) => m.type === 'room' && m.room.id === room).at(-1);
    assert.equal(pushed.room.seats[0].clock.still_until_ms, taken.until_ms);
    assert.equal(pushed.room.seats[1].clock.still_until_ms, undefined);
    await anne.goto(`${server.url}#/room/${room}`);
    await anne.locator('.waited-seat[data-seat="0"] .corr-clock.still', {hasText: still})
        .waitFor();
    await anne.locator('.play .slow-clocks .countdown[data-seat="0"] .corr-clock.still').waitFor();
    // A clock standing still does not count down.
    assert.equal(await anne.locator('.corr-clock.still[data-due]').count(), 0);
    await checkBothSizes(anne, 'a room by correspondence, its player on vacation',
                         'vacation-room');

    // A guest is told what vacation days are, and that an account has them.
    const guest = await enter(browser, server.url, 'Jack Rackham');
    await guest.locator('#account-link').click();
    await guest.locator('#vacation-accounts-only',
                        {hasText: 'Vacation days come with an account'}).waitFor();
    assert.equal(await guest.locator('#vacation-form').count(), 0);
    assert.equal(guest.sent.filter((m) => m.type === 'get_vacation').length, 0);
    await checkBothSizes(guest, 'a guest\'s account page', 'vacation-guest');
  } finally {
    await browser.close();
    await server.stop();
  }
});
